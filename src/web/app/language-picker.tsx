import { Globe } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { isLocale, LOCALES, SOURCE_LOCALE } from "../../shared/i18n/locales";
import { changeLanguage } from "../lib/i18n";

/**
 * The language of the whole app, on every page: a globe and the language's short name, over the
 * device's own list of languages (a phone's picker wheel, a desktop's menu), each named in itself.
 */
export function LanguagePicker() {
  const { t, i18n } = useLingui();
  const current = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  return (
    <label className="relative inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center gap-1 rounded-full text-sm sm:px-2.5 font-semibold text-ink-soft transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent hover:bg-paper-deep hover:text-ink">
      <Globe className="h-5 w-5" aria-hidden />
      <span aria-hidden className="hidden uppercase sm:inline">
        {current.split("-")[0]}
      </span>
      <select
        aria-label={t`Language`}
        value={current}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLanguage(event.target.value);
        }}
        className="absolute inset-0 cursor-pointer appearance-none opacity-0"
      >
        {LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code}>
            {locale.name}
          </option>
        ))}
      </select>
    </label>
  );
}
