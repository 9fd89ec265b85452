// What a blog post's body may hold (decision 011), declared once: the server's sanitiser keeps
// exactly these elements and attributes, the editor reads and writes every one of them, and the
// tests of both read this list, so a post written through the API survives an edit in the editor.

/** Each element a post may hold, with the attributes it may keep (their values are checked on the server). */
export const BLOG_HTML_ELEMENTS = {
  p: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  em: [],
  // rel is the server's: it marks links that leave the site.
  a: ["href", "title", "rel"],
  ul: [],
  ol: ["start"],
  li: [],
  blockquote: [],
  pre: [],
  // class: language-* only, the language of a code block.
  code: ["class"],
  hr: [],
  br: [],
  figure: [],
  figcaption: [],
  img: ["src", "alt", "title", "width", "height"],
} as const satisfies Record<string, readonly string[]>;

export type BlogHtmlElement = keyof typeof BLOG_HTML_ELEMENTS;

/**
 * Elements stored under another name: the page's title is the only h1, headings stop at h4, and
 * b and i are written as the strong and em the editor writes.
 */
export const BLOG_HTML_RENAMED = { h1: "h2", h5: "h4", h6: "h4", b: "strong", i: "em" } as const satisfies Record<
  string,
  BlogHtmlElement
>;
