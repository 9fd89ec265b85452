import type { MailMessage } from "../../mail/mailer";
import { escapeHtml } from "../../mail/escape-html";
import type { ProSetting } from "../../auth/pro";

// The one e-mail the Pro waitlist was promised ("We'll email you when Pro launches"): Pro is now
// theirs (decision 031). Plain text and HTML, one link to the library, nothing that tracks the
// reader (no pixel, no query on the link).

export const PRO_NEWS_SUBJECT = "Dragon Grid Pro is ready for you";

/** What the message says: Pro given to their account (PRO=granted), or open to every member (PRO=everyone). */
function explain(setting: Exclude<ProSetting, "off">): { text: string; next: string } {
  if (setting === "granted") {
    return {
      text: "You joined the Dragon Grid Pro waitlist, and Pro is now switched on for your account.",
      next: "Sign in with this e-mail address to upload your own pictures and draw them square by square with the grid. Your pictures stay private: only you see them.",
    };
  }
  return {
    text: "You joined the Dragon Grid Pro waitlist, and Pro is now open to every member.",
    next: "Sign in, or create an account with this e-mail address and verify it, to upload your own pictures and draw them square by square with the grid. Your pictures stay private: only you see them.",
  };
}

const ONCE = "This is the one e-mail we promised when you joined the waitlist; we will not write about it again.";

/** The message to one waitlist address; `link` is the site's /home. */
export function proNewsEmail(to: string, setting: Exclude<ProSetting, "off">, link: string): MailMessage {
  const { text: intro, next } = explain(setting);
  const text = ["Hi,", "", intro, "", next, "", link, "", ONCE, "", "Happy drawing,", "Dragon Grid"].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#fffcf7;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">${escapeHtml(PRO_NEWS_SUBJECT)}</h1>
<p>Hi,</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(next)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#c2410c;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold;display:inline-block">Open Dragon Grid</a></p>
<p style="font-size:14px;color:#5f5247">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}" style="color:#9a3412;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#5f5247">${escapeHtml(ONCE)}</p>
<p>Happy drawing,<br>Dragon Grid</p>
</div></body></html>`;
  return { to, subject: PRO_NEWS_SUBJECT, text, html };
}
