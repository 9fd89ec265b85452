import { Node } from "@tiptap/core";

// A figure as the sanitiser keeps it: pictures, quotations, code or text, with a caption above or
// below them (or none). Without these two nodes the editor would read a stored figure as its loose
// contents and drop the figure and its caption on the next save.

/** The caption: plain inline text (bold, italic and links allowed). */
export const Figcaption = Node.create({
  name: "figcaption",
  content: "inline*",
  defining: true,
  parseHTML: () => [{ tag: "figcaption" }],
  renderHTML: ({ HTMLAttributes }) => ["figcaption", HTMLAttributes, 0],
});

/**
 * A block holding blocks (usually one image) and, optionally, its caption. Blocks come first in
 * the expression so that loose text in a stored figure is read as a paragraph, not as a caption.
 */
export const Figure = Node.create({
  name: "figure",
  group: "block",
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a ProseMirror content expression, not words
  content: "block* figcaption? block*",
  defining: true,
  isolating: true,
  parseHTML: () => [{ tag: "figure" }],
  renderHTML: ({ HTMLAttributes }) => ["figure", HTMLAttributes, 0],
});
