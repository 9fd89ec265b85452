import { Node } from "@tiptap/core";

// A picture with its caption, as the sanitiser keeps it: <figure><img …><figcaption>…</figcaption></figure>.
// Without these two nodes the editor would read a stored figure as a bare image and drop the
// caption on the next save.

/** The caption: plain inline text (bold, italic and links allowed), under the picture. */
export const Figcaption = Node.create({
  name: "figcaption",
  content: "inline*",
  defining: true,
  parseHTML: () => [{ tag: "figcaption" }],
  renderHTML: ({ HTMLAttributes }) => ["figcaption", HTMLAttributes, 0],
});

/** A block holding one image and, optionally, its caption. */
export const Figure = Node.create({
  name: "figure",
  group: "block",
  content: "image figcaption?",
  defining: true,
  isolating: true,
  parseHTML: () => [{ tag: "figure" }],
  renderHTML: ({ HTMLAttributes }) => ["figure", HTMLAttributes, 0],
});
