import { lazy, Suspense, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { blockPerson, moderate, refreshFeed } from "./api";
import type { ReportTarget } from "./report-dialog";
import type { FeedModeration } from "./moderate-dialog";

// The report form and the admins' reason form load the first time someone opens them.
const ReportDialog = lazy(() => import("./report-dialog").then((m) => ({ default: m.ReportDialog })));
const ModerateDialog = lazy(() => import("./moderate-dialog").then((m) => ({ default: m.ModerateDialog })));

/** What a post card offers on others' posts and comments: Report and Block, and admins' Hide, Reject and Restore. */
export interface Safety {
  report: (target: ReportTarget) => void;
  block: (person: { userId: string; name: string }) => void;
  moderate: (request: FeedModeration) => void;
  restore: (
    request: { action: "restore-post"; postId: string } | { action: "restore-comment"; commentId: string },
  ) => void;
}

/** The dialogs behind a card's ⋯ menu, and the functions that open them. */
export function useSafety(): { safety: Safety; dialogs: React.ReactNode } {
  const { t } = useLingui();
  const [report, setReport] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<{ userId: string; name: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [moderation, setModeration] = useState<FeedModeration | null>(null);
  // The ⋯ button that opened a dialog has focus when it opens (more-menu.tsx); these dialogs are
  // unmounted as they close, so focus is put back on it here, not left on the page's body.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const opening =
    <T,>(set: (value: T | null) => void) =>
    (value: T) => {
      setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
      set(value);
    };
  const closing = (set: (value: null) => void) => () => {
    set(null);
    requestAnimationFrame(() => opener?.focus());
  };

  const restore: Safety["restore"] = async (request) => {
    try {
      await moderate(request);
      toast({
        title: t`Success`,
        description: request.action === "restore-post" ? t`Post restored.` : t`Comment restored.`,
      });
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else
        toast({
          title: t`Error`,
          description: serverMessage(error) ?? t`The action could not be done.`,
          variant: "destructive",
        });
    }
  };

  const confirmBlock = async () => {
    if (!blocking) return;
    setPending(true);
    try {
      await blockPerson(blocking.userId);
      const { name } = blocking;
      toast({ title: t`Blocked`, description: t`You have blocked ${name}.` });
      setBlocking(null);
      await refreshFeed();
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else
        toast({
          title: t`Error`,
          description: serverMessage(error) ?? t`Could not block. Please try again.`,
          variant: "destructive",
        });
    } finally {
      setPending(false);
    }
  };

  const blockedName = blocking?.name ?? "";
  const dialogs = (
    <>
      {report && (
        <Suspense fallback={null}>
          <ReportDialog target={report} onClose={closing(setReport)} />
        </Suspense>
      )}
      {moderation && (
        <Suspense fallback={null}>
          <ModerateDialog request={moderation} onClose={closing(setModeration)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={blocking !== null}
        onOpenChange={(open) => !open && setBlocking(null)}
        title={t`Block ${blockedName}?`}
        description={t`You won't see each other's posts, comments or likes, and neither of you can comment on the other's posts. They won't be told.`}
        action={t`Block`}
        pendingAction={t`Blocking...`}
        pending={pending}
        onConfirm={() => void confirmBlock()}
      />
    </>
  );
  return {
    safety: {
      report: opening(setReport),
      block: setBlocking,
      moderate: opening(setModeration),
      restore: (r) => void restore(r),
    },
    dialogs,
  };
}
