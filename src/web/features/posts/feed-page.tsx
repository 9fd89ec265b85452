import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { ImagePlus, SearchX, UsersRound } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { SignUpTeaser } from "../../components/teaser";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import { useFeed, useMyPosts, usePost } from "./api";
import { PostCard } from "./post-card";
import { isWaitingForReview, WaitingForReview } from "./waiting-for-review";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

/** Grey stand-ins of the size of a post card while the first page loads. */
function PostSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden>
      <div className="flex items-center gap-3 px-5 py-3">
        <span className="h-11 w-11 animate-pulse rounded-full bg-paper-deep" />
        <span className="h-4 w-40 animate-pulse rounded-full bg-paper-deep" />
      </div>
      <div className="aspect-[4/3] w-full animate-pulse bg-paper-deep" />
      <div className="h-16" />
    </Card>
  );
}

/** /feed: the community feed for members; a teaser for visitors. ?post={id}&comment={id} (a notification's link) shows that post first. */
export function FeedPage() {
  useScreenPageMeta("/feed");
  const { t } = useLingui();
  const { user, isLoading } = useAuth();
  const feed = useFeed(Boolean(user));
  const search = new URLSearchParams(useSearch());
  const linkedId = search.get("post");
  const linkedComment = search.get("comment") ?? undefined;
  const linked = usePost(user ? linkedId : null);
  // Admins' feed holds every post, their own waiting ones too; a member's holds approved ones only.
  const mine = useMyPosts(Boolean(user) && !user?.isAdmin);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  // Older posts load as the reader nears the end of the list.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS margin, not words
      { rootMargin: "600px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (isLoading) return <Spinner label={t`Loading the feed`} />;
  if (!user) {
    return (
      <SignUpTeaser icon={UsersRound} title={t`Community Feed`}>
        <p>
          <Trans>
            The community feed is for registered users only. Sign up to share photos of your dragon drawings, and to
            like and comment on other learners' work.
          </Trans>
        </p>
      </SignUpTeaser>
    );
  }
  const posts = (feed.data?.pages.flat() ?? []).filter((post) => post.id !== linkedId);
  const waiting = linkedId ? [] : (mine.data?.pages.flat() ?? []).filter(isWaitingForReview);

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 md:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-bold">
            <Trans>Community Feed</Trans>
          </h1>
          <p className="mt-1 text-ink-soft">
            <Trans>Dragons drawn by learners like you.</Trans>
          </p>
        </div>
        <Link href="/upload" className={buttonClass("primary")}>
          <ImagePlus className="h-4 w-4" aria-hidden /> <Trans>Upload</Trans>
        </Link>
      </div>

      <div className="mt-8 grid gap-6">
        <WaitingForReview posts={waiting} />
        {linkedId &&
          (linked.isPending ? (
            <PostSkeleton />
          ) : linked.isError ? (
            <Card role="alert" className="flex items-center gap-3 p-5 text-ink">
              <SearchX className="h-6 w-6 shrink-0 text-accent" aria-hidden />
              <p>
                {linked.error.message.startsWith("404")
                  ? t`This post is no longer available`
                  : t`This post could not be loaded. Please check your connection and try again.`}
              </p>
            </Card>
          ) : (
            <>
              {linkedComment && !linked.data.comments.some((comment) => comment.id === linkedComment) && (
                <p
                  role="status"
                  className="rounded-2xl border border-line bg-paper-deep px-4 py-2.5 text-sm text-ink-soft"
                >
                  <Trans>This comment is no longer available</Trans>
                </p>
              )}
              <PostCard
                key={`linked-${linked.data.id}`}
                post={linked.data}
                viewer={user}
                openComments
                highlightCommentId={linkedComment}
              />
            </>
          ))}
        {/* An empty feed waits for the member's own posts too: a waiting drawing stands in for the
            empty state. Under a linked post nothing stands in for the loading feed: stand-ins that
            went away with an empty feed would shorten the page, and the browser, clamping its
            scroll, would move the comment just scrolled to, down under the bottom navigation. */}
        {feed.isPending || (posts.length === 0 && mine.isLoading) ? (
          <>
            <span role="status" className="sr-only">
              <Trans>Loading posts</Trans>
            </span>
            {!linkedId && (
              <>
                <PostSkeleton />
                <PostSkeleton />
              </>
            )}
          </>
        ) : feed.isError ? (
          <Card role="alert" className="p-6 text-center text-ink-soft">
            <Trans>The feed could not be loaded. Please check your connection and try again.</Trans>
            <div className="mt-4">
              <Button variant="secondary" onClick={() => void feed.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          </Card>
        ) : posts.length === 0 && (linkedId || waiting.length > 0) ? null : posts.length === 0 ? (
          <Card className="border-dashed p-10 text-center">
            <h2 className="text-2xl font-bold">
              <Trans>No Posts Yet</Trans>
            </h2>
            <p className="mt-2 text-ink-soft">
              <Trans>Be the first to share your dragon drawing!</Trans>
            </p>
            <Link href="/upload" className={buttonClass("primary", "mt-6")}>
              <ImagePlus className="h-4 w-4" aria-hidden /> <Trans>Upload Drawing</Trans>
            </Link>
          </Card>
        ) : (
          posts.map((post) => <PostCard key={post.id} post={post} viewer={user} />)
        )}
        <div ref={sentinel} />
        {hasNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load older posts</Trans>}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
