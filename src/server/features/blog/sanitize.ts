import sanitizeHtml from "sanitize-html";
import { isAllowedImageUrl } from "../../../shared/blog";
import { BLOG_HTML_ELEMENTS, BLOG_HTML_RENAMED } from "../../../shared/blog/html";

/** rel of every link that leaves the site: no window.opener, no referrer, no ranking passed on. */
export const EXTERNAL_LINK_REL = "noopener noreferrer nofollow";

/** http(s) to anywhere, mailto, or a path or fragment of our own site; nothing else. */
function linkKind(href: string): "external" | "internal" | null {
  if (/^https?:\/\//i.test(href)) {
    try {
      const url = new URL(href);
      return url.protocol === "http:" || url.protocol === "https:" ? "external" : null;
    } catch {
      return null;
    }
  }
  if (/^mailto:[^\s]+$/i.test(href)) return "internal";
  // A single leading slash: "//host" and "/\host" are other sites to a browser.
  if (/^\/(?![/\\])/.test(href) || href.startsWith("#")) return /[\s\\]/.test(href) ? null : "internal";
  return null;
}

// The allowlist of decision 011, shared with the editor. Everything else is dropped: unknown tags
// lose their markup and keep their text; script-like containers lose their text too. Attribute
// values are checked after the parser has decoded entities, so encoded "javascript:" is seen as
// what it is.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(BLOG_HTML_ELEMENTS),
  allowedAttributes: Object.fromEntries(
    Object.entries(BLOG_HTML_ELEMENTS).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: "discard",
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "noembed",
    "noframes",
    "xmp",
    "template",
    "title",
    "object",
    "embed",
    "select",
  ],
  transformTags: {
    ...BLOG_HTML_RENAMED,
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? "";
      const kind = href ? linkKind(href) : null;
      const { title } = attribs;
      return {
        tagName,
        attribs: {
          ...(kind ? { href } : {}),
          ...(title ? { title } : {}),
          ...(kind === "external" ? { rel: EXTERNAL_LINK_REL } : {}),
        },
      };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? "";
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: isAllowedImageUrl(src) ? { src, ...rest } : rest };
    },
  },
  // A picture whose source was refused goes altogether.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Sanitise a post's HTML body: what is stored and served is this, never the input. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
