import StarterKit from "@tiptap/starter-kit";

/**
 * Tiptap's StarterKit with inline code that keeps what the sanitiser keeps on it: its language
 * class (language-*), and other marks around it. Tiptap's own shuts every other mark out, so a
 * stored <a href><code>…</code></a> lost its link on the next save.
 */
export const BlogStarterKit = StarterKit.extend({
  addExtensions() {
    return (this.parent?.() ?? []).map((extension) =>
      extension.name === "code"
        ? extension.extend({
            excludes: "code",
            addAttributes: () => ({
              class: {
                default: null,
                parseHTML: (element: HTMLElement) => element.getAttribute("class"),
                renderHTML: (attributes: Record<string, unknown>) =>
                  attributes.class ? { class: attributes.class as string } : {},
              },
            }),
          })
        : extension,
    );
  },
});
