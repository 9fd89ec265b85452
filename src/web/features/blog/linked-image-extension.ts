import { mergeAttributes, type Attribute } from "@tiptap/core";
import Image from "@tiptap/extension-image";

// Text carries its link as a mark, but a picture is a block, which carries no marks: a stored
// <a href><img></a> would lose its link on the next save. The link is kept as the picture's own.

const PICTURE = 'img[src]:not([src^="data:"])';

/** The picture an element stands for: itself, or the one a paragraph holds. */
const pictureOf = (element: HTMLElement): HTMLElement =>
  element.matches(PICTURE) ? element : element.querySelector<HTMLElement>(PICTURE)!;

/** A paragraph holding one picture (perhaps linked) and nothing else, as Markdown writes a picture. */
function holdsOnlyAPicture(paragraph: HTMLElement): boolean {
  const inside = [...paragraph.querySelectorAll("*")];
  const [picture, ...others] = inside.filter((element) => element.localName !== "a");
  return (
    !paragraph.textContent?.trim() &&
    others.length === 0 &&
    Boolean(picture?.matches(PICTURE)) &&
    inside.every((element) => element === picture || element.contains(picture!))
  );
}

const fromLink = (name: "href" | "title"): Attribute => ({
  default: null,
  parseHTML: (element) => pictureOf(element).closest("a[href]")?.getAttribute(name) ?? null,
  // Written around the picture by renderHTML, never on the <img>.
  renderHTML: () => ({}),
});

/** An uploaded or linked picture, inside the link around it if it has one. */
export const LinkedImage = Image.extend({
  addAttributes() {
    const own = (Object.entries(this.parent?.() ?? {}) as [string, Attribute][]).map(
      ([name, attribute]): [string, Attribute] => [
        name,
        { ...attribute, parseHTML: (element) => pictureOf(element).getAttribute(name) },
      ],
    );
    return { ...Object.fromEntries(own), linkHref: fromLink("href"), linkTitle: fromLink("title") };
  },
  parseHTML() {
    return [
      ...(this.parent?.() ?? []),
      // Read as a paragraph, it would be left behind empty above the picture, a blank line more.
      { tag: "p", priority: 60, getAttrs: (paragraph) => (holdsOnlyAPicture(paragraph) ? null : false) },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const image: [string, Record<string, unknown>] = [
      "img",
      mergeAttributes(this.options.HTMLAttributes, HTMLAttributes),
    ];
    const { linkHref, linkTitle } = node.attrs as { linkHref: string | null; linkTitle: string | null };
    return linkHref ? ["a", { href: linkHref, ...(linkTitle ? { title: linkTitle } : {}) }, image] : image;
  },
});
