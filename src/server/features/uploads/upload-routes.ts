import type { FastifyInstance } from "fastify";
import type { Handlers } from "../../http/contract-plugin";
import { objectUrl, type ObjectStorage } from "../../storage/object-storage";
import { HttpError, invalidField } from "../../http/errors";
import { issueReason } from "../../i18n/zod-reasons";
import { requestLanguage } from "../../i18n/request-language";
import { KeyedRateLimiter } from "../../http/rate-limiter";
import { withoutMetadata } from "../../images/photo";
import { IMAGE_TYPES, sniffImageType } from "../../images/sniff";
import { buffer as readAll } from "node:stream/consumers";
import { UPLOAD_MAX_BYTES, UPLOAD_URL_TTL_SECONDS, uploadRequestSchema } from "../../../shared/uploads";
import { UploadQuotaExceeded } from "../../storage/upload-quota";
import { keepWithinQuota, readUpload, refuseKeptUpload } from "../../storage/own-upload";

// Each upload URL takes up to 50 MB: a member's day allows ten posts of five photos twice over
// (retries ask again), and bounds what one account can put on the disk. Admins, who upload the
// library's templates and the blog's pictures, are not counted.
const UPLOADS_PER_DAY = 100;

/** Shown to a member who asks to make an upload public: only admins publish files as they are. */
const PUBLISH_ADMIN_ONLY =
  /*i18n*/ "Only admins can publish pictures. Your photos are shared through posts once approved.";

const isPlainObject = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The upload protocol: ask for a signed URL, send the file there once (a PUT to our server on local
 * storage, a presigned POST form to the bucket on S3), then set-acl, which checks what arrived (size and real image bytes) and marks it
 * checked: still private to its owner, or, for admins only (templates, blog pictures), public
 * without its metadata.
 */
export function uploadHandlers(
  app: FastifyInstance,
  storage: ObjectStorage,
): Handlers<"POST /api/objects/upload" | "POST /api/objects/set-acl"> {
  const uploadsPerUser = new KeyedRateLimiter(
    app.rateCounters,
    "uploads per member and day",
    UPLOADS_PER_DAY,
    24 * 60 * 60_000,
  );

  return {
    "POST /api/objects/upload": {
      options: { config: { rateLimit: { max: 60, timeWindow: 60_000 } } },
      handler: async (request, _reply, caller) => {
        // No body: the dragon and post uploaders. {filename, contentType}: the blog form. Anything
        // else (an empty list included) is checked against the blog form's schema and refused.
        const noBody =
          request.body === undefined ||
          request.body === null ||
          (isPlainObject(request.body) && Object.keys(request.body).length === 0);
        const body = noBody ? null : uploadRequestSchema.safeParse(request.body);
        const issue = body?.error?.issues[0];
        if (issue) {
          const { id, values } = invalidField(
            String(issue.path[0] ?? "body"),
            issueReason(issue, requestLanguage(request)),
          );
          throw new HttpError(400, id, values ? { values } : {});
        }
        if (!caller.isAdmin) await uploadsPerUser.hit(caller.id);
        // A member already at their quota gets no URL; one still under it may send one more file,
        // which the PUT (local) or set-acl (S3) counts exactly before keeping it.
        const usage = await storage.usage(caller.id);
        if (usage && usage.used >= usage.quota) throw new UploadQuotaExceeded(usage.quota);
        const upload = await storage.createUpload({
          ownerId: caller.id,
          contentTypes: body?.success ? [body.data.contentType] : IMAGE_TYPES,
          maxBytes: UPLOAD_MAX_BYTES,
          expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
        });
        const objectPath = `/objects/${upload.key}`;
        const fields = upload.method === "POST" ? { fields: upload.fields } : {};
        return body
          ? { signedUrl: upload.url, objectPath, ...fields }
          : { uploadURL: upload.url, objectPath, ...fields };
      },
    },

    "POST /api/objects/set-acl": async (request, _reply, caller) => {
      const staged = request.body.objectPath.slice("/objects/".length);
      const object = await storage.get(staged);
      if (!object) throw new HttpError(404, /*i18n*/ "Object not found");
      // Owners only, admins included: making someone's upload public would publish the file as it
      // arrived, with its metadata (the feed publishes cleaned copies instead).
      if (object.ownerId !== caller.id) throw new HttpError(403, /*i18n*/ "You can only share files you uploaded");
      // A post's original stays as it is: private, and not to be posted (or published) again. A
      // check's kept photo likewise: checked again, it could become an avatar's or a post's source
      // and be deleted from under its check.
      await refuseKeptUpload(storage, staged);
      // Public files are read by anyone from this site: members' would make it a free image host.
      // Their photos reach others as the display versions of a post an admin approved.
      if (request.body.visibility !== "private" && !caller.isAdmin) throw new HttpError(403, PUBLISH_ADMIN_ONLY);
      // On S3 the checks read a copy that no upload URL can overwrite (ObjectStorage.settle), and the
      // answer names it: the browser uses that path from then on.
      const key = object.checked ? staged : await storage.settle(staged);
      const info = key && (await storage.stat(key));
      if (!key || !info) throw new HttpError(404, /*i18n*/ "The file has not been uploaded yet");
      const objectPath = objectUrl(key);
      // The bucket caps the size (the POST policy) but cannot look inside: both are checked here, on both backends.
      if (info.size > UPLOAD_MAX_BYTES) {
        await storage.delete(key);
        throw new HttpError(413, /*i18n*/ "The file is larger than 50 MB");
      }
      const head = await readAll(await storage.read(key, { start: 0, end: Math.min(15, info.size - 1) }));
      const type = sniffImageType(head);
      if (!type) {
        await storage.delete(key);
        throw new HttpError(415, /*i18n*/ "The file is not a PNG, JPEG, WebP or GIF image");
      }
      // Private: checked, and still the owner's alone (a post or an avatar publishes cleaned copies).
      if (request.body.visibility === "private") {
        await keepWithinQuota(storage, key, () =>
          storage.markChecked(key, { contentType: type, size: info.size, isPublic: false }),
        );
        return { objectPath };
      }
      // Public means anyone may read it: a photo's metadata (GPS) goes first, whatever it is for.
      const bytes = await readUpload(storage, key);
      if (bytes === "missing") throw new HttpError(404, /*i18n*/ "The file has not been uploaded yet");
      if (bytes === "too-large") throw new HttpError(413, /*i18n*/ "The file is larger than 50 MB");
      const cleaned = await withoutMetadata(bytes, type);
      if (cleaned) {
        await storage.put(key, cleaned, type, { ownerId: object.ownerId, isPublic: true, checked: true });
        return { objectPath };
      }
      await storage.markChecked(key, { contentType: type, size: info.size, isPublic: true });
      return { objectPath };
    },
  };
}
