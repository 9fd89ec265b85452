import { useId } from "react";
import { Languages } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card } from "../../components/ui/card";
import { chooseLanguage } from "../../lib/i18n";
import { isLocale, LOCALES, SOURCE_LOCALE } from "../../../shared/i18n/locales";

/**
 * 'Language' on the profile: the same choice as the globe in the header, said in words, and kept
 * on the account, so screens and e-mails follow it on every device the person signs in on.
 */
export function LanguageCard() {
  const { t, i18n } = useLingui();
  const id = useId();
  const current = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <Languages className="h-5 w-5 text-accent" aria-hidden /> <Trans>Language</Trans>
      </h2>
      <label htmlFor={id} className="mt-1 block text-sm text-ink-soft">
        <Trans>
          Dragon Grid speaks to you in this language, on screen and by e-mail, on every device you sign in on.
        </Trans>
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void chooseLanguage(next, true, t`Your language could not be saved on your account`);
        }}
        className="mt-4 min-h-11 w-full cursor-pointer rounded-xl border border-line bg-white px-3.5 text-base text-ink focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
      >
        {LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code}>
            {locale.name}
          </option>
        ))}
      </select>
    </Card>
  );
}
