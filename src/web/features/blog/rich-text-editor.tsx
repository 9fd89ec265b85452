import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  LoaderCircle,
  Quote,
  Redo2,
  Undo2,
} from "lucide-react";
import { toast } from "../../components/ui/use-toast";
import { BLOG_IMAGE_TYPES } from "./admin-api";
import { BlogStarterKit } from "./blog-starter-kit";
import { Figcaption, Figure } from "./figure-extension";
import { uploadImageWithToasts } from "./image-upload";
import { LinkedImage } from "./linked-image-extension";

// The editor reads and writes exactly what the server's sanitiser keeps (src/shared/blog/html.ts):
// no underline, no strike-through, headings from h2. The round-trip journey
// (e2e/blog-editor-round-trip.test.ts) saves every declared element and attribute through it.
const extensions = [
  BlogStarterKit.configure({
    // h4 too, so a stored h4 survives an edit; the toolbar offers h2 and h3.
    heading: { levels: [2, 3, 4] },
    underline: false,
    strike: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      // The server sets rel on links that leave the site and keeps no target.
      HTMLAttributes: { target: null, rel: null },
    },
  }),
  LinkedImage.configure({ inline: false, allowBase64: false }),
  Figure,
  Figcaption,
];

/** What a link typed into the prompt becomes: https:// is added to a bare address ("example.com/x"). */
export function normalizeHref(input: string): string | null {
  const href = input.trim();
  if (/^(https?:\/\/|mailto:)/i.test(href)) return /\s/.test(href) ? null : href;
  if (/^\/(?![/\\])/.test(href) || href.startsWith("#")) return /[\s\\]/.test(href) ? null : href;
  // Anything else with a scheme (javascript:, data:...) is refused; a bare host gets https://.
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || /\s/.test(href) || !href.includes(".")) return null;
  return `https://${href}`;
}

/** Ask for a link's address and set it (`i18n`: the I18nProvider's, for the page's language). */
function setLink(editor: Editor, i18n: I18n) {
  const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
  const answer = window.prompt(i18n._(msg`Link URL (leave empty to remove the link)`), previous);
  if (answer === null) return;
  if (answer.trim() === "") {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return;
  }
  const href = normalizeHref(answer);
  if (!href) {
    toast({
      title: i18n._(msg`Error`),
      description: i18n._(
        msg`Links must be web addresses (https://...), e-mail addresses (mailto:...) or paths on this site (/...)`,
      ),
      variant: "destructive",
    });
    return;
  }
  if (editor.state.selection.empty && !editor.isActive("link")) {
    // Nothing selected: the address itself becomes the link's text.
    editor
      .chain()
      .focus()
      .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
      .run();
  } else {
    editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  }
}

interface ToolbarItem {
  label: string;
  icon: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
  /** A thin divider before this button. */
  group?: boolean;
}

/**
 * A WAI-ARIA toolbar: one tab stop, arrow keys (and Home, End) move between the buttons. Toggle
 * buttons say whether they are on (aria-pressed).
 */
function Toolbar({ items, disabled: allDisabled }: { items: ToolbarItem[]; disabled: boolean }) {
  const { t } = useLingui();
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Right to left (Arabic), the buttons run from right to left: the arrow keys follow them.
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else if (step) next = (current + step + items.length) % items.length;
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="toolbar"
      aria-label={t`Formatting`}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 border-b border-line bg-paper-deep p-1"
    >
      {items.map((item, index) => {
        const disabled = allDisabled || item.disabled;
        return (
          <span key={item.label} className="contents">
            {item.group && <span aria-hidden className="mx-1 h-6 w-px bg-line" />}
            <button
              ref={(node) => {
                refs.current[index] = node;
              }}
              type="button"
              aria-label={item.label}
              title={item.label}
              aria-pressed={item.pressed}
              // Disabled buttons stay focusable (aria-disabled) so the arrow keys never get stuck.
              aria-disabled={disabled || undefined}
              tabIndex={index === current ? 0 : -1}
              // A mouse-down would move focus out of the editor first and lose its selection.
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setCurrent(index)}
              onClick={() => !disabled && item.run()}
              className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg transition-colors aria-disabled:cursor-not-allowed aria-disabled:opacity-40 ${item.pressed ? "bg-accent text-white hover:bg-accent-strong" : "text-ink hover:bg-white"}`}
            >
              {item.icon}
            </button>
          </span>
        );
      })}
    </div>
  );
}

/**
 * The post body's editor (TipTap): headings, bold, italic, lists, links, quotes and uploaded
 * images. Answers HTML through onChange ("" when empty); the server sanitises it on save.
 */
export function RichTextEditor({
  labelId,
  initialHtml,
  onChange,
}: {
  labelId: string;
  initialHtml: string;
  onChange: (html: string) => void;
}) {
  const { t, i18n } = useLingui();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const editor = useEditor({
    extensions,
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "blog-prose min-h-72 px-4 py-4 focus:outline-none sm:px-6",
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor }) =>
      editor
        ? {
            h2: editor.isActive("heading", { level: 2 }),
            h3: editor.isActive("heading", { level: 3 }),
            bold: editor.isActive("bold"),
            italic: editor.isActive("italic"),
            bullet: editor.isActive("bulletList"),
            ordered: editor.isActive("orderedList"),
            quote: editor.isActive("blockquote"),
            link: editor.isActive("link"),
            canUndo: editor.can().undo(),
            canRedo: editor.can().redo(),
          }
        : null,
  });

  const insertImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    setUploading(true);
    const src = await uploadImageWithToasts(file, i18n);
    setUploading(false);
    if (!src) return;
    const suggested = file.name.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ");
    const alt = window.prompt(t`Describe the image for people who cannot see it (alt text)`, suggested) ?? "";
    editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
  };

  const off = !editor || !state;
  const chain = () => editor!.chain().focus();
  const iconClass = "h-5 w-5";
  const items: ToolbarItem[] = [
    {
      label: t`Heading 2`,
      icon: <Heading2 className={iconClass} aria-hidden />,
      pressed: Boolean(state?.h2),
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: t`Heading 3`,
      icon: <Heading3 className={iconClass} aria-hidden />,
      pressed: Boolean(state?.h3),
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: t`Bold`,
      icon: <Bold className={iconClass} aria-hidden />,
      pressed: Boolean(state?.bold),
      run: () => chain().toggleBold().run(),
      group: true,
    },
    {
      label: t`Italic`,
      icon: <Italic className={iconClass} aria-hidden />,
      pressed: Boolean(state?.italic),
      run: () => chain().toggleItalic().run(),
    },
    {
      label: t`Bullet list`,
      icon: <List className={iconClass} aria-hidden />,
      pressed: Boolean(state?.bullet),
      run: () => chain().toggleBulletList().run(),
      group: true,
    },
    {
      label: t`Numbered list`,
      icon: <ListOrdered className={iconClass} aria-hidden />,
      pressed: Boolean(state?.ordered),
      run: () => chain().toggleOrderedList().run(),
    },
    {
      label: t`Quote`,
      icon: <Quote className={iconClass} aria-hidden />,
      pressed: Boolean(state?.quote),
      run: () => chain().toggleBlockquote().run(),
    },
    {
      label: t`Link`,
      icon: <Link2 className={iconClass} aria-hidden />,
      pressed: Boolean(state?.link),
      run: () => setLink(editor!, i18n),
      group: true,
    },
    {
      label: t`Insert image`,
      icon: uploading ? (
        <LoaderCircle className={`${iconClass} animate-spin`} aria-hidden />
      ) : (
        <ImagePlus className={iconClass} aria-hidden />
      ),
      disabled: uploading,
      run: () => fileInput.current?.click(),
    },
    {
      label: t`Undo`,
      icon: <Undo2 className={iconClass} aria-hidden />,
      disabled: !state?.canUndo,
      run: () => chain().undo().run(),
      group: true,
    },
    {
      label: t`Redo`,
      icon: <Redo2 className={iconClass} aria-hidden />,
      disabled: !state?.canRedo,
      run: () => chain().redo().run(),
    },
  ];

  return (
    <div className="overflow-hidden rounded-xl border border-line bg-white focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30">
      <Toolbar items={items} disabled={off} />
      <input
        ref={fileInput}
        type="file"
        accept={BLOG_IMAGE_TYPES.join(",")}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          void insertImage(file);
        }}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
