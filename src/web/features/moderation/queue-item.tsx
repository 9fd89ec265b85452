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
import type { I18n } from "@lingui/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../components/avatar";
import { REPORT_REASON_LABELS } from "../../../shared/moderation";
import type { ActionRequest } from "./actions";
import type { QueueItem } from "./api";

type Person = QueueItem["author"];

export const personName = (person: Pick<Person, "firstName" | "lastName" | "email">) =>
  [person.firstName, person.lastName].filter(Boolean).join(" ").trim() || person.email;

/** A moment's date and time, in the page's language. */
export const formatWhen = (i18n: I18n, iso: string) =>
  i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

const postLinkClass = "inline-flex min-h-11 items-center font-medium text-accent-strong underline underline-offset-2";

const actionButtonClass =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";
/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const toneClass: Record<"primary" | "plain" | "danger", string> = {
  primary: "bg-accent text-white shadow-sm hover:bg-accent-strong",
  plain: "border border-line bg-white text-ink hover:bg-paper-deep",
  danger: "border border-danger/40 bg-white text-danger hover:bg-red-50",
};
/* eslint-enable lingui/no-unlocalized-strings */

function ActionButton({
  tone = "plain",
  icon: Icon,
  label,
  shortcut,
  onClick,
  disabled,
}: {
  tone?: keyof typeof toneClass;
  icon: typeof Check;
  label: string;
  shortcut?: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={`${actionButtonClass} ${toneClass[tone]}`}
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={shortcut}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {label}
      {shortcut && (
        <kbd
          className={`ms-0.5 hidden rounded border px-1 font-mono text-[0.7rem] leading-4 sm:inline ${tone === "primary" ? "border-white/50" : "border-line text-ink-soft"}`}
          aria-hidden
        >
          {shortcut}
        </kbd>
      )}
    </button>
  );
}

function Badge({ tone, children }: { tone: "amber" | "red" | "grey" | "green"; children: React.ReactNode }) {
  /* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
  const colourClass: Record<typeof tone, string> = {
    amber: "bg-accent-soft text-accent-strong",
    red: "bg-red-100 text-red-900",
    grey: "bg-paper-deep text-ink-soft",
    green: "bg-emerald-100 text-emerald-900",
  };
  /* eslint-enable lingui/no-unlocalized-strings */
  return (
    <span
      className={`inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${colourClass[tone]}`}
    >
      {children}
    </span>
  );
}

function Reports({ reports }: { reports: NonNullable<QueueItem["reports"]> }) {
  const { t, i18n } = useLingui();
  const latest = formatWhen(i18n, reports.latestAt);
  const count = reports.count;
  return (
    <div className="rounded-2xl border border-amber-200 bg-amber-50/70 p-3.5">
      <p className="flex items-center gap-2 text-sm font-bold text-ink">
        <TriangleAlert className="h-4 w-4 text-accent-strong" aria-hidden />
        <Plural value={count} one="# report" other="# reports" />
        <span className="font-normal text-ink-soft">
          <Trans>· latest {latest}</Trans>
        </span>
      </p>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t`Reasons`}>
        {reports.reasons.map((r) => (
          <li
            key={r.reason}
            className="rounded-full border border-amber-300 bg-white px-2.5 py-0.5 text-xs font-semibold text-ink"
          >
            {i18n._(REPORT_REASON_LABELS[r.reason])} × {i18n.number(r.count)}
          </li>
        ))}
      </ul>
      {reports.notes.length > 0 && (
        <ul className="mt-2.5 grid gap-1.5" aria-label={t`Reporters' notes`}>
          {reports.notes.map((note, index) => (
            <li
              key={index}
              className="whitespace-pre-line break-words border-s-2 border-amber-300 ps-2.5 text-sm italic text-ink"
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
  const { t, i18n } = useLingui();
  const name = personName(author);
  const sanctioned = author.banned || (author.suspendedUntil !== null && new Date(author.suspendedUntil) > new Date());
  const until = author.suspendedUntil ? formatWhen(i18n, author.suspendedUntil) : "";
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink-soft">
        <Trans>
          <span className="font-semibold text-ink">Author:</span> {name}
        </Trans>
        {author.banned ? (
          <span className="ms-2">
            <Badge tone="red">
              <Trans>Banned</Trans>
            </Badge>
          </span>
        ) : sanctioned ? (
          <span className="ms-2">
            <Badge tone="red">
              <Trans>Suspended until {until}</Trans>
            </Badge>
          </span>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t`Actions on ${name}`}>
        <ActionButton
          icon={TriangleAlert}
          label={t`Warn`}
          onClick={() => onRequest({ action: "warn", userId: author.id, subject: name })}
        />
        <ActionButton
          icon={Timer}
          label={t`Suspend`}
          onClick={() => onRequest({ action: "suspend", userId: author.id, subject: name })}
        />
        <ActionButton
          tone="danger"
          icon={Ban}
          label={t`Ban`}
          onClick={() => onRequest({ action: "ban", userId: author.id, subject: name })}
        />
        {sanctioned && (
          <ActionButton
            icon={ShieldOff}
            label={t`Lift`}
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
  const { t, i18n } = useLingui();
  const author = personName(item.author);
  // One column no wider than the card (grid-cols-1 is minmax(0, 1fr)): a name or address of one
  // long word is cut short or broken anywhere instead of widening a phone's page.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a class list, not words
  const frameClass = `grid grid-cols-1 gap-3 [overflow-wrap:anywhere] rounded-[var(--radius-card)] border bg-white p-4 shadow-sm outline-none transition-shadow sm:p-5 focus-visible:ring-4 focus-visible:ring-accent/40 ${selected ? "border-accent ring-2 ring-accent" : "border-line"}`;

  if (item.type === "comment") {
    const { comment } = item;
    // What the dialog's key names (its title does not): the author.
    const subject = author;
    const hiddenReason = comment.hiddenReason;
    const postLink = `/feed?post=${item.postId}&comment=${comment.id}`;
    const excerpt = item.postDescription
      ? `${item.postDescription.slice(0, 60)}${item.postDescription.length > 60 ? "…" : ""}`
      : null;
    return (
      <article
        ref={ref}
        tabIndex={selected ? 0 : -1}
        aria-label={t`Comment by ${author}`}
        aria-current={selected || undefined}
        className={frameClass}
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
              <span className="font-semibold">
                <Trans>Comment by {author}</Trans>
              </span>
              <span className="text-ink-soft">{formatWhen(i18n, comment.createdAt)}</span>
              {hiddenReason !== null && (
                <Badge tone="grey">
                  <Trans>Hidden: {hiddenReason}</Trans>
                </Badge>
              )}
            </p>
            <p className="mt-1.5 whitespace-pre-line break-words rounded-2xl bg-paper-deep/70 px-3.5 py-2">
              {comment.text}
            </p>
            <p className="mt-1 text-sm text-ink-soft">
              {excerpt ? (
                <Trans>
                  On{" "}
                  <Link href={postLink} className={postLinkClass}>
                    the post “{excerpt}”
                  </Link>
                </Trans>
              ) : (
                <Trans>
                  On{" "}
                  <Link href={postLink} className={postLinkClass}>
                    this post
                  </Link>
                </Trans>
              )}
            </p>
          </div>
        </div>
        <Reports reports={item.reports} />
        <div className="flex flex-wrap gap-1.5" role="group" aria-label={t`Actions on the comment`}>
          {comment.hiddenReason === null ? (
            <ActionButton
              icon={EyeOff}
              label={t`Hide`}
              shortcut="h"
              disabled={busy}
              onClick={() => onRequest({ action: "hide-comment", commentId: comment.id, subject })}
            />
          ) : (
            <ActionButton
              icon={Eye}
              label={t`Restore`}
              disabled={busy}
              onClick={() => onRequest({ action: "restore-comment", commentId: comment.id, subject })}
            />
          )}
          <ActionButton
            tone="danger"
            icon={Trash2}
            label={t`Delete`}
            disabled={busy}
            onClick={() => onRequest({ action: "delete-comment", commentId: comment.id, subject })}
          />
          <ActionButton
            icon={X}
            label={t`Dismiss reports`}
            disabled={busy}
            onClick={() => onRequest({ action: "dismiss-comment", commentId: comment.id, subject })}
          />
        </div>
        <AuthorLine author={item.author} onRequest={onRequest} />
      </article>
    );
  }

  const { post } = item;
  // What the dialog's key names (its title does not): the author.
  const subject = author;
  const dragonName = post.dragonName;
  const label = dragonName ? t`${author}'s drawing of ${dragonName}` : t`${author}'s drawing`;
  const photos = i18n.number(post.images.length);
  const rejectedReason = post.rejectedReason;
  const hiddenReason = post.hiddenReason;
  return (
    <article
      ref={ref}
      tabIndex={selected ? 0 : -1}
      aria-label={t`Post by ${author}`}
      aria-current={selected || undefined}
      className={frameClass}
      onClick={onSelect}
      onFocus={onSelect}
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        {post.images.length > 0 && (
          <div className="flex shrink-0 gap-1.5">
            {post.images.slice(0, 3).map((image, index) => {
              const photo = i18n.number(index + 1);
              return (
                <a
                  key={image.order}
                  href={image.imageUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="block overflow-hidden rounded-xl border border-line"
                  aria-label={t`${label}, photo ${photo} of ${photos} (opens full size)`}
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
              );
            })}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2.5">
            <Avatar src={item.author.profileImageUrl} size={36} />
            <div className="min-w-0">
              <p className="truncate font-semibold">{author}</p>
              <p className="text-xs text-ink-soft">
                {formatWhen(i18n, post.createdAt)}
                {dragonName && (
                  <>
                    {" "}
                    <Trans>· drew {dragonName}</Trans>
                  </>
                )}
              </p>
            </div>
          </div>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {!post.approved && rejectedReason === null && (
              <Badge tone="amber">
                <Trans>Waiting for approval</Trans>
              </Badge>
            )}
            {rejectedReason !== null && (
              <Badge tone="red">
                <Trans>Not approved: {rejectedReason}</Trans>
              </Badge>
            )}
            {hiddenReason !== null && (
              <Badge tone="grey">
                <Trans>Hidden: {hiddenReason}</Trans>
              </Badge>
            )}
            {post.approved && hiddenReason === null && (
              <Badge tone="green">
                <Trans>Published</Trans>
              </Badge>
            )}
          </div>
          {post.description && (
            <p className="mt-2 line-clamp-4 whitespace-pre-line break-words text-[0.95rem]">{post.description}</p>
          )}
        </div>
      </div>
      {item.reports && <Reports reports={item.reports} />}
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t`Actions on the post`}>
        {!post.approved && (
          <>
            <ActionButton
              tone="primary"
              icon={Check}
              label={t`Approve`}
              shortcut="a"
              disabled={busy}
              onClick={() => onRequest({ action: "approve", postId: post.id, subject })}
            />
            <ActionButton
              icon={XCircle}
              label={t`Reject`}
              shortcut="r"
              disabled={busy}
              onClick={() => onRequest({ action: "reject", postId: post.id, subject })}
            />
          </>
        )}
        {post.hiddenReason === null ? (
          <ActionButton
            icon={EyeOff}
            label={t`Hide`}
            shortcut="h"
            disabled={busy}
            onClick={() => onRequest({ action: "hide-post", postId: post.id, subject })}
          />
        ) : (
          <ActionButton
            icon={Eye}
            label={t`Restore`}
            disabled={busy}
            onClick={() => onRequest({ action: "restore-post", postId: post.id, subject })}
          />
        )}
        <ActionButton
          tone="danger"
          icon={Trash2}
          label={t`Delete`}
          disabled={busy}
          onClick={() => onRequest({ action: "delete-post", postId: post.id, subject })}
        />
        {item.reports && (
          <ActionButton
            icon={X}
            label={t`Dismiss reports`}
            disabled={busy}
            onClick={() => onRequest({ action: "dismiss-post", postId: post.id, subject })}
          />
        )}
      </div>
      <AuthorLine author={item.author} onRequest={onRequest} />
    </article>
  );
});
