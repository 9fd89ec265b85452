import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useLocation } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { ImagePlus, LoaderCircle, Plus, Trash2, X } from "lucide-react";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Switch } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import {
  BLOG_EXCERPT_MAX,
  BLOG_META_DESCRIPTION_MAX,
  BLOG_META_TITLE_MAX,
  BLOG_SLUG_MAX,
  BLOG_TAGS_MAX,
  BLOG_TAG_MAX,
  BLOG_TITLE_MAX,
  blogPostInputSchema,
} from "../../../shared/blog";
import type { AdminBlogPost } from "../../../shared/blog/responses";
import { isLocale, LOCALES, SOURCE_LOCALE, type Locale } from "../../../shared/i18n/locales";
import { slugify } from "../../../shared/slug";
import {
  BLOG_IMAGE_TYPES,
  createBlogPost,
  formValues,
  refreshBlog,
  toBlogPayload,
  updateBlogPost,
  type BlogFormValues,
} from "./admin-api";
import { uploadImageWithToasts } from "./image-upload";
import { RichTextEditor } from "./rich-text-editor";

const fieldClass =
  "w-full min-w-0 rounded-xl border border-line bg-white px-3.5 text-base text-ink shadow-inner shadow-black/[0.02] placeholder:text-ink-soft/60 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 disabled:opacity-60";

/** A text input or textarea with its label and an "n/limit" counter that screen readers hear too. */
function CountedField({
  label,
  value,
  onChange,
  max,
  multiline = false,
  placeholder,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
}) {
  const id = useId();
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const props = {
    id,
    value,
    maxLength: max,
    placeholder,
    "aria-describedby": hint ? `${hintId} ${counterId}` : counterId,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value.slice(0, max)),
  };
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        <span
          id={counterId}
          className={`text-xs tabular-nums ${value.length >= max ? "font-semibold text-accent-strong" : "text-ink-soft"}`}
        >
          {value.length}/{max}
        </span>
      </div>
      {multiline ? (
        <textarea rows={3} className={`${fieldClass} py-2.5`} {...props} />
      ) : (
        <input className={`${fieldClass} min-h-11`} {...props} />
      )}
      {hint && (
        <p id={hintId} className="text-xs text-ink-soft">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Tags typed one at a time, added with the Add button or Enter; each can be removed. */
function TagsField({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState("");
  const id = useId();
  const full = tags.length >= BLOG_TAGS_MAX;
  const add = () => {
    const tag = draft.trim().replace(/\s+/g, " ");
    if (!tag || full) return;
    // The server merges tags that differ only in case; so does the form, keeping the first.
    if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) onChange([...tags, tag]);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // Enter adds the tag; it must not submit the form.
    event.preventDefault();
    add();
  };
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          <Trans>Tags</Trans>
        </label>
        <span className="text-xs tabular-nums text-ink-soft">
          {tags.length}/{BLOG_TAGS_MAX}
        </span>
      </div>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          maxLength={BLOG_TAG_MAX}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={full}
          placeholder={full ? t`Tag limit reached` : t`e.g. beginners`}
          className={`${fieldClass} min-h-11 flex-1`}
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim() || full}>
          <Plus className="h-4 w-4" aria-hidden /> <Trans>Add</Trans>
        </Button>
      </div>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Tags of this post`}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center rounded-full bg-accent-soft ps-3 text-sm font-semibold text-accent-strong"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                aria-label={t`Remove tag ${tag}`}
                className="inline-flex h-11 w-10 items-center justify-center rounded-full hover:text-ink"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The featured image: upload (image files only), a 16:9 preview as the blog's cards show it, remove. */
function FeaturedImageField({ url, onChange }: { url: string; onChange: (url: string) => void }) {
  const { t, i18n } = useLingui();
  const [uploading, setUploading] = useState(false);
  const inputId = useId();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const objectPath = await uploadImageWithToasts(file, i18n);
    setUploading(false);
    if (objectPath) onChange(objectPath);
  };
  return (
    <div className="grid gap-2">
      <span className="text-sm font-semibold text-ink">
        <Trans>Featured image</Trans>
      </span>
      {url ? (
        <img
          src={url}
          alt={t`Featured image preview`}
          width={640}
          height={360}
          className="aspect-video w-full rounded-xl border border-line bg-paper-deep object-cover"
        />
      ) : (
        <div className="paper-grid flex aspect-video w-full items-center justify-center rounded-xl border border-dashed border-line text-center text-sm text-ink-soft">
          <span className="px-4">{uploading ? t`Uploading...` : t`No image yet: the post shows a placeholder`}</span>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {/* The file input itself takes focus (it is visually hidden); its label is the button people see. */}
        <input
          id={inputId}
          type="file"
          accept={BLOG_IMAGE_TYPES.join(",")}
          className="peer sr-only"
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            void upload(file);
          }}
        />
        <label
          htmlFor={inputId}
          className={buttonClass(
            "secondary",
            `cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:cursor-not-allowed peer-disabled:opacity-50`,
          )}
        >
          {uploading ? (
            <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <ImagePlus className="h-4 w-4" aria-hidden />
          )}
          {uploading ? t`Uploading...` : url ? t`Replace featured image` : t`Upload featured image`}
        </label>
        {url && (
          <Button variant="ghost" onClick={() => onChange("")} disabled={uploading}>
            <Trash2 className="h-4 w-4" aria-hidden /> <Trans>Remove image</Trans>
          </Button>
        )}
      </div>
      <p className="text-xs text-ink-soft">
        <Trans>PNG, JPEG, WebP or GIF. Shown 16:9 on the blog list and 21:9 on the post.</Trans>
      </p>
    </div>
  );
}

/** The language the post is written in, each language named in itself (as the language picker names them). */
function LanguageField({ value, onChange }: { value: Locale; onChange: (language: Locale) => void }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={hintId}
        onChange={(event) => {
          if (isLocale(event.target.value)) onChange(event.target.value);
        }}
        className={`${fieldClass} min-h-11 cursor-pointer`}
      >
        {LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code}>
            {locale.name}
          </option>
        ))}
      </select>
      <p id={hintId} className="text-xs text-ink-soft">
        <Trans>The language the post is written in. Readers can filter the blog by it.</Trans>
      </p>
    </div>
  );
}

/** /admin/blog/new and /admin/blog/edit/{id}: every field of a post, the Publish switch, Cancel and Save Post. */
export function BlogForm({ post }: { post?: AdminBlogPost }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<BlogFormValues>(() =>
    formValues(post, isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE),
  );
  const [saving, setSaving] = useState(false);
  const fields = useRef<HTMLDivElement>(null);
  const contentLabelId = useId();
  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const payload = toBlogPayload(values);
    const checked = blogPostInputSchema.safeParse(payload);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      toast({ title: t`Error`, description: issue.message, variant: "destructive" });
      // The field at fault takes focus (the title's input, or the editor for the content).
      if (issue.path[0] === "title") fields.current?.querySelector<HTMLElement>("input")?.focus();
      else if (issue.path[0] === "content") fields.current?.querySelector<HTMLElement>("[contenteditable]")?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = post ? await updateBlogPost(post.id, payload) : await createBlogPost(payload);
      toast({
        title: t`Success`,
        description: post ? t`Blog post updated successfully!` : t`Blog post created successfully!`,
      });
      await refreshBlog([...new Set([post?.slug, saved.slug].filter((slug): slug is string => Boolean(slug)))]);
      navigate("/admin/blog/list");
    } catch (error) {
      setSaving(false);
      if (isUnauthorizedError(error)) handleUnauthorized();
      else
        toast({
          title: t`Error`,
          description: serverMessage(error) ?? (post ? t`Failed to update blog post` : t`Failed to create blog post`),
          variant: "destructive",
        });
    }
  };

  const typedSlug = values.slug.trim();
  const titleSlug = slugify(values.title);
  const slugHint = typedSlug
    ? t`The post's address: /blog/${typedSlug}`
    : titleSlug
      ? t`Empty: the address is made from the title, /blog/${titleSlug} (a number is added if it is taken).`
      : t`Lower-case letters, digits and hyphens; leave it empty to make one from the title.`;
  const actions = (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end lg:[&>*]:flex-1">
      <Link
        href="/admin/blog/list"
        className={buttonClass("secondary")}
        aria-disabled={saving}
        onClick={(event) => saving && event.preventDefault()}
      >
        <Trans>Cancel</Trans>
      </Link>
      <Button type="submit" disabled={saving}>
        {saving ? t`Saving...` : t`Save Post`}
      </Button>
    </div>
  );
  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
    >
      <div ref={fields} className="min-w-0">
        <Card className="grid grid-cols-1 gap-5 p-5 sm:p-7">
          <TextField
            label={t`Title`}
            value={values.title}
            onChange={(event) => set("title", event.target.value)}
            maxLength={BLOG_TITLE_MAX}
            aria-required
            placeholder={t`How to draw dragon scales`}
          />
          <LanguageField value={values.language} onChange={(language) => set("language", language)} />
          <TextField
            label={t`Slug`}
            value={values.slug}
            onChange={(event) => set("slug", event.target.value.toLowerCase())}
            maxLength={BLOG_SLUG_MAX}
            placeholder={t`generated from the title when empty`}
            hint={slugHint}
            spellCheck={false}
            autoCapitalize="off"
          />
          <div className="grid gap-1.5">
            <span id={contentLabelId} className="text-sm font-semibold text-ink">
              <Trans>Content</Trans>
            </span>
            <RichTextEditor
              labelId={contentLabelId}
              initialHtml={values.content}
              onChange={(html) => set("content", html)}
            />
          </div>
          <CountedField
            label={t`Excerpt`}
            value={values.excerpt}
            onChange={(value) => set("excerpt", value)}
            max={BLOG_EXCERPT_MAX}
            multiline
            placeholder={t`A sentence or two for the blog list`}
          />
        </Card>
      </div>

      <div className="grid grid-cols-1 gap-6">
        <Card className="grid grid-cols-1 gap-5 p-5 sm:p-6">
          <Switch
            label={t`Publish`}
            description={values.published ? t`Everyone can read this post` : t`Draft: only admins can see it`}
            checked={values.published}
            onCheckedChange={(published) => set("published", published)}
          />
          <div className="hidden lg:block">{actions}</div>
        </Card>
        <Card className="grid grid-cols-1 gap-5 p-5 sm:p-6">
          <FeaturedImageField url={values.featuredImageUrl} onChange={(url) => set("featuredImageUrl", url)} />
          <TagsField tags={values.tags} onChange={(tags) => set("tags", tags)} />
        </Card>
        <Card className="grid grid-cols-1 gap-5 p-5 sm:p-6">
          <h2 className="text-xl font-bold">
            <Trans>Search and sharing</Trans>
          </h2>
          <CountedField
            label={t`Meta title`}
            value={values.metaTitle}
            onChange={(value) => set("metaTitle", value)}
            max={BLOG_META_TITLE_MAX}
            hint={t`Shown by search engines and link previews; the title when empty.`}
          />
          <CountedField
            label={t`Meta description`}
            value={values.metaDescription}
            onChange={(value) => set("metaDescription", value)}
            max={BLOG_META_DESCRIPTION_MAX}
            multiline
            hint={t`The excerpt when empty.`}
          />
        </Card>
      </div>

      {/* Below everything on small screens; at the top of the side column on wide ones, clear of the toasts' corner. */}
      <div className="lg:hidden">{actions}</div>
    </form>
  );
}
