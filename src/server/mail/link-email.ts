import type { MailMessage } from "./mailer";
import { escapeHtml } from "./escape-html";

/** What differs between the messages that carry a one-time link (verification, password reset). */
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
export function linkEmail(to: string, firstName: string | null, link: string, content: LinkEmailContent): MailMessage {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const text = [
    hello,
    "",
    content.intro.text,
    "",
    link,
    "",
    `${content.expiry} ${content.ignore}`,
    "",
    "Happy drawing,",
    "Dragon Grid",
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#fffcf7;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(content.intro.html)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#c2410c;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold;display:inline-block">${escapeHtml(content.button)}</a></p>
<p style="font-size:14px;color:#5f5247">${escapeHtml(content.expiry)} If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}" style="color:#9a3412;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#5f5247">${escapeHtml(content.ignore)}</p>
</div></body></html>`;
  return { to, subject: content.subject, text, html };
}
