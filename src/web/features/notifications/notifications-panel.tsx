import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Link } from "wouter";
import { Bell, CheckCheck, CircleCheck, CircleX, ShieldAlert, X, type LucideIcon } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../components/avatar";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { closeOnEscape } from "../../components/ui/close-on-escape";
import { toast } from "../../components/ui/use-toast";
import { useAuth } from "../../lib/auth";
import { markAllRead, markRead, useNotifications, type Notification } from "./api";
import { RelativeTime } from "../../components/relative-time";

/** Notifications about the site rather than a person: a sign instead of an avatar. */
const KIND_ICONS: Partial<Record<Notification["kind"], { icon: LucideIcon; tone: string }>> = {
  approved: { icon: CircleCheck, tone: "bg-emerald-100 text-emerald-800" },
  rejected: { icon: CircleX, tone: "bg-accent-soft text-accent-strong" },
  moderation: { icon: ShieldAlert, tone: "bg-accent-soft text-accent-strong" },
};

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const reason = notification.reason;
  const sign = notification.actor
    ? null
    : (KIND_ICONS[notification.kind] ?? { icon: Bell, tone: "bg-paper-deep text-ink-soft" });
  return (
    <li>
      <Link
        href={notification.href}
        onClick={() => {
          if (!notification.read) void markRead(notification.id).catch(() => undefined);
          onOpen();
        }}
        className={`flex min-h-11 items-start gap-3 rounded-2xl px-3 py-3 transition-colors hover:bg-paper-deep ${notification.read ? "" : "bg-accent-soft/55"}`}
      >
        {sign ? (
          <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${sign.tone}`} aria-hidden>
            <sign.icon className="h-5 w-5" />
          </span>
        ) : (
          <Avatar src={notification.actor?.profileImageUrl} size={40} />
        )}
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span
            className={`break-words text-sm leading-snug ${notification.read ? "text-ink-soft" : "font-semibold text-ink"}`}
          >
            {!notification.read && (
              <span className="sr-only">
                <Trans>Unread:</Trans>{" "}
              </span>
            )}
            {notification.text}
          </span>
          {/* A moderation decision's reason comes apart from its sentence (a rejection's is in it). */}
          {notification.kind === "moderation" && reason && (
            <span className="break-words text-sm text-ink">
              <Trans>Reason: {reason}</Trans>
            </span>
          )}
          <RelativeTime iso={notification.createdAt} className="text-xs text-ink-soft" />
        </span>
        {!notification.read && <span className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-accent" aria-hidden />}
      </Link>
    </li>
  );
}

/** The bell's list: newest first, 20 at a time, each opening where it happened and reading it. */
export function NotificationsPanel({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => void;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/25" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onKeyDown={closeOnEscape(() => onOpenChange(false))}
          // The bell is not a Radix trigger (it lives outside this lazily loaded part): focus goes back to it by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed inset-x-2 top-[4.25rem] z-50 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-paper shadow-xl sm:start-auto sm:end-[max(1rem,calc((100vw-72rem)/2+1rem))] sm:w-[26rem] sm:max-h-[min(38rem,calc(100dvh-6rem))]"
        >
          {/* Mounted only while open: the list is fetched afresh each time. */}
          {open && <PanelBody close={() => onOpenChange(false)} />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function PanelBody({ close }: { close: () => void }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const list = useNotifications();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = user?.unreadNotifications ?? 0;
  const readAll = () =>
    void markAllRead().catch(() =>
      toast({
        title: t`Error`,
        description: t`Could not mark your notifications read. Please try again.`,
        variant: "destructive",
      }),
    );
  return (
    <>
      {/* "Mark all read" moves under the title when both do not fit on a line (German's are long);
          the close button keeps its corner. */}
      <div className="relative flex flex-wrap items-center gap-x-1 border-b border-line bg-white py-2 ps-4 pe-14 sm:ps-5">
        <DialogPrimitive.Title className="flex min-h-11 flex-1 items-center break-words font-display text-lg font-bold text-ink sm:text-xl">
          <Trans>Notifications</Trans>
        </DialogPrimitive.Title>
        {unread > 0 && (
          <button
            type="button"
            onClick={readAll}
            className="-ms-3 inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-start text-sm font-semibold text-accent-strong hover:bg-accent-soft"
          >
            <CheckCheck className="h-4 w-4" aria-hidden /> <Trans>Mark all read</Trans>
          </button>
        )}
        <DialogPrimitive.Close
          aria-label={t`Close`}
          className="absolute end-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-soft hover:bg-paper-deep hover:text-ink"
        >
          <X className="h-5 w-5" aria-hidden />
        </DialogPrimitive.Close>
      </div>
      <div className="overflow-y-auto overscroll-contain p-2">
        {list.isPending ? (
          <Spinner label={t`Loading notifications`} />
        ) : list.isError ? (
          <div role="alert" className="grid gap-3 p-6 text-center text-sm text-ink-soft">
            <p>
              <Trans>Your notifications could not be loaded.</Trans>
            </p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="grid justify-items-center gap-3 px-6 py-10 text-center">
            <span
              className="flex h-14 w-14 items-center justify-center rounded-full bg-accent-soft text-accent"
              aria-hidden
            >
              <Bell className="h-7 w-7" />
            </span>
            <p className="font-display text-lg font-bold text-ink">
              <Trans>No notifications yet</Trans>
            </p>
            <p className="text-sm text-ink-soft">
              <Trans>Likes, comments and news about your drawings will show up here.</Trans>
            </p>
          </div>
        ) : (
          <>
            <ul className="grid gap-1" aria-label={t`Your notifications`}>
              {items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onOpen={close} />
              ))}
            </ul>
            {list.hasNextPage && (
              <Button
                variant="secondary"
                className="mt-2 w-full"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load more</Trans>}
              </Button>
            )}
          </>
        )}
      </div>
    </>
  );
}
