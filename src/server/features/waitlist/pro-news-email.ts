import type { MailMessage } from "../../mail/mailer";
import { escapeHtml } from "../../mail/escape-html";
import { letter, PAGE_END } from "../../mail/letter";
import type { Locale } from "../../../shared/i18n/locales";
import type { TranslateMessage } from "../../../shared/i18n/translate";
import type { ProSetting } from "../../auth/pro";

// The one e-mail the Pro waitlist was promised ("We'll email you when Pro launches"): Pro is now
// theirs (decision 031). Plain text and HTML, one link to the library, nothing that tracks the
// reader (no pixel, no query on the link).

export const PRO_NEWS_SUBJECT = /*i18n*/ "Dragon Grid Pro is ready for you";

/** What the message says: Pro given to their account (PRO=granted), or open to every member (PRO=everyone). */
function explain(t: TranslateMessage, setting: Exclude<ProSetting, "off">): { text: string; next: string } {
  if (setting === "granted") {
    return {
      text: t(/*i18n*/ "You joined the Dragon Grid Pro waitlist, and Pro is now switched on for your account."),
      next: t(
        /*i18n*/ "Sign in with this e-mail address to upload your own pictures and draw them square by square with the grid. Your pictures stay private: only you see them.",
      ),
    };
  }
  return {
    text: t(/*i18n*/ "You joined the Dragon Grid Pro waitlist, and Pro is now open to every member."),
    next: t(
      /*i18n*/ "Sign in, or create an account with this e-mail address and verify it, to upload your own pictures and draw them square by square with the grid. Your pictures stay private: only you see them.",
    ),
  };
}

/** The message to one waitlist address, in the language it joined in; `link` is the site's /home. */
export function proNewsEmail(
  to: string,
  setting: Exclude<ProSetting, "off">,
  link: string,
  locale: Locale,
): MailMessage {
  const words = letter(locale, null);
  const { t, hello } = words;
  const subject = t(PRO_NEWS_SUBJECT);
  const { text: intro, next } = explain(t, setting);
  const once = t(
    /*i18n*/ "This is the one e-mail we promised when you joined the waitlist; we will not write about it again.",
  );
  const text = [hello, "", intro, "", next, "", link, "", once, "", ...words.signOff].join("\n");
  const html = `${words.pageStart}
<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(next)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#c2410c;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold;display:inline-block">${escapeHtml(t(/*i18n*/ "Open Dragon Grid"))}</a></p>
<p style="font-size:14px;color:#5f5247">${escapeHtml(t(/*i18n*/ "If the button does not work, copy this address into your browser:"))}<br><a href="${escapeHtml(link)}" style="color:#9a3412;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#5f5247">${escapeHtml(once)}</p>
<p>${words.signOff.map(escapeHtml).join("<br>")}</p>
${PAGE_END}`;
  return { to, subject, text, html };
}
