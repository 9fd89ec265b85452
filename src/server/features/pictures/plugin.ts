import { contractPlugin } from "../../http/contract-plugin";
import { HttpError } from "../../http/errors";
import type { ObjectStorage } from "../../storage/object-storage";
import { formatQuota, UploadQuotaExceeded } from "../../storage/upload-quota";
import { readUpload, refuseKeptUpload } from "../../storage/own-upload";
import type { RateCounters } from "../../http/rate-limiter";
import type { Library } from "../../templates/library";
import type { AiPictureJob } from "../../templates/generated-picture";
import type { ImageJobs } from "../../jobs/image-jobs";
import { AI_DAILY_LIMIT_MESSAGE, PICTURE_OVER_QUOTA_MESSAGE } from "../../../shared/pictures";
import { picturesEndpoints } from "../../../shared/pictures/endpoints";
import { requestTranslator } from "../../i18n/request-language";

const DAY_MS = 24 * 60 * 60_000;
const NOT_FOUND = /*i18n*/ "Picture not found";

/** The quota's refusal as an answer (413, in a picture's words) rather than a server error. */
async function withinQuota<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UploadQuotaExceeded)
      throw new HttpError(413, PICTURE_OVER_QUOTA_MESSAGE, { values: { quota: formatQuota(error.quotaBytes) } });
    throw error;
  }
}

interface PicturesDeps {
  library: Library;
  storage: ObjectStorage;
  aiPicture: AiPictureJob;
  rateCounters: RateCounters;
  aiPerDay: number;
  imageJobs: ImageJobs;
}

/**
 * A Pro member's own pictures (decision 031): private templates made from their uploads or their
 * AI pictures. Adding needs Pro; seeing, renaming, the pencil version and deleting need only to be
 * the owner (someone whose Pro ends keeps what they made). Anyone else's id is "Picture not found".
 * Reading one goes through GET /api/dragons/:id and /objects/pictures/… (owner only).
 */
export const picturesPlugin = contractPlugin(
  picturesEndpoints,
  (_app, { library, storage, aiPicture, rateCounters, aiPerDay, imageJobs }: PicturesDeps) => {
    // The image work of a picture runs as a queued job (decision 034), the quota checked in it.
    const addPicture = imageJobs.define(
      "picture",
      async (input: { key: string; name: string; pencil: boolean }, ownerId: string) => {
        // Checked here, in the job that deletes the upload once the picture is made.
        await refuseKeptUpload(storage, input.key);
        const image = await readUpload(storage, input.key);
        if (image === "missing") throw new HttpError(404, /*i18n*/ "Uploaded image not found");
        if (image === "too-large") throw new HttpError(400, /*i18n*/ "The image is larger than 50 MB.");
        const picture = await withinQuota(() =>
          library.addTemplate({
            name: input.name,
            image,
            createdBy: ownerId,
            ownerId,
            replacing: input.key,
            pencil: input.pencil,
          }),
        );
        // The picture keeps its own normalised copies (without the photo's metadata); the upload goes.
        await storage.delete(input.key);
        return picture;
      },
    );
    const makePencil = imageJobs.define("picture-pencil", (input: { id: string }, ownerId: string) =>
      withinQuota(() => library.generatePencil(input.id, ownerId)),
    );

    return {
      "GET /api/pictures": async (_request, reply, caller) => {
        reply.header("cache-control", "private, no-cache");
        return library.listOwnedBy(caller.id);
      },

      "POST /api/pictures": {
        options: { config: { rateLimit: { max: 30, timeWindow: 60 * 60_000 } } },
        handler: async (request, reply, caller) => {
          const key = request.body.imageUrl.slice("/objects/".length);
          const object = await storage.get(key);
          if (!object) throw new HttpError(404, /*i18n*/ "Uploaded image not found");
          if (object.ownerId !== caller.id) throw new HttpError(403, /*i18n*/ "You can only use images you uploaded");
          const picture = await addPicture(caller.id, {
            key,
            name: request.body.name,
            pencil: request.body.pencil === true,
          });
          return reply.status(201).header("cache-control", "no-store").send(picture);
        },
      },

      // As the admins' AI flow: the picture is kept as the member's private upload, and saving it is
      // POST /api/pictures once they have seen and named it. Each member has PRO_AI_PER_DAY a day,
      // counted in the shared counters (every process, restarts), before the service is asked.
      "POST /api/pictures/generate": {
        options: { config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } } },
        handler: async (request, _reply, caller) => {
          if (!aiPicture) throw new HttpError(503, /*i18n*/ "Image generation is not configured");
          const now = Date.now();
          const { count, resetAt } = await rateCounters.hit(`pro AI pictures per day\n${caller.id}`, DAY_MS, now);
          if (count > aiPerDay)
            throw new HttpError(429, AI_DAILY_LIMIT_MESSAGE, {
              values: { perDay: aiPerDay, hoursLeft: Math.max(1, Math.ceil((resetAt - now) / 3_600_000)) },
            });
          return aiPicture(caller.id, { prompt: request.body.prompt });
        },
      },

      "PUT /api/pictures/:id": async (request, reply, caller) => {
        const picture = await library.rename(request.params.id, caller.id, request.body.name);
        if (!picture) throw new HttpError(404, NOT_FOUND);
        reply.header("cache-control", "no-store");
        return picture;
      },

      "POST /api/pictures/:id/pencil": {
        options: { config: { rateLimit: { max: 30, timeWindow: 60 * 60_000 } } },
        handler: async (request, reply, caller) => {
          const picture = await makePencil(caller.id, { id: request.params.id });
          reply.header("cache-control", "no-store");
          return picture;
        },
      },

      "DELETE /api/pictures/:id": async (request, _reply, caller) => {
        if (!(await library.remove(request.params.id, caller.id))) throw new HttpError(404, NOT_FOUND);
        return { message: requestTranslator(request)(/*i18n*/ "Picture deleted") };
      },
    };
  },
);
