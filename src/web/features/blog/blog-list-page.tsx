import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { BookOpen, CalendarDays, PenLine } from "lucide-react";
import { Spinner } from "../../components/ui/spinner";
import type { BlogPost } from "../../../shared/blog/responses";
import { BLOG_CARD_TAGS, blogAuthorName } from "../../../shared/blog/posts";
import type { Locale } from "../../../shared/i18n/locales";
import { blogDate, postLanguage, useBlogPosts } from "./api";
import { useStaticPageMeta } from "../../lib/use-static-page-meta";

// The filter's control and its empty state: the list's first load stays within its budget.
const LanguageFilter = lazy(() => import("./blog-language-filter").then((m) => ({ default: m.LanguageFilter })));
const NoPostsInLanguage = lazy(() => import("./blog-language-filter").then((m) => ({ default: m.NoPostsInLanguage })));

/** The picture at the top of a card, or the squared-paper placeholder when the post has none. */
function CardImage({ post, eager }: { post: BlogPost; eager: boolean }) {
  if (!post.featuredImageUrl) {
    return (
      <div
        aria-hidden
        className="paper-grid flex aspect-video w-full items-center justify-center border-b border-line bg-paper-deep"
      >
        <PenLine className="h-10 w-10 text-accent/60" />
      </div>
    );
  }
  return (
    <img
      src={post.featuredImageUrl}
      alt=""
      width={640}
      height={360}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="aspect-video w-full border-b border-line bg-paper-deep object-cover"
    />
  );
}

function BlogCard({ post, eager }: { post: BlogPost; eager: boolean }) {
  const { t, i18n } = useLingui();
  const date = blogDate(post, i18n);
  const tags = post.tags.slice(0, BLOG_CARD_TAGS);
  const words = postLanguage(post);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-accent">
      <CardImage post={post} eager={eager} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 {...words} className="hyphens-auto break-words text-xl font-bold leading-snug sm:text-2xl">
          {/* The whole card is the link's target area; the title is its name. */}
          <Link
            href={`/blog/${post.slug}`}
            className="rounded-md after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-accent-strong"
          >
            {post.title}
          </Link>
        </h2>
        {post.excerpt && (
          <p {...words} className="line-clamp-3 text-ink-soft">
            {post.excerpt}
          </p>
        )}
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t`Tags`}>
            {tags.map((tag) => (
              <li
                key={tag}
                {...words}
                className="rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-strong"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-2 text-sm text-ink-soft">
          <CalendarDays className="h-4 w-4" aria-hidden />
          <time dateTime={date.iso}>{date.label}</time>
          <span aria-hidden>·</span>
          <span>{blogAuthorName(post)}</span>
        </p>
      </div>
    </article>
  );
}

/** /blog: the published posts, newest first; `?language=es` shows only the posts written in Spanish. */
export function BlogListPage() {
  useStaticPageMeta("/blog");
  // The address's choice, told by the filter once it is on the page (null: every post, as the server renders).
  const [language, setLanguage] = useState<Locale | null>(null);
  const posts = useBlogPosts();
  const shown = language ? posts.data?.filter((post) => post.language === language) : posts.data;
  const { t } = useLingui();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
        <div>
          <h1 className="text-4xl font-bold sm:text-5xl">
            <Trans>Blog</Trans>
          </h1>
          <p className="mt-2 text-lg text-ink-soft">
            <Trans>Drawing tutorials and tips for the grid method</Trans>
          </p>
        </div>
        {/* Rendered by the server; its code comes after the page's first load (the budget's). */}
        <Suspense fallback={<div className="min-h-[4.75rem] w-48" />}>
          <LanguageFilter value={language} onChosen={setLanguage} count={language && shown ? shown.length : null} />
        </Suspense>
      </div>

      <div className="mt-8">
        {posts.isLoading ? (
          <Spinner label={t`Loading blog posts`} />
        ) : posts.isError ? (
          <p role="alert" className="rounded-2xl border border-line bg-white p-6 text-center text-ink-soft">
            <Trans>The blog could not be loaded. Please check your connection and reload the page.</Trans>
          </p>
        ) : shown && shown.length > 0 ? (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((post, index) => (
              <li key={post.id}>
                <BlogCard post={post} eager={index < 3} />
              </li>
            ))}
          </ul>
        ) : language ? (
          <Suspense fallback={<Spinner label={t`Loading blog posts`} />}>
            <NoPostsInLanguage />
          </Suspense>
        ) : (
          <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-10 text-center">
            <BookOpen className="mx-auto h-10 w-10 text-accent/70" aria-hidden />
            <h2 className="mt-3 text-2xl font-bold">
              <Trans>No Blog Posts Yet</Trans>
            </h2>
            <p className="mt-2 text-ink-soft">
              <Trans>Check back soon for drawing tutorials and tips!</Trans>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
