import { useEffect, useRef, useState } from "react";
import { ChevronLeft, ChevronRight, Inbox } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { MODERATION_PAGE_SIZE, type QueueTab } from "../../../shared/moderation";
import { isDirect, type ActionRequest } from "./actions";
import { ActionDialog, performAction } from "./action-dialog";
import { useQueue } from "./api";
import { QueueItemCard } from "./queue-item";

/** True when a key press belongs to something being typed (shortcuts stay quiet then). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector, not words
  return target.isContentEditable || target.closest("input, textarea, select, [contenteditable='true']") !== null;
}

const kbdClass =
  "rounded-md border border-line bg-white px-1.5 py-0.5 font-mono text-xs font-semibold text-ink shadow-[0_1px_0_var(--color-line)]";

const EMPTY: Record<QueueTab, { title: MessageDescriptor; text: MessageDescriptor }> = {
  pending: { title: msg`Nothing is waiting`, text: msg`Every drawing has been looked at. New ones appear here.` },
  reported: { title: msg`No open reports`, text: msg`When members report a post or a comment, it appears here.` },
};

/**
 * A tab of the queue. j and k move the selection, a approves, r rejects and h hides the selected
 * thing (the last two through the reason dialog); never while typing, nor while a dialog is open.
 */
export function Queue({ tab }: { tab: QueueTab }) {
  const { t, i18n } = useLingui();
  const [offset, setOffset] = useState(0);
  const queue = useQueue(tab, offset, true);
  const items = queue.data?.items ?? [];
  const total = queue.data?.total ?? 0;
  const [selected, setSelected] = useState(0);
  const [request, setRequest] = useState<ActionRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const cards = useRef<(HTMLElement | null)[]>([]);
  const index = Math.min(selected, Math.max(items.length - 1, 0));

  // A page emptied by the actions taken on it goes back to the one before.
  if (queue.data && !queue.isPlaceholderData && items.length === 0 && offset > 0)
    setOffset(Math.max(0, offset - MODERATION_PAGE_SIZE));

  const run = async (next: ActionRequest) => {
    if (!isDirect(next.action)) {
      setRequest(next);
      return;
    }
    setBusy(true);
    const failure = await performAction(i18n, next);
    setBusy(false);
    if (failure) toast({ title: t`Error`, description: failure, variant: "destructive" });
  };

  const focusCard = (at: number) => {
    setSelected(at);
    const card = cards.current[at];
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (request || busy || document.querySelector("[role=dialog]")) return;
      const item = items[index];
      const key = event.key;
      if (key === "j" || key === "k") {
        if (!items.length) return;
        event.preventDefault();
        focusCard(key === "j" ? Math.min(index + 1, items.length - 1) : Math.max(index - 1, 0));
        return;
      }
      if (!item || !["a", "r", "h"].includes(key)) return;
      event.preventDefault();
      if (item.type === "comment") {
        if (key === "h" && item.comment.hiddenReason === null)
          void run({ action: "hide-comment", commentId: item.comment.id, subject: "comment" });
        return;
      }
      const subject = "post";
      if (key === "a" && !item.post.approved) void run({ action: "approve", postId: item.post.id, subject });
      else if (key === "r" && !item.post.approved) void run({ action: "reject", postId: item.post.id, subject });
      else if (key === "h" && item.post.hiddenReason === null)
        void run({ action: "hide-post", postId: item.post.id, subject });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // After a dialog, focus goes back to the selected card so the keys keep working.
  const closeDialog = () => {
    setRequest(null);
    requestAnimationFrame(() => cards.current[index]?.focus({ preventScroll: true }));
  };

  if (queue.isPending) {
    return (
      <p role="status" className="py-10 text-center text-ink-soft">
        <Trans>Loading the queue...</Trans>
      </p>
    );
  }
  if (queue.isError) {
    return (
      <Card role="alert" className="p-6 text-center text-ink-soft">
        <Trans>The queue could not be loaded. Please check your connection and try again.</Trans>
        <div className="mt-4">
          <Button variant="secondary" onClick={() => void queue.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </Card>
    );
  }

  const from = i18n.number(offset + 1);
  const to = i18n.number(Math.min(offset + items.length, total));
  const all = i18n.number(total);
  return (
    <div className="grid gap-4">
      {/* For keyboards: not shown on phones; approve and reject only where posts wait for approval. */}
      <p
        className="hidden flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-dashed border-line bg-paper px-4 py-2.5 text-sm text-ink-soft sm:flex"
        id={`shortcuts-${tab}`}
      >
        <span className="font-semibold text-ink">
          <Trans>Keyboard:</Trans>
        </span>
        <span>
          <Trans>
            <kbd className={kbdClass}>j</kbd> / <kbd className={kbdClass}>k</kbd> next / previous
          </Trans>
        </span>
        {tab === "pending" && (
          <span>
            <Trans>
              <kbd className={kbdClass}>a</kbd> approve
            </Trans>
          </span>
        )}
        {tab === "pending" && (
          <span>
            <Trans>
              <kbd className={kbdClass}>r</kbd> reject
            </Trans>
          </span>
        )}
        <span>
          <Trans>
            <kbd className={kbdClass}>h</kbd> hide
          </Trans>
        </span>
      </p>
      {items.length === 0 ? (
        <Card className="border-dashed p-10 text-center">
          <Inbox className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <h2 className="mt-3 text-2xl font-bold">{i18n._(EMPTY[tab].title)}</h2>
          <p className="mt-1 text-ink-soft">{i18n._(EMPTY[tab].text)}</p>
        </Card>
      ) : (
        <div className="grid gap-4" aria-describedby={`shortcuts-${tab}`}>
          {items.map((item, at) => (
            <QueueItemCard
              key={item.type === "post" ? item.post.id : item.comment.id}
              ref={(element) => {
                cards.current[at] = element;
              }}
              item={item}
              selected={at === index}
              onSelect={() => setSelected(at)}
              onRequest={(next) => void run(next)}
              busy={busy}
            />
          ))}
        </div>
      )}
      {total > MODERATION_PAGE_SIZE && (
        <nav aria-label={t`Queue pages`} className="flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            onClick={() => setOffset(Math.max(0, offset - MODERATION_PAGE_SIZE))}
            disabled={offset === 0}
          >
            <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> <Trans>Previous</Trans>
          </Button>
          <span className="text-sm text-ink-soft">
            <Trans>
              {from}–{to} of {all}
            </Trans>
          </span>
          <Button
            variant="secondary"
            onClick={() => setOffset(offset + MODERATION_PAGE_SIZE)}
            disabled={offset + MODERATION_PAGE_SIZE >= total}
          >
            <Trans>Next</Trans> <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          </Button>
        </nav>
      )}
      <ActionDialog request={request} onClose={closeDialog} />
    </div>
  );
}
