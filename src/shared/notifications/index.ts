import { z } from "zod";
import { idText, text } from "../text";

// The bell's notifications and their e-mails (decision 029).

export const NOTIFICATION_KINDS = ["approved", "rejected", "comment", "reply", "like", "moderation"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The kinds a person can have by e-mail, each with its own switch (a reply goes with "comment"). */
export const EMAIL_KINDS = ["approved", "rejected", "comment"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
// Each e-mail switch's name. Marked for the catalogs (`/*i18n*/`): the web shows them through
// `i18n._`; the server's e-mails quote them in English.
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  approved: /*i18n*/ "When my drawing is approved",
  rejected: /*i18n*/ "When my drawing is not approved",
  comment: /*i18n*/ "When someone comments on my drawing or replies under my comment",
};
/** Notifications per page of GET /api/notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsQuery = z.object({
  before: idText("before must be a notification id").optional(),
});
export const notificationIdParams = z.object({ id: idText("Notification not found") });
export const emailSettingsSchema = z.object({ approved: z.boolean(), rejected: z.boolean(), comment: z.boolean() });
export type EmailSettings = z.output<typeof emailSettingsSchema>;
/** An unsubscribe link's token: signed, it names a person and a kind (RFC 8058 one-click). */
export const unsubscribeQuery = z.object({ token: text().min(10).max(400) });
