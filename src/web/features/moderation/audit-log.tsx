import type { ReactNode } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { ScrollText } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useModerationLog, type LogEntry } from "./api";
import { formatWhen } from "./queue-item";

const Name = ({ children }: { children: ReactNode }) => <span className="font-semibold">{children}</span>;

/**
 * Who did what to whom, as one sentence per action (so each language can order it): the names in
 * bold. An action this page does not know is named by its code.
 */
function Sentence({ action, actor, target }: { action: string; actor: string; target: string }) {
  switch (action) {
    case "approve":
      return (
        <Trans>
          <Name>{actor}</Name> approved a post by <Name>{target}</Name>
        </Trans>
      );
    case "reject":
      return (
        <Trans>
          <Name>{actor}</Name> rejected a post by <Name>{target}</Name>
        </Trans>
      );
    case "hide-post":
      return (
        <Trans>
          <Name>{actor}</Name> hid a post by <Name>{target}</Name>
        </Trans>
      );
    case "restore-post":
      return (
        <Trans>
          <Name>{actor}</Name> restored a post by <Name>{target}</Name>
        </Trans>
      );
    case "delete-post":
      return (
        <Trans>
          <Name>{actor}</Name> deleted a post by <Name>{target}</Name>
        </Trans>
      );
    case "dismiss-post":
      return (
        <Trans>
          <Name>{actor}</Name> dismissed reports on a post by <Name>{target}</Name>
        </Trans>
      );
    case "hide-comment":
      return (
        <Trans>
          <Name>{actor}</Name> hid a comment by <Name>{target}</Name>
        </Trans>
      );
    case "restore-comment":
      return (
        <Trans>
          <Name>{actor}</Name> restored a comment by <Name>{target}</Name>
        </Trans>
      );
    case "delete-comment":
      return (
        <Trans>
          <Name>{actor}</Name> deleted a comment by <Name>{target}</Name>
        </Trans>
      );
    case "dismiss-comment":
      return (
        <Trans>
          <Name>{actor}</Name> dismissed reports on a comment by <Name>{target}</Name>
        </Trans>
      );
    case "warn":
      return (
        <Trans>
          <Name>{actor}</Name> warned <Name>{target}</Name>
        </Trans>
      );
    case "suspend":
      return (
        <Trans>
          <Name>{actor}</Name> suspended <Name>{target}</Name>
        </Trans>
      );
    case "ban":
      return (
        <Trans>
          <Name>{actor}</Name> banned <Name>{target}</Name>
        </Trans>
      );
    case "lift":
      return (
        <Trans>
          <Name>{actor}</Name> lifted the sanction on <Name>{target}</Name>
        </Trans>
      );
    case "grant-admin":
      return (
        <Trans>
          <Name>{actor}</Name> gave admin access to <Name>{target}</Name>
        </Trans>
      );
    case "remove-admin":
      return (
        <Trans>
          <Name>{actor}</Name> removed admin access from <Name>{target}</Name>
        </Trans>
      );
    case "grant-pro":
      return (
        <Trans>
          <Name>{actor}</Name> gave Pro to <Name>{target}</Name>
        </Trans>
      );
    case "remove-pro":
      return (
        <Trans>
          <Name>{actor}</Name> removed Pro from <Name>{target}</Name>
        </Trans>
      );
    default: {
      const verb = action.replace(/-/g, " ");
      return (
        <Trans>
          <Name>{actor}</Name> {verb} <Name>{target}</Name>
        </Trans>
      );
    }
  }
}

function Entry({ entry }: { entry: LogEntry }) {
  const { i18n } = useLingui();
  const reason = entry.reason;
  const link = entry.postId
    ? `/feed?post=${entry.postId}${entry.commentId ? `&comment=${entry.commentId}` : ""}`
    : null;
  return (
    <li className="grid gap-1 border-b border-line px-1 py-3 last:border-b-0 sm:grid-cols-[11rem_1fr_auto] sm:items-start sm:gap-4">
      <time dateTime={entry.createdAt} className="text-sm text-ink-soft">
        {formatWhen(i18n, entry.createdAt)}
      </time>
      <div className="min-w-0">
        <p className="break-words">
          <Sentence action={entry.action} actor={entry.actor.name} target={entry.target?.name ?? ""} />
          {entry.detail && <span className="text-ink-soft"> ({entry.detail})</span>}
        </p>
        {entry.reason && (
          <p className="mt-0.5 whitespace-pre-line break-words text-sm text-ink-soft">
            <Trans>Reason: {reason}</Trans>
          </p>
        )}
      </div>
      {link && (
        <Link
          href={link}
          className="inline-flex min-h-11 w-fit items-center rounded-full px-3 text-sm font-semibold text-accent-strong underline-offset-2 hover:bg-paper-deep hover:underline sm:-my-2"
        >
          {entry.commentId ? <Trans>View comment</Trans> : <Trans>View post</Trans>}
        </Link>
      )}
    </li>
  );
}

/** Who did what to whom, when and why: newest first, older entries on request. */
export function AuditLog() {
  const { t } = useLingui();
  const log = useModerationLog(true);
  const entries = log.data?.pages.flat() ?? [];
  if (log.isPending) {
    return (
      <p role="status" className="py-10 text-center text-ink-soft">
        <Trans>Loading the audit log...</Trans>
      </p>
    );
  }
  if (log.isError) {
    return (
      <Card role="alert" className="p-6 text-center text-ink-soft">
        <Trans>The audit log could not be loaded. Please check your connection and try again.</Trans>
      </Card>
    );
  }
  if (entries.length === 0) {
    return (
      <Card className="border-dashed p-10 text-center">
        <ScrollText className="mx-auto h-10 w-10 text-accent" aria-hidden />
        <h2 className="mt-3 text-2xl font-bold">
          <Trans>Nothing logged yet</Trans>
        </h2>
        <p className="mt-1 text-ink-soft">
          <Trans>Every moderation action is recorded here, with its reason.</Trans>
        </p>
      </Card>
    );
  }
  return (
    <Card className="p-4 sm:p-6">
      <ol aria-label={t`Audit log entries`}>
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
      {log.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4 w-full"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load more</Trans>}
        </Button>
      )}
    </Card>
  );
}
