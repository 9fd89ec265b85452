import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, CalendarDays, CircleUser } from "lucide-react";
import { buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { usePageMeta } from "../../lib/page-meta";
import { getStaticPageMeta } from "../../../shared/static-page-meta";
import { useTranslateMessage } from "../../lib/use-static-page-meta";
import { blogAuthorName, blogPostMeta } from "../../../shared/blog/posts";
import { blogDate, isNotFoundError, postLanguage, useBlogPost } from "./api";

const backLinkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full pe-3 font-semibold text-ink-soft hover:text-ink";

function BackToBlog() {
  return (
    <Link href="/blog" className={backLinkClass}>
      <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> <Trans>Back to Blog</Trans>
    </Link>
  );
}

/** /blog/{slug}: one post. Drafts are visible to admins only (the server answers 404 to others). */
export function BlogPostPage({ params }: { params: { slug: string } }) {
  const { t, i18n } = useLingui();
  const translate = useTranslateMessage();
  const post = useBlogPost(params.slug);
  const data = post.data;
  usePageMeta(
    data
      ? { ...blogPostMeta(data), ...(data.featuredImageUrl ? { image: data.featuredImageUrl } : {}) }
      : getStaticPageMeta("/blog", translate)!,
  );

  if (post.isLoading) return <Spinner label={t`Loading blog post`} />;
  if (!data) {
    const missing = !post.isError || isNotFoundError(post.error);
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{missing ? t`Blog Post Not Found` : t`Something Went Wrong`}</h1>
        <p className="mt-3 text-ink-soft">
          {missing
            ? t`The blog post you're looking for doesn't exist or has been removed.`
            : t`The blog post could not be loaded. Please check your connection and reload the page.`}
        </p>
        <Link href="/blog" className={buttonClass("primary", "mt-8")}>
          <Trans>Back to Blog</Trans>
        </Link>
      </div>
    );
  }

  const date = blogDate(data, i18n);
  const words = postLanguage(data);
  return (
    <article className="mx-auto max-w-4xl px-4 py-6 sm:px-6 md:py-10">
      <BackToBlog />
      {data.featuredImageUrl && (
        <img
          src={data.featuredImageUrl}
          alt=""
          width={1260}
          height={540}
          fetchPriority="high"
          className="mt-4 aspect-[21/9] w-full rounded-[var(--radius-card)] border border-line bg-paper-deep object-cover shadow-sm"
        />
      )}
      <header className="mx-auto mt-6 max-w-[68ch] md:mt-8">
        {!data.published && (
          <p className="mb-3 inline-block rounded-full bg-accent-soft px-3 py-1 text-xs font-bold text-accent-strong">
            <Trans>Draft: only admins can see this post</Trans>
          </p>
        )}
        <h1 {...words} className="hyphens-auto break-words text-4xl font-bold leading-tight sm:text-5xl">
          {data.title}
        </h1>
        <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-ink-soft">
          <span className="inline-flex items-center gap-1.5">
            <CircleUser className="h-4 w-4" aria-hidden />
            {blogAuthorName(data)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="h-4 w-4" aria-hidden />
            <time dateTime={date.iso}>{date.label}</time>
          </span>
        </p>
        {data.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t`Tags`}>
            {data.tags.map((tag) => (
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
      </header>
      <div className="mx-auto mt-8 max-w-[68ch] rounded-[var(--radius-card)] border border-line bg-white px-5 py-6 shadow-sm sm:px-10 sm:py-10">
        {/* The server sanitises the body on every save (an allowlist of tags, attributes and URL
            schemes: src/server/features/blog/sanitize.ts), so it is inserted as it comes. */}
        <div {...words} className="blog-prose" dangerouslySetInnerHTML={{ __html: data.content }} />
      </div>
      <div className="mx-auto mt-8 max-w-[68ch]">
        <BackToBlog />
      </div>
    </article>
  );
}
