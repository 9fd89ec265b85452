import { describe, expect, it } from "vitest";
import { BLOG_HTML_ELEMENTS, BLOG_HTML_RENAMED } from "../../../shared/blog/html";
import { sanitizeBlogHtml } from "./sanitize";

// The sanitiser keeps exactly the shared declaration: every element and attribute in it, and
// nothing else, whatever the declaration says at the time.

/** A value the sanitiser accepts for each declared attribute. */
const VALID_VALUES: Record<string, string> = {
  href: "https://example.com/guide",
  title: "A title",
  rel: "noopener noreferrer nofollow",
  start: "3",
  class: "language-ts",
  src: "https://images.example.com/scales.png",
  alt: "Scales on squared paper",
  width: "640",
  height: "480",
};

const VOID = new Set(["br", "hr", "img"]);
const declared = Object.entries(BLOG_HTML_ELEMENTS) as [string, readonly string[]][];

/** The element with these attributes, written the way the sanitiser writes it. */
function element(tag: string, attributes: [string, string][]): string {
  const attrs = attributes.map(([name, value]) => ` ${name}="${value}"`).join("");
  return VOID.has(tag) ? `<${tag}${attrs} />` : `<${tag}${attrs}>Text</${tag}>`;
}

// Every element of the HTML standard (and a few obsolete ones browsers still parse).
const HTML_ELEMENTS =
  `a abbr acronym address area article aside audio b base bdi bdo big blink blockquote body br button
canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset
figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins
kbd label legend li link main map mark marquee math menu meta meter nav nobr noembed noframes noscript object ol
optgroup option output p param picture plaintext pre progress q rp rt ruby s samp script search section select slot
small source span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title
tr track tt u ul var video wbr xmp`.split(/\s+/);

// Script, form-control and embedding containers: their content goes with them (embed is void: it has none).
const RAW_TEXT = new Set([
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
  "select",
]);

// Global attributes, event handlers and the attributes of the declared elements that are not declared.
const OTHER_ATTRIBUTES =
  `id class style lang dir hidden tabindex accesskey contenteditable draggable spellcheck translate
inert popover autofocus nonce slot is role aria-label aria-hidden data-x onclick onerror onload onmouseover target
download ping hreflang type referrerpolicy srcset sizes loading decoding crossorigin usemap ismap fetchpriority
reversed value cite datetime name`.split(/\s+/);

describe("the sanitiser keeps exactly the shared declaration", () => {
  it("keeps every declared element with every declared attribute", () => {
    for (const [tag, attributes] of declared) {
      const html = element(
        tag,
        attributes.map((name) => [name, VALID_VALUES[name]!]),
      );
      expect(sanitizeBlogHtml(html), tag).toBe(html);
    }
  });

  it("drops every other element, keeping its text, and renames the ones it stores under another name", () => {
    const renamed: Record<string, string> = BLOG_HTML_RENAMED;
    for (const tag of HTML_ELEMENTS) {
      if (tag in BLOG_HTML_ELEMENTS) continue;
      const kept = sanitizeBlogHtml(`Before <${tag}>inside</${tag}> after`);
      if (renamed[tag]) expect(kept, tag).toBe(`Before <${renamed[tag]}>inside</${renamed[tag]}> after`);
      else if (RAW_TEXT.has(tag)) expect(kept, tag).toBe("Before  after");
      else expect(kept, tag).toBe("Before inside after");
    }
  });

  it("drops every attribute that is not declared for its element", () => {
    for (const [tag, attributes] of declared) {
      for (const name of OTHER_ATTRIBUTES) {
        if (attributes.includes(name)) continue;
        const valid = attributes.map((declared): [string, string] => [declared, VALID_VALUES[declared]!]);
        expect(sanitizeBlogHtml(element(tag, [...valid, [name, "x"]])), `${name} on <${tag}>`).toBe(
          element(tag, valid),
        );
      }
    }
  });
});
