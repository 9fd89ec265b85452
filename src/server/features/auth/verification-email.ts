import type { MailMessage } from "../../mail/mailer";
import { VERIFICATION_TTL_HOURS } from "../../../shared/auth-limits";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message with the verification link, in plain text and HTML. */
export function verificationEmail(to: string, firstName: string | null, link: string): MailMessage {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const text = [
    hello,
    "",
    "Welcome to Dragon Grid! Please confirm your email address by opening this link:",
    "",
    link,
    "",
    `The link expires in ${VERIFICATION_TTL_HOURS} hours. If you did not create an account, you can ignore this email.`,
    "",
    "Happy drawing,",
    "Dragon Grid",
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#fffcf7;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">Confirm your email</h1>
<p>${escapeHtml(hello)}</p>
<p>Welcome to Dragon Grid! Please confirm your email address to start saving your drawings.</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#c2410c;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold;display:inline-block">Verify my email</a></p>
<p style="font-size:14px;color:#5f5247">The link expires in ${VERIFICATION_TTL_HOURS} hours. If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}" style="color:#9a3412;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#5f5247">If you did not create an account, you can ignore this email.</p>
</div></body></html>`;
  return { to, subject: "Verify your Dragon Grid email", text, html };
}
