import { contractPlugin } from "../../http/contract-plugin";
import { HttpError } from "../../http/errors";
import { createAfterResponse } from "../../http/after-response";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import type { Config } from "../../config";
import { waitlistEndpoints } from "../../../shared/waitlist/endpoints";
import { createWaitlistConfirmations } from "./confirmations";
import { waitlistConfirmationEmail } from "./confirmation-email";
import { requestLanguage, requestTranslator } from "../../i18n/request-language";
import { serverTranslator } from "../../i18n/server-catalogs";
import { localePath } from "../../../shared/i18n/locales";

const JOINED = /*i18n*/ "You're on the list! We'll email you when Pro launches.";
const CHECK_INBOX = /*i18n*/ "If your address is not confirmed yet, check your inbox for the link that confirms it.";
const INVALID_LINK = /*i18n*/ "This confirmation link is invalid or has expired.";

/**
 * POST /api/waitlist: stored once per e-mail; joining again is still a success. Anyone can type
 * any address, so an address is told about Pro only once its owner confirms it (issue 41): a
 * signed-in member's own address at once, any other by the link in one confirmation e-mail.
 */
export const waitlistPlugin = contractPlugin(
  waitlistEndpoints,
  (app, deps: { db: Database; mailer: Mailer; config: Pick<Config, "publicUrl"> }) => {
    const { mailer, config } = deps;
    const confirmations = createWaitlistConfirmations(deps.db);
    // Whether a link went (or the address was confirmed already) must not show in the answer or its time.
    const afterResponse = createAfterResponse(app);

    return {
      "POST /api/waitlist": {
        options: { config: { rateLimit: { max: 10, timeWindow: 60 * 60_000 } } },
        handler: async (request, _reply, caller) => {
          const { email } = request.body;
          const locale = requestLanguage(request);
          const t = serverTranslator(locale);
          await confirmations.join(email, locale);
          if (caller?.email.toLowerCase() === email) {
            await confirmations.confirmOwn(email);
            return { message: t(JOINED), mustConfirm: false };
          }
          afterResponse(request, "waitlist confirmation mail", async () => {
            const link = await confirmations.claimLink(email);
            if (!link) return;
            try {
              await mailer.send(
                waitlistConfirmationEmail(
                  email,
                  `${config.publicUrl}${localePath(locale, "/waitlist/confirm")}?token=${link.token}`,
                  locale,
                ),
              );
            } catch (error) {
              await confirmations.release(link.tokenHash);
              throw error;
            }
          });
          return { message: `${t(JOINED)} ${t(CHECK_INBOX)}`, mustConfirm: true };
        },
      },

      "POST /api/waitlist/confirm": {
        options: { config: { rateLimit: { max: 30, timeWindow: 60 * 60_000 } } },
        handler: async (request) => {
          if (!(await confirmations.confirm(request.body.token))) throw new HttpError(400, INVALID_LINK);
          return {
            message: requestTranslator(request)(
              /*i18n*/ "Your address is confirmed. We'll email you when Pro launches.",
            ),
          };
        },
      },
    };
  },
);

// What app.ts composes this plugin with (and other features are given).
export { createProNews } from "./pro-news";
