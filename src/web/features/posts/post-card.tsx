import { useRef, useState } from "react";
import { Link } from "wouter";
import { CheckCircle2, Eye, EyeOff, Flag, Heart, MessageCircle, Trash2, UserX, XCircle } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../components/avatar";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { refreshQueries } from "../../lib/refresh-queries";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { feedName } from "../../../shared/posts";
import type { Post } from "../../../shared/posts/responses";
import type { AuthUser } from "../../../shared/auth/responses";
import { MY_POSTS_KEY, approvePost, deletePost, refusalMessage, toggleLike, updateCachedPost } from "./api";
import { CommentList } from "./comment-list";
import { ImageCarousel } from "./image-carousel";
import { MoreMenu, type MenuItem } from "./more-menu";
import { RelativeTime } from "../../components/relative-time";
import { useSafety } from "./safety";

const withLike = (post: Post, userId: string, liked: boolean): Post => ({
  ...post,
  likes: liked
    ? [...post.likes.filter((l) => l.userId !== userId), { userId }]
    : post.likes.filter((l) => l.userId !== userId),
});

/**
 * One drawing in the feed: author, photos, likes, comments; Approve for admins, Delete for its
 * author and admins; on others' posts a ⋯ menu with Report and Block (and admins' Reject, Hide,
 * Restore). A notification's link opens it with its comments shown and one of them highlighted.
 */
export function PostCard({
  post,
  viewer,
  openComments = false,
  highlightCommentId,
}: {
  post: Post;
  viewer: AuthUser;
  openComments?: boolean;
  highlightCommentId?: string;
}) {
  const { t } = useLingui();
  const [commentsOpen, setCommentsOpen] = useState(openComments);
  const { safety, dialogs } = useSafety();
  const [approving, setApproving] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const liked = post.likes.some((like) => like.userId === viewer.id);
  const name = feedName(post.user);
  const { dragonName } = post;
  const likeCount = post.likes.length;
  const commentCount = post.comments.length;
  const reason = post.hiddenReason ?? post.rejectedReason;
  const commentsId = `comments-${post.id}`;

  // The heart changes at once; the server's answer confirms it (or the change is undone). Only
  // the answer to the latest click counts: an earlier one arriving after a second click would
  // otherwise turn the heart back for a moment.
  const latestLike = useRef(0);
  const like = async () => {
    const click = ++latestLike.current;
    updateCachedPost(post.id, (p) => withLike(p, viewer.id, !liked));
    try {
      const state = await toggleLike(post.id);
      if (click === latestLike.current) updateCachedPost(post.id, (p) => withLike(p, viewer.id, state.liked));
    } catch (error) {
      if (click === latestLike.current) updateCachedPost(post.id, (p) => withLike(p, viewer.id, liked));
      // docs/spec.md §8: a lost session is said and fixed; other like errors are silent, but for
      // a refusal (a suspended or banned member, told until when and why).
      const refusal = refusalMessage(error);
      if (isUnauthorizedError(error)) handleUnauthorized();
      else if (refusal)
        toast({ title: t`You cannot like this`, description: refusal, variant: "destructive", duration: 10_000 });
    }
  };

  const approve = async () => {
    setApproving(true);
    try {
      await approvePost(post.id);
      updateCachedPost(post.id, (p) => ({ ...p, approved: true }));
      toast({ title: t`Success`, description: t`Post approved successfully!` });
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else toast({ title: t`Error`, description: t`Failed to approve post`, variant: "destructive" });
    } finally {
      setApproving(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deletePost(post.id);
      setConfirmingDelete(false);
      updateCachedPost(post.id, () => null);
      toast({ title: t`Success`, description: t`Post deleted.` });
      void refreshQueries({ queryKey: MY_POSTS_KEY });
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else toast({ title: t`Error`, description: t`Failed to delete post`, variant: "destructive" });
    } finally {
      setDeleting(false);
    }
  };

  const own = post.user.id === viewer.id;
  const menu: MenuItem[] = [];
  if (!own) {
    menu.push({ label: t`Report`, icon: Flag, onSelect: () => safety.report({ kind: "post", postId: post.id }) });
    menu.push({ label: t`Block ${name}`, icon: UserX, onSelect: () => safety.block({ userId: post.user.id, name }) });
  }
  if (viewer.isAdmin) {
    if (!post.approved && post.rejectedReason === null)
      menu.push({
        label: t`Reject...`,
        icon: XCircle,
        onSelect: () => safety.moderate({ action: "reject", postId: post.id }),
      });
    if (post.hiddenReason === null)
      menu.push({
        label: t`Hide...`,
        icon: EyeOff,
        onSelect: () => safety.moderate({ action: "hide-post", postId: post.id }),
      });
    else
      menu.push({
        label: t`Restore`,
        icon: Eye,
        onSelect: () => safety.restore({ action: "restore-post", postId: post.id }),
      });
  }

  return (
    <Card className="overflow-hidden" aria-label={t`Drawing by ${name}`} role="article" id={`post-${post.id}`}>
      <div className="flex items-center gap-3 px-4 py-3 sm:px-5">
        <Avatar src={post.user.profileImageUrl} size={44} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{name}</p>
          <div className="flex flex-wrap items-center gap-x-2">
            <RelativeTime iso={post.createdAt} />
            {post.dragonId && dragonName && (
              // The dragon's whole name, on a line of its own on a narrow phone rather than cut.
              <span className="min-w-0 break-words text-sm text-ink-soft">
                ·{" "}
                <Trans>
                  drew{" "}
                  <Link
                    href={`/dragon/${post.dragonId}`}
                    className="font-medium text-accent-strong underline-offset-2 hover:underline"
                  >
                    {dragonName}
                  </Link>
                </Trans>
              </span>
            )}
          </div>
        </div>
        {!post.approved && post.rejectedReason === null && (
          <span className="shrink-0 rounded-full bg-accent-soft px-3 py-1 text-xs font-bold text-accent-strong">
            <Trans>Pending review</Trans>
          </span>
        )}
        {menu.length > 0 && <MoreMenu label={t`More actions for ${name}'s post`} items={menu} />}
      </div>
      {(post.hiddenReason !== null || post.rejectedReason !== null) && (
        <p className="mx-4 mb-3 rounded-2xl border border-line bg-paper-deep px-3.5 py-2 text-sm sm:mx-5">
          {post.hiddenReason !== null ? (
            <Trans>
              <span className="font-semibold">Hidden by a moderator</span>: {reason}
            </Trans>
          ) : (
            <Trans>
              <span className="font-semibold">Not approved</span>: {reason}
            </Trans>
          )}
        </p>
      )}

      <ImageCarousel
        images={post.images}
        label={dragonName ? t`${name}'s drawing of ${dragonName}` : t`${name}'s drawing`}
      />

      <div className="flex flex-wrap items-center gap-1 px-2 pt-2 sm:px-3">
        <button
          type="button"
          onClick={() => void like()}
          aria-pressed={liked}
          aria-label={t({ message: plural(likeCount, { one: "Like, # like", other: "Like, # likes" }) })}
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-ink hover:bg-paper-deep"
        >
          <Heart className={`h-5 w-5 ${liked ? "fill-accent text-accent" : ""}`} aria-hidden />
          <span aria-hidden>{likeCount}</span>
        </button>
        <button
          type="button"
          onClick={() => setCommentsOpen((open) => !open)}
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          aria-label={t`Comments, ${commentCount}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-ink hover:bg-paper-deep"
        >
          <MessageCircle className="h-5 w-5" aria-hidden />
          <span aria-hidden>{commentCount}</span>
        </button>
        <div className="ms-auto flex gap-1">
          {viewer.isAdmin && !post.approved && (
            <Button onClick={() => void approve()} disabled={approving}>
              <CheckCircle2 className="h-4 w-4" aria-hidden />{" "}
              {approving ? <Trans>Approving...</Trans> : <Trans>Approve</Trans>}
            </Button>
          )}
          {(post.user.id === viewer.id || viewer.isAdmin) && (
            <Button variant="ghost" onClick={() => setConfirmingDelete(true)} aria-label={t`Delete post`}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </div>
      </div>

      {/* dir="auto": people write in their own language, whatever the page's (an English text on an Arabic page). */}
      {post.description && (
        <p dir="auto" className="whitespace-pre-line break-words px-4 pb-3 pt-1 text-start sm:px-5">
          {post.description}
        </p>
      )}
      <div id={commentsId} hidden={!commentsOpen}>
        {commentsOpen && (
          <CommentList post={post} viewer={viewer} safety={safety} highlightCommentId={highlightCommentId} />
        )}
      </div>
      {!post.description && !commentsOpen && <div className="pb-2" />}

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t`Delete post?`}
        description={t`The drawing, its photos, likes and comments will be removed for everyone. This cannot be undone.`}
        action={t`Delete`}
        pendingAction={t`Deleting...`}
        pending={deleting}
        onConfirm={() => void remove()}
      />
      {dialogs}
    </Card>
  );
}
