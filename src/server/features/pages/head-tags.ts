import type { PagePreload } from "../../../shared/page-meta";
import type { ServerPageMeta } from "../../http/page-resolvers";
import { LOCALES, localePath, SOURCE_LOCALE, type Locale } from "../../../shared/i18n/locales";
import { DEFAULT_OG_IMAGE, ogImageFor } from "../../../shared/site";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;

/**
 * The head tags every page carries, so link previews work for crawlers that run no JavaScript, and
 * a search engine finds the page's address in each language (`hreflang`; English is the default).
 * A page without an image of its own (DEFAULT_OG_IMAGE) shows the social card in its language.
 */
export function renderHeadTags(
  meta: ServerPageMeta & { image: string },
  origin: string,
  pathname: string,
  locale: Locale = SOURCE_LOCALE,
): string {
  const language = meta.language ?? locale;
  const url = absolute(origin, localePath(language, pathname));
  const image = absolute(origin, meta.image === DEFAULT_OG_IMAGE ? ogImageFor(language) : meta.image);
  const tags: [string, string, string][] = [
    ["name", "description", meta.description],
    ["property", "og:type", meta.ogType ?? "website"],
    ["property", "og:site_name", "Dragon Grid"],
    ["property", "og:title", meta.title],
    ["property", "og:description", meta.description],
    ["property", "og:image", image],
    ["property", "og:url", url],
    ["property", "og:locale", language.replace("-", "_")],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", meta.title],
    ["name", "twitter:description", meta.description],
    ["name", "twitter:image", image],
    ...(meta.article?.publishedTime
      ? [["property", "article:published_time", meta.article.publishedTime] as [string, string, string]]
      : []),
    ...(meta.article?.modifiedTime
      ? [["property", "article:modified_time", meta.article.modifiedTime] as [string, string, string]]
      : []),
    ...(meta.article?.tags ?? []).map((tag): [string, string, string] => ["property", "article:tag", tag]),
  ];
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-page-meta>`),
    `<link rel="canonical" href="${escapeHtml(url)}" data-page-meta>`,
    // Words in one language only (a blog post) have no alternates; every other page has one per language.
    ...(meta.language
      ? []
      : [
          ...LOCALES.map(
            ({ code }) =>
              `<link rel="alternate" hreflang="${code}" href="${escapeHtml(absolute(origin, localePath(code, pathname)))}" data-page-meta>`,
          ),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(absolute(origin, pathname))}" data-page-meta>`,
        ]),
    ...(meta.jsonLd
      ? [`<script type="application/ld+json" data-page-meta>${jsonForScript(meta.jsonLd)}</script>`]
      : []),
  ].join("\n    ");
}

/**
 * JSON that is safe inside a <script> element: "<" (so no "</script>" or "<!--" can end or
 * change the element), ">" and "&" as \u escapes, and the two line separators JavaScript
 * once refused. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * Preload links. Images carry the same srcset and sizes as the page's <img>, so the browser reuses
 * the download; fetches match the app's credentialed same-origin requests.
 */
export function renderPreloads(preloads: PagePreload[]): string {
  return preloads
    .map((p) =>
      p.as === "module"
        ? `<link rel="modulepreload" href="${escapeHtml(p.href)}">`
        : p.as === "fetch"
          ? `<link rel="preload" as="fetch" href="${escapeHtml(p.href)}" crossorigin="use-credentials">`
          : `<link rel="preload" as="image" href="${escapeHtml(p.href)}"${p.srcset ? ` imagesrcset="${escapeHtml(p.srcset)}"` : ""}${p.sizes ? ` imagesizes="${escapeHtml(p.sizes)}"` : ""} fetchpriority="high">`,
    )
    .join("\n    ");
}

/** Place head tags (and extra meta) into the built index.html at its marker. */
export function injectHead(template: string, headHtml: string): string {
  // A function, so "$`", "$&" and the like in a title are text, not replacement patterns.
  return template.replace(/<title>[^<]*<\/title>\s*<!--head-tags-->|<!--head-tags-->/, () => headHtml);
}
