import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, Eye, Pencil, Plus, ShieldAlert, Trash2 } from "lucide-react";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { useAuth } from "../../lib/auth";
import { serverMessage } from "../../lib/errors";
import { usePageMeta } from "../../lib/page-meta";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { notFoundMetaIn, pageTitle } from "../../../shared/page-meta";
import { useTranslateMessage } from "../../lib/use-static-page-meta";
import type { AdminBlogPost } from "../../../shared/blog/responses";
import { localeInfo } from "../../../shared/i18n/locales";
import { NotFoundPage } from "../../components/not-found-page";
import { postLanguage, useAdminBlogPosts } from "./api";
import { deleteBlogPost, refreshBlog } from "./admin-api";

// The form carries the rich-text editor (TipTap and ProseMirror): it loads only when an admin opens it.
const BlogForm = lazy(() => import("./blog-form").then((m) => ({ default: m.BlogForm })));

type Action = "list" | "new" | "edit";

const TITLES: Record<Action, MessageDescriptor> = {
  list: msg`Blog Management`,
  new: msg`New Blog Post`,
  edit: msg`Edit Blog Post`,
};

function AdminAccessRequired() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <ShieldAlert className="h-12 w-12 text-accent" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">
        <Trans>Admin Access Required</Trans>
      </h1>
      <p className="mt-3 text-ink-soft">
        <Trans>Only admins can manage the blog. You can still read every published post.</Trans>
      </p>
      <Link href="/blog" className={buttonClass("primary", "mt-8")}>
        <Trans>Go to the Blog</Trans>
      </Link>
    </div>
  );
}

function PostRow({ post }: { post: AdminBlogPost }) {
  const { t } = useLingui();
  const { title } = post;
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    // docs/spec.md §2: the browser's own confirm.
    if (!window.confirm(t`Are you sure you want to delete this post?`)) return;
    setDeleting(true);
    try {
      await deleteBlogPost(post.id);
      toast({ title: t`Success`, description: t`Blog post deleted successfully!` });
      await refreshBlog([post.slug]);
    } catch (error) {
      setDeleting(false);
      if (isUnauthorizedError(error)) handleUnauthorized();
      else
        toast({
          title: t`Error`,
          description: serverMessage(error) ?? t`Failed to delete blog post`,
          variant: "destructive",
        });
    }
  };
  return (
    <Card role="article" aria-label={post.title} className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:p-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 {...postLanguage(post)} className="min-w-0 hyphens-auto break-words text-xl font-bold sm:text-2xl">
            {post.title}
          </h2>
          <span
            className={`shrink-0 rounded-full px-3 py-1 text-xs font-bold ${post.published ? "bg-emerald-100 text-emerald-900" : "bg-paper-deep text-ink-soft"}`}
          >
            <span className="sr-only">{t`Status:`} </span>
            {post.published ? t`Published` : t`Draft`}
          </span>
          <span className="shrink-0 rounded-full border border-line px-3 py-1 text-xs font-semibold text-ink-soft">
            <span className="sr-only">{t`Language:`} </span>
            <span lang={post.language}>{localeInfo(post.language).name}</span>
          </span>
        </div>
        <p className="mt-1 break-all font-mono text-sm text-ink-soft">/blog/{post.slug}</p>
        {post.excerpt && (
          <p {...postLanguage(post)} className="mt-2 line-clamp-2 text-ink-soft">
            {post.excerpt}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        <Link href={`/blog/${post.slug}`} className={buttonClass("ghost", "px-4")} aria-label={t`View ${title}`}>
          <Eye className="h-4 w-4" aria-hidden /> <Trans>View</Trans>
        </Link>
        <Link href={`/admin/blog/edit/${post.id}`} className={buttonClass("secondary")} aria-label={t`Edit ${title}`}>
          <Pencil className="h-4 w-4" aria-hidden /> <Trans>Edit</Trans>
        </Link>
        <Button
          variant="ghost"
          className="text-danger"
          onClick={() => void remove()}
          disabled={deleting}
          aria-label={t`Delete ${title}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden /> {deleting ? t`Deleting...` : t`Delete`}
        </Button>
      </div>
    </Card>
  );
}

function BlogList() {
  const { t } = useLingui();
  const posts = useAdminBlogPosts(true);
  // The server's own words when it gave any (not translated here), else ours.
  const reason = serverMessage(posts.error) ?? t`please check your connection and reload the page.`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 md:py-12">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-4xl font-bold sm:text-5xl">
            <Trans>Blog Management</Trans>
          </h1>
          <p className="mt-2 text-lg text-ink-soft">
            <Trans>Write, publish and edit the blog's posts</Trans>
          </p>
        </div>
        <Link href="/admin/blog/new" className={buttonClass("primary", "self-start sm:self-auto")}>
          <Plus className="h-4 w-4" aria-hidden /> <Trans>New Post</Trans>
        </Link>
      </div>
      <div className="mt-8">
        {posts.isLoading ? (
          <Spinner label={t`Loading blog posts`} />
        ) : posts.isError ? (
          <p role="alert" className="rounded-2xl border border-line bg-white p-6 text-center text-ink-soft">
            <Trans>The posts could not be loaded: {reason}</Trans>
          </p>
        ) : posts.data && posts.data.length > 0 ? (
          <ul className="grid grid-cols-1 gap-4">
            {posts.data.map((post) => (
              <li key={post.id}>
                <PostRow post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-10 text-center">
            <h2 className="text-2xl font-bold">
              <Trans>No Blog Posts Yet</Trans>
            </h2>
            <p className="mt-2 text-ink-soft">
              <Trans>Write the first one with New Post.</Trans>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

function FormScreen({ id }: { id?: string }) {
  const { t } = useLingui();
  const posts = useAdminBlogPosts(Boolean(id));
  const post = id ? posts.data?.find((p) => p.id === id) : undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <Link
        href="/admin/blog/list"
        className="inline-flex min-h-11 items-center gap-2 rounded-full pe-3 font-semibold text-ink-soft hover:text-ink"
      >
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> <Trans>Back to Blog Management</Trans>
      </Link>
      <h1 className="mb-6 mt-2 text-4xl font-bold">{id ? t`Edit Post` : t`New Post`}</h1>
      {id && posts.isLoading ? (
        <Spinner label={t`Loading the post`} />
      ) : id && !post ? (
        <p role="alert" className="rounded-2xl border border-line bg-white p-6 text-center text-ink-soft">
          {posts.isError
            ? t`The post could not be loaded. Please reload the page.`
            : t`This blog post does not exist any more.`}
        </p>
      ) : (
        <Suspense fallback={<Spinner label={t`Loading the editor`} />}>
          <BlogForm key={post?.id ?? "new"} post={post} />
        </Suspense>
      )}
    </div>
  );
}

/** /admin/blog/{list|new|edit}/{id?}: registered for signed-in people; only admins get past the check. */
export function AdminBlogPage({ params }: { params: { action: string; id?: string } }) {
  const { t, i18n } = useLingui();
  const translate = useTranslateMessage();
  const { isAdmin, isLoading } = useAuth();
  const action = (["list", "new", "edit"] as const).find((known) => known === params.action);
  // list and new take no id; edit needs one. Anything else is not a page.
  const valid = action !== undefined && (action === "edit") === Boolean(params.id);
  usePageMeta(
    valid
      ? { title: pageTitle(i18n._(TITLES[action])), description: t`Write and publish the Dragon Grid blog.` }
      : notFoundMetaIn(translate),
  );

  if (isLoading) return <Spinner />;
  if (!valid) return <NotFoundPage />;
  if (!isAdmin) return <AdminAccessRequired />;
  if (action === "list") return <BlogList />;
  return <FormScreen id={params.id} />;
}
