import type { MailMessage } from "./mailer";
import { escapeHtml } from "./escape-html";
import { PAGE_END, type Letter } from "./letter";

/** What differs between the messages that carry a one-time link (verification, password reset), in the letter's language. */
export interface LinkEmailContent {
  subject: string;
  heading: string;
  /** The first paragraph: in the text version it introduces the link, in HTML the button. */
  intro: { text: string; html: string };
  button: string;
  /** How long the link lasts, one sentence. */
  expiry: string;
  /** What to do if the message was not expected, one sentence. */
  ignore: string;
}

/** A message with a one-time link, in plain text and HTML, in the app's look. */
export function linkEmail(to: string, letter: Letter, link: string, content: LinkEmailContent): MailMessage {
  const { t, hello } = letter;
  const text = [
    hello,
    "",
    content.intro.text,
    "",
    link,
    "",
    `${content.expiry} ${content.ignore}`,
    "",
    ...letter.signOff,
  ].join("\n");
  const html = `${letter.pageStart}
<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(content.intro.html)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#c2410c;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold;display:inline-block">${escapeHtml(content.button)}</a></p>
<p style="font-size:14px;color:#5f5247">${escapeHtml(content.expiry)} ${escapeHtml(t(/*i18n*/ "If the button does not work, copy this address into your browser:"))}<br><a href="${escapeHtml(link)}" style="color:#9a3412;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#5f5247">${escapeHtml(content.ignore)}</p>
${PAGE_END}`;
  return { to, subject: content.subject, text, html };
}
