import type { ObjectStorage } from "../../storage/object-storage";
import { refuseKeptUpload } from "../../storage/own-upload";
import { responseWrittenOnce } from "../../http/contract-schemas";
import { contractPlugin } from "../../http/contract-plugin";
import { dragonsEndpoints } from "../../../shared/dragons/endpoints";
import { HttpError } from "../../http/errors";
import { MAX_TEMPLATE_BYTES } from "../../images/template-pipeline";
import type { AiPictureJob } from "../../templates/generated-picture";
import type { ImageJobs } from "../../jobs/image-jobs";
import { buffer as readAll } from "node:stream/consumers";
import type { Library } from "../../templates/library";
import { addDragonPages } from "./dragon-pages";
import { requestTranslator } from "../../i18n/request-language";
import type { TemplateLevel } from "../../../shared/dragons/levels";

interface DragonsDeps {
  library: Library;
  storage: ObjectStorage;
  aiPicture: AiPictureJob;
  imageJobs: ImageJobs;
}

/** The template library's API (docs/spec.md §7, Dragons). */
export const dragonsPlugin = contractPlugin(
  dragonsEndpoints,
  (app, { library, storage, aiPicture, imageJobs }: DragonsDeps) => {
    // The image work of the library's templates runs as queued jobs (decision 034).
    const addToLibrary = imageJobs.define(
      "library-template",
      async (input: { key: string; name: string }, adminId: string) => {
        // Checked here, in the job that deletes the upload once the template is made.
        await refuseKeptUpload(storage, input.key);
        const info = await storage.stat(input.key);
        if (!info) throw new HttpError(404, /*i18n*/ "Uploaded image not found");
        if (info.size > MAX_TEMPLATE_BYTES) throw new HttpError(400, /*i18n*/ "The image is larger than 50 MB.");
        const image = await readAll(await storage.read(input.key));
        const dragon = await library.addTemplate({ name: input.name, image, createdBy: adminId });
        // The library keeps its own normalised copies; the raw upload is no longer needed.
        await storage.delete(input.key);
        return { id: dragon.id };
      },
    );
    const makePencil = imageJobs.define("library-pencil", async (input: { dragonId: string }) => {
      const dragon = await library.generatePencil(input.dragonId);
      return { pencilPreviewUrl: dragon.pencilPreviewUrl, pencilHiresUrl: dragon.pencilHiresUrl };
    });

    // The library is the same for everyone: `public` lets a shared device keep it for offline use.
    // The list is kept as one array until it changes, so its JSON is written once for it.
    const listJson = responseWrittenOnce(app, "GET /api/dragons");

    addDragonPages(app, library);

    return {
      "GET /api/dragons": async (_request, reply) => {
        const json = listJson(await library.list());
        return reply.header("cache-control", "public, no-cache").type("application/json; charset=utf-8").send(json);
      },

      // A private picture is its owner's alone: anyone else gets the same 404 as for no dragon at all,
      // and neither answer may be kept by a cache shared between people.
      "GET /api/dragons/:id": async (request, reply, caller) => {
        const dragon = await library.get(request.params.id, caller?.id ?? null);
        if (!dragon) {
          reply.header("cache-control", "private, no-cache");
          throw new HttpError(404, /*i18n*/ "Dragon not found");
        }
        reply.header("cache-control", dragon.isPrivate ? "private, no-cache" : "public, no-cache");
        return dragon;
      },

      "POST /api/dragons": async (request, reply, caller) => {
        const key = request.body.imageUrl.slice("/objects/".length);
        const object = await storage.get(key);
        if (!object) throw new HttpError(404, /*i18n*/ "Uploaded image not found");
        if (object.ownerId !== caller.id) throw new HttpError(403, /*i18n*/ "You can only use images you uploaded");
        return reply.status(201).send(await addToLibrary(caller.id, { key, name: request.body.name }));
      },

      "PUT /api/dragons/:id/level": async (request) => {
        const dragon = await library.chooseLevel(request.params.id, request.body.level as TemplateLevel | null);
        if (!dragon) throw new HttpError(404, /*i18n*/ "Dragon not found");
        return dragon;
      },

      "POST /api/dragons/generate-pencil": async (request, _reply, caller) =>
        makePencil(caller.id, { dragonId: request.body.dragonId }),

      // An AI picture, enlarged 4×, stored as the admin's private upload; saving it as a dragon is a
      // second step (POST /api/dragons), after the admin has seen it and named it.
      "POST /api/dragons/generate-custom": {
        options: { config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } } },
        handler: async (request, _reply, caller) => {
          if (!aiPicture) throw new HttpError(503, /*i18n*/ "Image generation is not configured");
          return aiPicture(caller.id, { prompt: request.body.prompt });
        },
      },

      "DELETE /api/dragons/:id": async (request) => {
        if (!(await library.remove(request.params.id))) throw new HttpError(404, /*i18n*/ "Dragon not found");
        return { message: requestTranslator(request)(/*i18n*/ "Dragon deleted") };
      },
    };
  },
);

// What app.ts composes this plugin with (and other features are given).
export { samplesSeeded, seedSamples } from "./seed-samples";
export { startLibraryUpkeep } from "./library-upkeep";
