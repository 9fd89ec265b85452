import { lazy, Suspense, useRef, useState } from "react";
import { Bell } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

// The list, its paging and its dialog load when the bell is first pressed (or pointed at): the
// header carries only this button.
const loadPanel = () => import("./notifications-panel");
const NotificationsPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationsPanel })));

/** The header's bell: the unread count on it, the list of notifications behind it. */
export function NotificationBell({ unread }: { unread: number }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();
  const label =
    unread > 0
      ? t({ message: plural(unread, { one: "Notifications, # unread", other: "Notifications, # unread" }) })
      : t`Notifications`;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel().catch(() => undefined)}
        onFocus={() => void loadPanel().catch(() => undefined)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={`relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-paper-deep hover:text-ink ${open ? "bg-paper-deep text-ink" : ""}`}
      >
        <Bell className="h-5 w-5" aria-hidden strokeWidth={unread > 0 ? 2.2 : 1.8} />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute end-0.5 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-paper bg-accent px-1 text-[0.6875rem] font-bold leading-none text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <NotificationsPanel open={open} onOpenChange={setOpen} returnFocus={() => button.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
