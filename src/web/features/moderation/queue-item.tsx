import { forwardRef } from "react";
import { Link } from "wouter";
import {
  Ban,
  Check,
  EyeOff,
  Eye,
  MessageSquare,
  ShieldOff,
  Timer,
  Trash2,
  TriangleAlert,
  X,
  XCircle,
} from "lucide-react";
import { Avatar } from "../../components/avatar";
import { REPORT_REASON_LABELS } from "../../../shared/moderation";
import type { ActionRequest } from "./actions";
import type { QueueItem } from "./api";

type Person = QueueItem["author"];

export const personName = (person: Pick<Person, "firstName" | "lastName" | "email">) =>
  [person.firstName, person.lastName].filter(Boolean).join(" ").trim() || person.email;

export const formatWhen = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

const actionButton =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";
const tones = {
  primary: "bg-accent text-white shadow-sm hover:bg-accent-strong",
  plain: "border border-line bg-white text-ink hover:bg-paper-deep",
  danger: "border border-danger/40 bg-white text-danger hover:bg-red-50",
};

function ActionButton({
  tone = "plain",
  icon: Icon,
  label,
  shortcut,
  onClick,
  disabled,
}: {
  tone?: keyof typeof tones;
  icon: typeof Check;
  label: string;
  shortcut?: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={`${actionButton} ${tones[tone]}`}
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={shortcut}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {label}
      {shortcut && (
        <kbd
          className={`ml-0.5 hidden rounded border px-1 font-mono text-[0.7rem] leading-4 sm:inline ${tone === "primary" ? "border-white/50" : "border-line text-ink-soft"}`}
          aria-hidden
        >
          {shortcut}
        </kbd>
      )}
    </button>
  );
}

function Badge({ tone, children }: { tone: "amber" | "red" | "grey" | "green"; children: React.ReactNode }) {
  const colours = {
    amber: "bg-accent-soft text-accent-strong",
    red: "bg-red-100 text-red-900",
    grey: "bg-paper-deep text-ink-soft",
    green: "bg-emerald-100 text-emerald-900",
  };
  return (
    <span className={`inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${colours[tone]}`}>
      {children}
    </span>
  );
}

function Reports({ reports }: { reports: NonNullable<QueueItem["reports"]> }) {
  return (
    <div className="rounded-2xl border border-amber-200 bg-amber-50/70 p-3.5">
      <p className="flex items-center gap-2 text-sm font-bold text-ink">
        <TriangleAlert className="h-4 w-4 text-accent-strong" aria-hidden />
        {reports.count === 1 ? "1 report" : `${reports.count} reports`}
        <span className="font-normal text-ink-soft">· latest {formatWhen(reports.latestAt)}</span>
      </p>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Reasons">
        {reports.reasons.map((r) => (
          <li
            key={r.reason}
            className="rounded-full border border-amber-300 bg-white px-2.5 py-0.5 text-xs font-semibold text-ink"
          >
            {REPORT_REASON_LABELS[r.reason]} × {r.count}
          </li>
        ))}
      </ul>
      {reports.notes.length > 0 && (
        <ul className="mt-2.5 grid gap-1.5" aria-label="Reporters' notes">
          {reports.notes.map((note, index) => (
            <li
              key={index}
              className="whitespace-pre-line break-words border-l-2 border-amber-300 pl-2.5 text-sm italic text-ink"
            >
              “{note}”
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AuthorLine({ author, onRequest }: { author: Person; onRequest: (request: ActionRequest) => void }) {
  const name = personName(author);
  const sanctioned = author.banned || (author.suspendedUntil !== null && new Date(author.suspendedUntil) > new Date());
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink-soft">
        <span className="font-semibold text-ink">Author:</span> {name}
        {author.banned ? (
          <span className="ml-2">
            <Badge tone="red">Banned</Badge>
          </span>
        ) : sanctioned ? (
          <span className="ml-2">
            <Badge tone="red">Suspended until {formatWhen(author.suspendedUntil!)}</Badge>
          </span>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={`Actions on ${name}`}>
        <ActionButton
          icon={TriangleAlert}
          label="Warn"
          onClick={() => onRequest({ action: "warn", userId: author.id, subject: name })}
        />
        <ActionButton
          icon={Timer}
          label="Suspend"
          onClick={() => onRequest({ action: "suspend", userId: author.id, subject: name })}
        />
        <ActionButton
          tone="danger"
          icon={Ban}
          label="Ban"
          onClick={() => onRequest({ action: "ban", userId: author.id, subject: name })}
        />
        {sanctioned && (
          <ActionButton
            icon={ShieldOff}
            label="Lift"
            onClick={() => onRequest({ action: "lift", userId: author.id, subject: name })}
          />
        )}
      </div>
    </div>
  );
}

/** One thing in the queue: what it is, its reports, and every action on it and on its author. */
export const QueueItemCard = forwardRef<
  HTMLElement,
  {
    item: QueueItem;
    selected: boolean;
    onSelect: () => void;
    onRequest: (request: ActionRequest) => void;
    busy: boolean;
  }
>(function QueueItemCard({ item, selected, onSelect, onRequest, busy }, ref) {
  const author = personName(item.author);
  // One column no wider than the card (grid-cols-1 is minmax(0, 1fr)): a name or address of one
  // long word is cut short or broken anywhere instead of widening a phone's page.
  const frame = `grid grid-cols-1 gap-3 [overflow-wrap:anywhere] rounded-[var(--radius-card)] border bg-white p-4 shadow-sm outline-none transition-shadow sm:p-5 focus-visible:ring-4 focus-visible:ring-accent/40 ${selected ? "border-accent ring-2 ring-accent" : "border-line"}`;

  if (item.type === "comment") {
    const { comment } = item;
    const subject = `comment by ${author}`;
    return (
      <article
        ref={ref}
        tabIndex={selected ? 0 : -1}
        aria-label={`Comment by ${author}`}
        aria-current={selected || undefined}
        className={frame}
        onClick={onSelect}
        onFocus={onSelect}
      >
        <div className="flex items-start gap-3">
          <span
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-paper-deep text-ink-soft"
            aria-hidden
          >
            <MessageSquare className="h-5 w-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="font-semibold">Comment by {author}</span>
              <span className="text-ink-soft">{formatWhen(comment.createdAt)}</span>
              {comment.hiddenReason !== null && <Badge tone="grey">Hidden: {comment.hiddenReason}</Badge>}
            </p>
            <p className="mt-1.5 whitespace-pre-line break-words rounded-2xl bg-paper-deep/70 px-3.5 py-2">
              {comment.text}
            </p>
            <p className="mt-1 text-sm text-ink-soft">
              On{" "}
              <Link
                href={`/feed?post=${item.postId}&comment=${comment.id}`}
                className="inline-flex min-h-11 items-center font-medium text-accent-strong underline underline-offset-2"
              >
                {item.postDescription
                  ? `the post “${item.postDescription.slice(0, 60)}${item.postDescription.length > 60 ? "…" : ""}”`
                  : "this post"}
              </Link>
            </p>
          </div>
        </div>
        <Reports reports={item.reports} />
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Actions on the comment">
          {comment.hiddenReason === null ? (
            <ActionButton
              icon={EyeOff}
              label="Hide"
              shortcut="h"
              disabled={busy}
              onClick={() => onRequest({ action: "hide-comment", commentId: comment.id, subject })}
            />
          ) : (
            <ActionButton
              icon={Eye}
              label="Restore"
              disabled={busy}
              onClick={() => onRequest({ action: "restore-comment", commentId: comment.id, subject })}
            />
          )}
          <ActionButton
            tone="danger"
            icon={Trash2}
            label="Delete"
            disabled={busy}
            onClick={() => onRequest({ action: "delete-comment", commentId: comment.id, subject })}
          />
          <ActionButton
            icon={X}
            label="Dismiss reports"
            disabled={busy}
            onClick={() => onRequest({ action: "dismiss-comment", commentId: comment.id, subject })}
          />
        </div>
        <AuthorLine author={item.author} onRequest={onRequest} />
      </article>
    );
  }

  const { post } = item;
  const subject = `post by ${author}`;
  const label = post.dragonName ? `${author}'s drawing of ${post.dragonName}` : `${author}'s drawing`;
  return (
    <article
      ref={ref}
      tabIndex={selected ? 0 : -1}
      aria-label={`Post by ${author}`}
      aria-current={selected || undefined}
      className={frame}
      onClick={onSelect}
      onFocus={onSelect}
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        {post.images.length > 0 && (
          <div className="flex shrink-0 gap-1.5">
            {post.images.slice(0, 3).map((image, index) => (
              <a
                key={image.order}
                href={image.imageUrl}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-xl border border-line"
                aria-label={`${label}, photo ${index + 1} of ${post.images.length} (opens full size)`}
              >
                <img
                  src={image.thumbUrl}
                  alt=""
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  className={`${index === 0 ? "h-28 w-28 sm:h-32 sm:w-32" : "h-28 w-16 sm:h-32 sm:w-20"} bg-paper-deep object-cover`}
                />
              </a>
            ))}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2.5">
            <Avatar src={item.author.profileImageUrl} size={36} />
            <div className="min-w-0">
              <p className="truncate font-semibold">{author}</p>
              <p className="text-xs text-ink-soft">
                {formatWhen(post.createdAt)}
                {post.dragonName && ` · drew ${post.dragonName}`}
              </p>
            </div>
          </div>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {!post.approved && post.rejectedReason === null && <Badge tone="amber">Waiting for approval</Badge>}
            {post.rejectedReason !== null && <Badge tone="red">Not approved: {post.rejectedReason}</Badge>}
            {post.hiddenReason !== null && <Badge tone="grey">Hidden: {post.hiddenReason}</Badge>}
            {post.approved && post.hiddenReason === null && <Badge tone="green">Published</Badge>}
          </div>
          {post.description && (
            <p className="mt-2 line-clamp-4 whitespace-pre-line break-words text-[0.95rem]">{post.description}</p>
          )}
        </div>
      </div>
      {item.reports && <Reports reports={item.reports} />}
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Actions on the post">
        {!post.approved && (
          <>
            <ActionButton
              tone="primary"
              icon={Check}
              label="Approve"
              shortcut="a"
              disabled={busy}
              onClick={() => onRequest({ action: "approve", postId: post.id, subject })}
            />
            <ActionButton
              icon={XCircle}
              label="Reject"
              shortcut="r"
              disabled={busy}
              onClick={() => onRequest({ action: "reject", postId: post.id, subject })}
            />
          </>
        )}
        {post.hiddenReason === null ? (
          <ActionButton
            icon={EyeOff}
            label="Hide"
            shortcut="h"
            disabled={busy}
            onClick={() => onRequest({ action: "hide-post", postId: post.id, subject })}
          />
        ) : (
          <ActionButton
            icon={Eye}
            label="Restore"
            disabled={busy}
            onClick={() => onRequest({ action: "restore-post", postId: post.id, subject })}
          />
        )}
        <ActionButton
          tone="danger"
          icon={Trash2}
          label="Delete"
          disabled={busy}
          onClick={() => onRequest({ action: "delete-post", postId: post.id, subject })}
        />
        {item.reports && (
          <ActionButton
            icon={X}
            label="Dismiss reports"
            disabled={busy}
            onClick={() => onRequest({ action: "dismiss-post", postId: post.id, subject })}
          />
        )}
      </div>
      <AuthorLine author={item.author} onRequest={onRequest} />
    </article>
  );
});
