import type { FastifyInstance } from "fastify";
import { contractPlugin } from "../../http/contract-plugin";
import { HttpError } from "../../http/errors";
import { EMAIL_KIND_LABELS } from "../../../shared/notifications";
import { notificationsEndpoints } from "../../../shared/notifications/endpoints";
import type { Notifier } from "./notifier";
import { requestTranslator } from "../../i18n/request-language";

const INVALID_LINK = /*i18n*/ "This unsubscribe link is invalid.";
// Mail providers send the one-click POSTs of many people from few addresses: the limit is only
// there against floods (a token cannot be guessed, however many tries).
const UNSUBSCRIBE_RATE = { rateLimit: { max: 120, timeWindow: 15 * 60_000 } };

// The one-click POST takes bodies no other route does, so it is registered in a scope of its own.
const { "POST /api/notifications/unsubscribe": oneClick, ...bellEndpoints } = notificationsEndpoints;

/**
 * The one-click POST (RFC 8058) comes from a mail provider: no session, no Origin header (which
 * the origin check lets through), and a form body "List-Unsubscribe=One-Click", sent as
 * application/x-www-form-urlencoded or multipart/form-data. The web page posts JSON or nothing.
 * The token in the address is all that counts, so the body is read only to be accepted; these
 * parsers live in this plugin's own scope, and no other route takes form bodies.
 */
const oneClickUnsubscribePlugin = contractPlugin(
  { "POST /api/notifications/unsubscribe": oneClick },
  (scope, { notifier }: { notifier: Notifier }) => {
    acceptAnyBody(scope);
    return {
      "POST /api/notifications/unsubscribe": {
        options: { config: UNSUBSCRIBE_RATE },
        handler: async (request) => {
          const kind = await notifier.unsubscribe(request.query.token);
          if (!kind) throw new HttpError(400, INVALID_LINK);
          request.log.info(`a one-click unsubscribe switched off ${kind} e-mails`);
          const t = requestTranslator(request);
          return {
            kind,
            message: t(
              /*i18n*/ "You will no longer get these emails: {setting}. You can switch them on again in your profile.",
              { setting: t(EMAIL_KIND_LABELS[kind]) },
            ),
          };
        },
      },
    };
  },
);

/** A form body or JSON, an empty JSON body ("Content-Type: application/json" with nothing) too, is accepted unread. */
function acceptAnyBody(scope: FastifyInstance) {
  const ignoreBody = (_request: unknown, _body: unknown, done: (error: Error | null, body?: unknown) => void) =>
    done(null, {});
  scope.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 4096 },
    ignoreBody,
  );
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 4096 }, ignoreBody);
}

/** The bell's API and the e-mails' unsubscribe links (decision 029); the bell is for members only. */
export const notificationsPlugin = contractPlugin(bellEndpoints, (app, deps: { notifier: Notifier }) => {
  const { notifier } = deps;
  // Closing the app waits for the notifications' e-mails still being sent.
  app.addHook("onClose", () => notifier.idle());
  void app.register(oneClickUnsubscribePlugin, deps);

  return {
    "GET /api/notifications": async (request, reply, caller) => {
      reply.header("cache-control", "no-store");
      const { items, unread } = await notifier.list(caller.id, request.query.before, requestTranslator(request));
      return { items: items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })), unread };
    },

    "POST /api/notifications/read-all": async (_request, _reply, caller) => {
      await notifier.markAllRead(caller.id);
      return { unread: await notifier.unreadCount(caller.id) };
    },

    "POST /api/notifications/:id/read": async (request, _reply, caller) => {
      if (!(await notifier.markRead(caller.id, request.params.id)))
        throw new HttpError(404, /*i18n*/ "Notification not found");
      return { unread: await notifier.unreadCount(caller.id) };
    },

    "GET /api/notifications/email-settings": async (_request, reply, caller) => {
      reply.header("cache-control", "no-store");
      return notifier.emailSettings(caller.id);
    },

    "PUT /api/notifications/email-settings": async (request, _reply, caller) =>
      notifier.setEmailSettings(caller.id, request.body),

    "GET /api/notifications/unsubscribe": {
      options: { config: UNSUBSCRIBE_RATE },
      handler: async (request, reply) => {
        const kind = await notifier.unsubscribeKind(request.query.token);
        if (!kind) throw new HttpError(400, INVALID_LINK);
        reply.header("cache-control", "no-store");
        return { kind };
      },
    },
  };
});

// What app.ts composes this plugin with (and other features are given).
export { createNotifier } from "./notifier";
