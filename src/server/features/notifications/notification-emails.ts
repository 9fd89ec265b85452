import type { MailMessage } from "../../mail/mailer";
import { escapeHtml } from "../../mail/escape-html";
import { PAGE_END, type Letter } from "../../mail/letter";
import { EMAIL_KIND_LABELS, type EmailKind } from "../../../shared/notifications";
import { localePath, type Locale } from "../../../shared/i18n/locales";

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

export function unsubscribeLinks(publicUrl: string, locale: Locale, token: string): UnsubscribeLinks {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: `${publicUrl}${localePath(locale, "/unsubscribe")}?${query}`,
    oneClick: `${publicUrl}/api/notifications/unsubscribe?${query}`,
  };
}

const SUBJECTS: Record<EmailKind, string> = {
  approved: /*i18n*/ "Your drawing was approved",
  rejected: /*i18n*/ "Your drawing was not approved",
  comment: /*i18n*/ "New comments on Dragon Grid",
};

/** One notification's message; a comment's subject is its sentence ("Ana commented on your dragon"). */
export function notificationEmail(
  to: string,
  words: Letter,
  kind: EmailKind,
  line: EmailLine,
  links: UnsubscribeLinks,
): MailMessage {
  return message(to, words, kind, kind === "comment" ? line.text : words.t(SUBJECTS[kind]), [line], links);
}

/** The notifications that waited for the hour to pass, in one message, in the letter's language. */
export function digestEmail(
  to: string,
  words: Letter,
  kind: EmailKind,
  lines: EmailLine[],
  links: UnsubscribeLinks,
): MailMessage {
  if (lines.length === 1) return notificationEmail(to, words, kind, lines[0]!, links);
  const subject = words.t(
    /*i18n*/ "{count, plural, one {# new notification} other {# new notifications}} on Dragon Grid",
    {
      count: lines.length,
    },
  );
  return message(to, words, kind, subject, lines, links);
}

function message(
  to: string,
  words: Letter,
  kind: EmailKind,
  subject: string,
  lines: EmailLine[],
  links: UnsubscribeLinks,
): MailMessage {
  const { t, hello } = words;
  const why = t(/*i18n*/ 'You get this email because "{setting}" is switched on in your Dragon Grid profile.', {
    setting: t(EMAIL_KIND_LABELS[kind]),
  });
  const stop = t(/*i18n*/ "Stop these emails");
  const text = [
    hello,
    "",
    ...lines.flatMap((line) => [line.text, line.link, ""]),
    ...words.signOff,
    "",
    "--",
    why,
    `${stop}: ${links.page}`,
  ].join("\n");
  const items = lines
    .map(
      (line) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(line.link)}" style="color:#9a3412">${escapeHtml(line.text)}</a></li>`,
    )
    .join("\n");
  const html = `${words.pageStart}
<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(hello)}</p>
<ul style="padding-inline-start:20px">
${items}
</ul>
<p>${words.signOff.map(escapeHtml).join("<br>")}</p>
<p style="font-size:13px;color:#5f5247;border-top:1px solid #e7dccf;padding-top:12px">${escapeHtml(why)} <a href="${escapeHtml(links.page)}" style="color:#9a3412">${escapeHtml(stop)}</a></p>
${PAGE_END}`;
  return {
    to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${links.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
