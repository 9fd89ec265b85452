import { Link } from "wouter";
import { ImagePlus } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import type { Post } from "../../../shared/posts/responses";
import { useMyPosts } from "./api";
import { RelativeTime } from "../../components/relative-time";

/** Where a drawing stands: hidden or not approved (with the moderator's reason), waiting, or published. */
function Status({ post }: { post: Post }) {
  const { t } = useLingui();
  const { label, toneClass, reason } =
    post.hiddenReason !== null
      ? { label: t`Hidden by a moderator`, toneClass: "bg-paper-deep text-ink", reason: post.hiddenReason }
      : !post.approved && post.rejectedReason !== null
        ? { label: t`Not approved`, toneClass: "bg-red-100 text-red-900", reason: post.rejectedReason }
        : !post.approved
          ? { label: t`Waiting for approval`, toneClass: "bg-accent-soft text-accent-strong", reason: null }
          : { label: t`Published`, toneClass: "bg-emerald-100 text-emerald-900", reason: null };
  return (
    <>
      <span className={`w-fit rounded-full px-2.5 py-0.5 text-xs font-bold ${toneClass}`}>{label}</span>
      {reason && (
        <p className="break-words text-xs text-ink-soft">
          <span className="sr-only">
            <Trans>Reason:</Trans>{" "}
          </span>
          {reason}
        </p>
      )}
    </>
  );
}

/** The profile's 'Your drawings': the signed-in user's posts, newest first, with where each stands. */
export function MyDrawings() {
  const { t } = useLingui();
  const posts = useMyPosts(true);
  const list = posts.data?.pages.flat() ?? [];
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">
          <Trans>Your drawings</Trans>
        </h2>
        <Link href="/upload" className={buttonClass("secondary")}>
          <ImagePlus className="h-4 w-4" aria-hidden /> <Trans>Upload Drawing</Trans>
        </Link>
      </div>
      {posts.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          <Trans>Loading your drawings...</Trans>
        </p>
      ) : posts.isError ? (
        <p role="alert" className="mt-4 text-sm text-ink-soft">
          <Trans>Your drawings could not be loaded. Please reload the page.</Trans>
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-ink-soft">
          <Trans>You have not shared a drawing yet. Finished one? Share a photo with the community!</Trans>
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
          {list.map((post) => {
            const cover = post.images[0];
            const { dragonName } = post;
            return (
              <li key={post.id} className="overflow-hidden rounded-2xl border border-line bg-paper">
                {cover && (
                  <img
                    src={cover.thumbUrl}
                    alt={dragonName ? t`Your drawing of ${dragonName}` : t`Your drawing`}
                    width={cover.width}
                    height={cover.height}
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                )}
                <div className="grid gap-1 p-2.5">
                  <Status post={post} />
                  <RelativeTime iso={post.createdAt} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {posts.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4 w-full"
          onClick={() => void posts.fetchNextPage()}
          disabled={posts.isFetchingNextPage}
        >
          {posts.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Show older drawings</Trans>}
        </Button>
      )}
    </Card>
  );
}
