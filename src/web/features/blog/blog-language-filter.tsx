import { useEffect, useId } from "react";
import { useLocation, useSearch } from "wouter";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { BookOpen } from "lucide-react";
import { Button } from "../../components/ui/button";
import { isLocale, LOCALES, type Locale } from "../../../shared/i18n/locales";

// The blog list's language filter, loaded after the list's first load (which stays within its
// budget). The choice lives in the address (`/blog?language=es`): linkable, and kept on reload.

const BLOG = "/blog";

function useChoose(): (language: Locale | null) => void {
  const [, navigate] = useLocation();
  return (language) =>
    navigate(language ? `${BLOG}?language=${encodeURIComponent(language)}` : BLOG, { replace: true });
}

/**
 * "Post language": all languages, or one, each named in itself (as the language picker names
 * them). It tells the list the address's choice once it is on the page, so the list hydrates as
 * the server rendered it (every post) and filters right after.
 */
export function LanguageFilter({
  value,
  onChosen,
  count,
}: {
  value: Locale | null;
  onChosen: (language: Locale | null) => void;
  /** How many posts the chosen language has (null: none chosen, or not loaded yet). */
  count: number | null;
}) {
  const { t } = useLingui();
  const id = useId();
  const fromAddress = new URLSearchParams(useSearch()).get("language");
  const chosen = isLocale(fromAddress) ? fromAddress : null;
  useEffect(() => onChosen(chosen), [chosen, onChosen]);
  const choose = useChoose();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink-soft">
        <Trans>Post language</Trans>
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => choose(isLocale(event.target.value) ? event.target.value : null)}
        className="min-h-11 cursor-pointer rounded-xl border border-line bg-white ps-3.5 pe-9 text-base text-ink shadow-inner shadow-black/[0.02] focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
      >
        <option value="">{t`All languages`}</option>
        {LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code}>
            {locale.name}
          </option>
        ))}
      </select>
      {/* Tells screen readers what a choice of language left, as sighted readers see the list change. */}
      <p className="sr-only" aria-live="polite">
        {count === null ? "" : <Plural value={count} one="# post" other="# posts" />}
      </p>
    </div>
  );
}

/** No published post is written in the chosen language. */
export function NoPostsInLanguage() {
  const choose = useChoose();
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-10 text-center">
      <BookOpen className="mx-auto h-10 w-10 text-accent/70" aria-hidden />
      <h2 className="mt-3 text-2xl font-bold">
        <Trans>No Posts in This Language Yet</Trans>
      </h2>
      <p className="mt-2 text-ink-soft">
        <Trans>Choose another language, or see every post.</Trans>
      </p>
      <Button variant="secondary" onClick={() => choose(null)} className="mt-6">
        <Trans>Show all languages</Trans>
      </Button>
    </div>
  );
}
