import { useEffect } from "react";
import { Globe } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { isLocale, LOCALES, SOURCE_LOCALE } from "../../shared/i18n/locales";
import { useAuth } from "../lib/auth";
import { changeLanguage, chooseLanguage, chosenLocale } from "../lib/i18n";

/**
 * The language of the whole app, on every page: a globe and the language's short name, over the
 * device's own list of languages (a phone's picker wheel, a desktop's menu), each named in itself.
 * Signed in, the choice is kept on the account; on a device that has no choice of its own yet, the
 * account's language is taken at sign-in.
 */
export function LanguagePicker() {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const current = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  const accountLanguage = user?.language ?? null;

  useEffect(() => {
    // This device's choice (its cookie) stands; an address in another language was opened on purpose.
    if (accountLanguage && accountLanguage !== chosenLocale() && accountLanguage !== current)
      void changeLanguage(accountLanguage);
  }, [accountLanguage, current]);

  return (
    <label className="relative inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center gap-1 rounded-full text-sm font-semibold text-ink-soft transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent hover:bg-paper-deep hover:text-ink sm:px-2.5">
      <Globe className="h-5 w-5" aria-hidden />
      <span aria-hidden className="hidden uppercase sm:inline">
        {current.split("-")[0]}
      </span>
      <select
        aria-label={t`Language`}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next))
            void chooseLanguage(next, Boolean(user), t`Your language could not be saved on your account`);
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
