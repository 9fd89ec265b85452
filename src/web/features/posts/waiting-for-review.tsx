import { Link } from "wouter";
import { Hourglass } from "lucide-react";
import { Plural, Trans } from "@lingui/react/macro";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import type { Post } from "../../../shared/posts/responses";

/** A drawing an admin has still to look at: neither approved nor turned down nor hidden. */
export const isWaitingForReview = (post: Post) =>
  !post.approved && post.rejectedReason === null && post.hiddenReason === null;

/**
 * Members see approved drawings only (docs/spec.md §4), so an author who has just shared one would
 * find no trace of it in the feed. This card, at the top of the feed, says that it waits and leads
 * to it (the author may open their own post), and to the profile when several wait.
 */
export function WaitingForReview({ posts }: { posts: Post[] }) {
  const newest = posts[0];
  if (!newest) return null;
  const cover = newest.images[0];
  const count = posts.length;
  const several = count > 1;
  return (
    <Card role="region" aria-labelledby="waiting-for-review" className="flex items-start gap-4 p-4 sm:p-5">
      {cover ? (
        <img
          src={cover.thumbUrl}
          alt=""
          width={cover.width}
          height={cover.height}
          className="h-20 w-20 shrink-0 rounded-2xl object-cover sm:h-24 sm:w-24"
        />
      ) : (
        <span className="flex h-20 w-20 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          <Hourglass className="h-8 w-8" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h2 id="waiting-for-review" className="text-lg font-bold leading-snug sm:text-xl">
          {several ? (
            <Plural
              value={count}
              one="# of your drawings is waiting for review"
              other="# of your drawings are waiting for review"
            />
          ) : (
            <Trans>Your drawing is waiting for review</Trans>
          )}
        </h2>
        <p className="mt-1 text-sm text-ink-soft">
          <Trans>
            An admin looks at every drawing before it appears in the feed. You'll get a notification when it's approved.
          </Trans>
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link href={`/feed?post=${newest.id}`} className={buttonClass("secondary")}>
            {several ? <Trans>See the newest</Trans> : <Trans>See your drawing</Trans>}
          </Link>
          {several && (
            <Link href="/profile" className={buttonClass("ghost")}>
              <Trans>All your drawings</Trans>
            </Link>
          )}
        </div>
      </div>
    </Card>
  );
}
