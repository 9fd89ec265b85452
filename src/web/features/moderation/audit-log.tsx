import { Link } from "wouter";
import { ScrollText } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { LOG_VERBS } from "./actions";
import { useModerationLog, type LogEntry } from "./api";
import { formatWhen } from "./queue-item";

function Entry({ entry }: { entry: LogEntry }) {
  const verb = LOG_VERBS[entry.action] ?? entry.action.replace(/-/g, " ");
  const link = entry.postId
    ? `/feed?post=${entry.postId}${entry.commentId ? `&comment=${entry.commentId}` : ""}`
    : null;
  return (
    <li className="grid gap-1 border-b border-line px-1 py-3 last:border-b-0 sm:grid-cols-[11rem_1fr_auto] sm:items-start sm:gap-4">
      <time dateTime={entry.createdAt} className="text-sm text-ink-soft">
        {formatWhen(entry.createdAt)}
      </time>
      <div className="min-w-0">
        <p className="break-words">
          <span className="font-semibold">{entry.actor.name}</span> {verb}
          {entry.target && <span className="font-semibold"> {entry.target.name}</span>}
          {entry.detail && <span className="text-ink-soft"> ({entry.detail})</span>}
        </p>
        {entry.reason && (
          <p className="mt-0.5 whitespace-pre-line break-words text-sm text-ink-soft">Reason: {entry.reason}</p>
        )}
      </div>
      {link && (
        <Link
          href={link}
          className="inline-flex min-h-11 w-fit items-center rounded-full px-3 text-sm font-semibold text-accent-strong underline-offset-2 hover:bg-paper-deep hover:underline sm:-my-2"
        >
          {entry.commentId ? "View comment" : "View post"}
        </Link>
      )}
    </li>
  );
}

/** Who did what to whom, when and why: newest first, older entries on request. */
export function AuditLog() {
  const log = useModerationLog(true);
  const entries = log.data?.pages.flat() ?? [];
  if (log.isPending) {
    return (
      <p role="status" className="py-10 text-center text-ink-soft">
        Loading the audit log...
      </p>
    );
  }
  if (log.isError) {
    return (
      <Card role="alert" className="p-6 text-center text-ink-soft">
        The audit log could not be loaded. Please check your connection and try again.
      </Card>
    );
  }
  if (entries.length === 0) {
    return (
      <Card className="border-dashed p-10 text-center">
        <ScrollText className="mx-auto h-10 w-10 text-accent" aria-hidden />
        <h2 className="mt-3 text-2xl font-bold">Nothing logged yet</h2>
        <p className="mt-1 text-ink-soft">Every moderation action is recorded here, with its reason.</p>
      </Card>
    );
  }
  return (
    <Card className="p-4 sm:p-6">
      <ol aria-label="Audit log entries">
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
          {log.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      )}
    </Card>
  );
}
