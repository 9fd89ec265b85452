import { Feed } from "feed";
import { BLOG_RSS_ITEMS } from "../../../shared/blog";
import { blogAuthorName } from "../../../shared/blog/posts";
import type { BlogPost } from "../../../shared/blog/responses";
import { SITE_NAME } from "../../../shared/site";
import { LOCALE_CODES, localePath, SOURCE_LOCALE, type Locale } from "../../../shared/i18n/locales";

// XML 1.0 allows only these characters, even inside CDATA; a title may hold others (text()
// refuses only NUL), and one would make the whole document unreadable. Tab, line feed and
// carriage return are the control characters it allows.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for a CDATA section: the feed library ends the section early only at the first "]]>". */
const cdata = (value: string) => value.replace(NOT_XML, "").replace(/]]>/g, "]]&gt;");

const escapeXml = (value: string) =>
  value
    .replace(NOT_XML, "")
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Our own paths in sanitised HTML made absolute, for feed readers that show it elsewhere. */
export function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${origin}/`);
}

const postUrl = (origin: string, slug: string) => `${origin}/blog/${encodeURIComponent(slug)}`;

/** GET /blog/rss.xml: the newest published posts as RSS 2.0 (never a draft: callers pass published posts). */
export function buildRss(published: readonly BlogPost[], origin: string): string {
  const posts = published.slice(0, BLOG_RSS_ITEMS);
  const newest = posts.reduce<Date | undefined>((latest, post) => {
    const updated = new Date(post.updatedAt);
    return !latest || updated > latest ? updated : latest;
  }, undefined);
  const feed = new Feed({
    title: `${SITE_NAME} Blog`,
    description: "Drawing tutorials and tips for the grid method.",
    id: `${origin}/blog`,
    link: `${origin}/blog`,
    language: "en",
    ...(newest ? { updated: newest } : {}),
    feedLinks: { rss: `${origin}/blog/rss.xml` },
    generator: SITE_NAME,
    copyright: `© ${SITE_NAME}`,
  });
  for (const post of posts) {
    const link = postUrl(origin, post.slug);
    feed.addItem({
      title: cdata(post.title),
      id: link,
      link,
      date: new Date(post.publishedAt ?? post.createdAt),
      ...(post.excerpt || post.metaDescription ? { description: cdata((post.excerpt || post.metaDescription)!) } : {}),
      content: cdata(absoluteLinks(post.content, origin)),
      // A name only: RSS's <author> is meant to be an address, and addresses are never public.
      extensions: [{ name: "dc:creator", objects: { _text: blogAuthorName(post).replace(NOT_XML, "") } }],
      category: post.tags.map((tag) => ({ name: tag.replace(NOT_XML, "") })),
    });
  }
  return feed.rss2();
}

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  /**
   * Only at this language's address, with no alternates: a blog post is written in one language (its
   * page's frame is translated, its words are not), so its page in that language is the one to index.
   */
  onlyIn?: Locale;
}

/**
 * GET /sitemap.xml: the pages worth indexing, each with when it last changed where that is known,
 * at its address in every language with the others named as alternates (decision 056).
 */
export function buildSitemap(entries: readonly SitemapEntry[], origin: string): string {
  const url = (locale: Locale, path: string) => escapeXml(`${origin}${localePath(locale, path)}`);
  const urls = entries.flatMap((entry) => {
    const locales = entry.onlyIn ? [entry.onlyIn] : LOCALE_CODES;
    const lastmod = entry.lastmod ? `\n    <lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    const alternates = entry.onlyIn
      ? ""
      : [
          ...LOCALE_CODES.map(
            (code) => `\n    <xhtml:link rel="alternate" hreflang="${code}" href="${url(code, entry.path)}"/>`,
          ),
          `\n    <xhtml:link rel="alternate" hreflang="x-default" href="${url(SOURCE_LOCALE, entry.path)}"/>`,
        ].join("");
    return locales.map(
      (locale) => `  <url>\n    <loc>${url(locale, entry.path)}</loc>${lastmod}${alternates}\n  </url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** The sitemap's pages: the landing page, the library, every dragon, the blog and every published post. */
export function sitemapEntries(
  dragons: readonly { id: string; createdAt: string }[],
  published: readonly BlogPost[],
): SitemapEntry[] {
  const latest = (dates: string[]) =>
    dates.reduce<string | undefined>((max, date) => (!max || date > max ? date : max), undefined);
  const library = latest(dragons.map((dragon) => dragon.createdAt));
  const blog = latest(published.map((post) => post.updatedAt));
  return [
    { path: "/", lastmod: library },
    { path: "/home", lastmod: library },
    ...dragons.map((dragon) => ({ path: `/dragon/${dragon.id}`, lastmod: dragon.createdAt })),
    { path: "/blog", lastmod: blog },
    ...published.map((post) => ({
      path: `/blog/${encodeURIComponent(post.slug)}`,
      lastmod: post.updatedAt,
      onlyIn: post.language,
    })),
  ];
}

/** GET /robots.txt: everything may be crawled but the admin screens; the sitemap is named. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /admin/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
