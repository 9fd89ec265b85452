import { z } from "zod";
import { text } from "../text";
import { EMAIL_KINDS, emailSettingsSchema, notificationIdParams, notificationsQuery, unsubscribeQuery } from "./index";
import { endpoints, message } from "../contract/endpoint";
import { notificationsPageResponse, unreadResponse } from "./responses";

export const notificationsEndpoints = endpoints({
  "GET /api/notifications": {
    summary:
      "The caller's notifications, newest first, 20 a page (`before` a notification's id for older ones), with the unread count",
    access: "members",
    query: notificationsQuery,
    responses: { 200: notificationsPageResponse },
  },
  "POST /api/notifications/read-all": {
    summary: "Mark every notification read",
    access: "members",
    responses: { 200: unreadResponse },
  },
  "POST /api/notifications/:id/read": {
    summary: "Mark one notification read",
    access: "members",
    params: notificationIdParams,
    responses: { 200: unreadResponse, 404: message("Notification not found") },
  },
  "GET /api/notifications/email-settings": {
    summary: "Which kinds of notification the caller also gets by e-mail",
    access: "members",
    responses: { 200: emailSettingsSchema },
  },
  "PUT /api/notifications/email-settings": {
    summary: "Switch e-mail on or off per kind",
    access: "members",
    body: emailSettingsSchema,
    responses: { 200: emailSettingsSchema },
  },
  "GET /api/notifications/unsubscribe": {
    summary: "What an unsubscribe link would turn off (the page asks before doing it)",
    access: "everyone",
    query: unsubscribeQuery,
    rateLimited: true,
    responses: { 200: z.object({ kind: z.enum(EMAIL_KINDS) }), 400: message("This unsubscribe link is invalid.") },
  },
  "POST /api/notifications/unsubscribe": {
    summary:
      "RFC 8058 one-click unsubscribe: turns one kind of e-mail off without signing in (the link's token says whose and which)",
    access: "everyone",
    query: unsubscribeQuery,
    rateLimited: true,
    responses: {
      200: z.object({ kind: z.enum(EMAIL_KINDS), message: text() }),
      400: message("This unsubscribe link is invalid."),
    },
  },
});
