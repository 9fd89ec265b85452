import type { FastifyInstance } from "fastify";
import type { Handlers } from "../../http/contract-plugin";
import { HttpError } from "../../http/errors";
import type { KeyedRateLimiter } from "../../http/rate-limiter";
import { objectUrl } from "../../storage/object-storage";
import { LAST_ADMIN_MESSAGE } from "../../../shared/account";
import { verifyPassword } from "../../auth/password";
import { profileSanctionSaid, refuseSanctioned } from "../../auth/sanction";
import { toCurrentUser } from "../../auth/users-repository";
import { ownCheckedImageKey, readUpload } from "../../storage/own-upload";
import type { AccountRepository } from "./account-repository";
import { avatarKey, ownAvatarKey, prepareAvatar } from "./avatar";
import type { AccountDeps } from "./account-deps";
import { requestTranslator } from "../../i18n/request-language";

/** Name, language and avatar edits, 'Download my data' and 'Delete my account'. */
export function profileRoutes(
  app: FastifyInstance,
  deps: AccountDeps & { account: AccountRepository; passwordChecks: KeyedRateLimiter },
): Handlers<
  | "PUT /api/account/profile"
  | "PUT /api/account/language"
  | "PUT /api/account/avatar"
  | "DELETE /api/account/avatar"
  | "GET /api/account/export"
  | "DELETE /api/account"
> {
  const { users, sessions, storage, account, passwordChecks, onPublicProfileChange, unreadCount } = deps;

  /** Delete stored objects after their rows are gone; a failure is logged, never shown (the account is already gone). */
  async function deleteObjects(keys: string[], log: FastifyInstance["log"]) {
    const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    const failed = results.filter((result) => result.status === "rejected").length;
    if (failed) log.error(`${failed} of ${keys.length} stored objects could not be deleted`);
  }

  return {
    "PUT /api/account/profile": async (request, _reply, caller) => {
      refuseSanctioned(caller, Date.now(), profileSanctionSaid);
      const { firstName, lastName } = request.body;
      const user = await users.update(caller.id, { firstName: firstName || null, lastName: lastName || null });
      onPublicProfileChange();
      return toCurrentUser(user, await unreadCount(user.id), caller);
    },

    // Open under a sanction: nobody else ever sees it. Nothing public changes, so no feed refresh.
    "PUT /api/account/language": async (request, _reply, caller) => {
      const user = await users.update(caller.id, { language: request.body.language });
      return toCurrentUser(user, await unreadCount(user.id), caller);
    },

    // The picture comes through the upload protocol (upload, PUT, set-acl) like a post photo; the
    // upload itself, with whatever metadata it carried, is deleted once the avatar is made.
    "PUT /api/account/avatar": {
      options: { config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } } },
      handler: async (request, _reply, caller) => {
        refuseSanctioned(caller, Date.now(), profileSanctionSaid);
        const userId = caller.id;
        const source = await ownCheckedImageKey(storage, request.body.objectPath, userId);
        if (!source) throw new HttpError(400, /*i18n*/ "Invalid objectPath: not an uploaded image of yours");
        const bytes = await readUpload(storage, source);
        if (bytes === "missing")
          throw new HttpError(400, /*i18n*/ "Invalid objectPath: the image has not been uploaded yet");
        if (bytes === "too-large")
          throw new HttpError(400, /*i18n*/ "Invalid objectPath: The image is larger than 50 MB.");
        const avatar = await prepareAvatar(bytes);
        const before = await users.findById(userId);
        if (!before) throw new HttpError(401, /*i18n*/ "Unauthorized");
        const key = avatarKey(userId);
        await storage.put(key, avatar, "image/webp", { ownerId: userId, isPublic: false });
        const user = await users.update(userId, { profileImageUrl: objectUrl(key) });
        onPublicProfileChange();
        const old = ownAvatarKey(before.profileImageUrl);
        await deleteObjects(old ? [old, source] : [source], request.log);
        return toCurrentUser(user, await unreadCount(user.id), caller);
      },
    },

    // Open under a sanction too: taking a picture down only ever shows less.
    "DELETE /api/account/avatar": async (request, _reply, caller) => {
      const before = await users.findById(caller.id);
      if (!before) throw new HttpError(401, /*i18n*/ "Unauthorized");
      const user = await users.update(before.id, { profileImageUrl: null });
      onPublicProfileChange();
      const old = ownAvatarKey(before.profileImageUrl);
      if (old) await deleteObjects([old], request.log);
      return toCurrentUser(user, await unreadCount(user.id), caller);
    },

    "GET /api/account/export": {
      options: { config: { rateLimit: { max: 10, timeWindow: 60 * 60_000 } } },
      handler: async (_request, reply, caller) => {
        const data = await account.exportData(caller.id);
        if (!data) throw new HttpError(401, /*i18n*/ "Unauthorized");
        const day = new Date().toISOString().slice(0, 10);
        reply.header("cache-control", "no-store");
        reply.header("content-disposition", `attachment; filename="dragon-grid-data-${day}.json"`);
        return reply
          .type("application/json; charset=utf-8")
          .send(JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2));
      },
    },

    "DELETE /api/account": async (request, reply, caller) => {
      const { email, password } = request.body;
      const user = await users.findById(caller.id);
      if (!user) throw new HttpError(401, /*i18n*/ "Unauthorized");
      if (email !== user.email.toLowerCase())
        throw new HttpError(400, /*i18n*/ "Invalid email: type your account's email to confirm");
      if (user.passwordHash) {
        if (!password) throw new HttpError(400, /*i18n*/ "Invalid password: Your password is required");
        await passwordChecks.hit(user.id);
        if (!(await verifyPassword(password, user.passwordHash)))
          throw new HttpError(400, /*i18n*/ "Your password is not correct");
      } else {
        await sessions.requireFreshSignIn(request);
      }
      const result = await account.deleteUser(user.id);
      if (result === "last-admin") throw new HttpError(409, LAST_ADMIN_MESSAGE);
      if (result === "gone") throw new HttpError(401, /*i18n*/ "Unauthorized");
      // The sessions went with the user's row (cascade); this process forgets its look-ups too.
      await sessions.endAllFor(user.id);
      sessions.clearCookie(reply);
      onPublicProfileChange();
      await deleteObjects(result.keys, request.log);
      return {
        message: requestTranslator(request)(/*i18n*/ "Your account and everything stored about it have been deleted."),
      };
    },
  };
}
