import type { PageMeta, PagePreload } from "../../../shared/page-meta";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`);

/** The head tags every page carries, so link previews work for crawlers that run no JavaScript. */
export function renderHeadTags(meta: PageMeta & { image: string }, origin: string, pathname: string): string {
  const url = absolute(origin, pathname);
  const image = absolute(origin, meta.image);
  const tags: [string, string, string][] = [
    ["name", "description", meta.description],
    ["property", "og:type", "website"],
    ["property", "og:site_name", "Dragon Grid"],
    ["property", "og:title", meta.title],
    ["property", "og:description", meta.description],
    ["property", "og:image", image],
    ["property", "og:url", url],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", meta.title],
    ["name", "twitter:description", meta.description],
    ["name", "twitter:image", image],
  ];
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-page-meta>`),
    `<link rel="canonical" href="${escapeHtml(url)}" data-page-meta>`,
  ].join("\n    ");
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
  return template.replace(/<title>[^<]*<\/title>\s*<!--head-tags-->|<!--head-tags-->/, headHtml);
}
