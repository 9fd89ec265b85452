import type { MailMessage } from "../../mail/mailer";
import { PASSWORD_RESET_TTL_MINUTES } from "../../../shared/auth-limits";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message with the password-reset link, in plain text and HTML. */
export function passwordResetEmail(to: string, firstName: string | null, link: string): MailMessage {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const expiry = `The link expires in 1 hour (${PASSWORD_RESET_TTL_MINUTES} minutes) and works once.`;
  const text = [
    hello,
    "",
    "Someone (we hope you) asked to reset the password of your Dragon Grid account. Open this link to choose a new one:",
    "",
    link,
    "",
    `${expiry} If you did not ask for it, you can ignore this email: your password stays as it is.`,
    "",
    "Happy drawing,",
    "Dragon Grid",
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#fffcf7;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">Reset your password</h1>
<p>${escapeHtml(hello)}</p>
<p>Someone (we hope you) asked to reset the password of your Dragon Grid account.</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#c2410c;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold;display:inline-block">Choose a new password</a></p>
<p style="font-size:14px;color:#5f5247">${expiry} If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}" style="color:#9a3412;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#5f5247">If you did not ask for it, you can ignore this email: your password stays as it is.</p>
</div></body></html>`;
  return { to, subject: "Reset your Dragon Grid password", text, html };
}
