import type { MailMessage } from "../../mail/mailer";
import { escapeHtml } from "../../mail/escape-html";
import { EMAIL_KIND_LABELS, type EmailKind } from "../../../shared/notifications";

// The e-mails of notifications: one about one thing, or a digest of those that waited for the
// hour to pass. Every message carries the RFC 2369/8058 unsubscribe headers (mail providers show an
// "Unsubscribe" button that POSTs to the API) and a visible link to the web page that asks first.

/** One line of a message: the sentence shown in the bell, and the full address it leads to. */
export interface EmailLine {
  text: string;
  link: string;
}

/** Where a message's unsubscribe link and headers lead, for its kind. */
export interface UnsubscribeLinks {
  /** The web page (GET shows the kind, its button turns it off). */
  page: string;
  /** The API the one-click POST of RFC 8058 goes to. */
  oneClick: string;
}

export function unsubscribeLinks(publicUrl: string, token: string): UnsubscribeLinks {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${publicUrl}/unsubscribe?${query}`, oneClick: `${publicUrl}/api/notifications/unsubscribe?${query}` };
}

const SUBJECTS: Record<EmailKind, string> = {
  approved: "Your drawing was approved",
  rejected: "Your drawing was not approved",
  comment: "New comments on Dragon Grid",
};

/** One notification's message; a comment's subject is its sentence ("Ana commented on your dragon"). */
export function notificationEmail(
  to: string,
  firstName: string | null,
  kind: EmailKind,
  line: EmailLine,
  links: UnsubscribeLinks,
): MailMessage {
  return message(to, firstName, kind, kind === "comment" ? line.text : SUBJECTS[kind], [line], links);
}

/** The notifications that waited for the hour to pass, in one message. */
export function digestEmail(
  to: string,
  firstName: string | null,
  kind: EmailKind,
  lines: EmailLine[],
  links: UnsubscribeLinks,
): MailMessage {
  if (lines.length === 1) return notificationEmail(to, firstName, kind, lines[0]!, links);
  return message(to, firstName, kind, `${lines.length} new notifications on Dragon Grid`, lines, links);
}

function message(
  to: string,
  firstName: string | null,
  kind: EmailKind,
  subject: string,
  lines: EmailLine[],
  links: UnsubscribeLinks,
): MailMessage {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const why = `You get this email because "${EMAIL_KIND_LABELS[kind]}" is switched on in your Dragon Grid profile.`;
  const text = [
    hello,
    "",
    ...lines.flatMap((line) => [line.text, line.link, ""]),
    "Happy drawing,",
    "Dragon Grid",
    "",
    "--",
    why,
    `Stop these emails: ${links.page}`,
  ].join("\n");
  const items = lines
    .map(
      (line) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(line.link)}" style="color:#9a3412">${escapeHtml(line.text)}</a></li>`,
    )
    .join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#fffcf7;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(hello)}</p>
<ul style="padding-left:20px">
${items}
</ul>
<p>Happy drawing,<br>Dragon Grid</p>
<p style="font-size:13px;color:#5f5247;border-top:1px solid #e7dccf;padding-top:12px">${escapeHtml(why)} <a href="${escapeHtml(links.page)}" style="color:#9a3412">Stop these emails</a></p>
</div></body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${links.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
