import type { FastifyInstance } from "fastify";
import type { ObjectStorage } from "../../storage/object-storage";
import { refuseKeptUpload } from "../../storage/own-upload";
import { responseWrittenOnce, route } from "../../http/contract-route";
import { dragonIdParams } from "../../../shared/dragons/endpoints";
import { HttpError } from "../../http/errors";
import { PAGE_NOT_FOUND } from "../../http/page-resolvers";
import { MAX_TEMPLATE_BYTES } from "../../images/template-pipeline";
import type { AiPictureJob } from "../../templates/generated-picture";
import type { ImageJobs } from "../../jobs/image-jobs";
import { requireAdmin } from "../../auth/sessions";
import { buffer as readAll } from "node:stream/consumers";
import type { Library } from "../../templates/library";

/** The template library's API (docs/spec.md §7, Dragons). */
export function registerDragonRoutes(
  app: FastifyInstance,
  deps: { library: Library; storage: ObjectStorage; aiPicture: AiPictureJob; imageJobs: ImageJobs },
) {
  const { library, storage, aiPicture, imageJobs } = deps;

  // The image work of the library's templates runs as queued jobs (decision 034).
  const addToLibrary = imageJobs.define(
    "library-template",
    async (input: { key: string; name: string }, adminId: string) => {
      // Checked here, in the job that deletes the upload once the template is made.
      await refuseKeptUpload(storage, input.key);
      const info = await storage.stat(input.key);
      if (!info) throw new HttpError(404, "Uploaded image not found");
      if (info.size > MAX_TEMPLATE_BYTES) throw new HttpError(400, "The image is larger than 50 MB.");
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
  route(app, "GET /api/dragons", {}, async (_request, reply) => {
    const json = listJson(await library.list());
    return reply.header("cache-control", "public, no-cache").type("application/json; charset=utf-8").send(json);
  });

  // A private picture is its owner's alone: anyone else gets the same 404 as for no dragon at all,
  // and neither answer may be kept by a cache shared between people.
  route(app, "GET /api/dragons/:id", {}, async (request, reply) => {
    const dragon = await library.get(request.params.id, request.user?.id ?? null);
    if (!dragon) {
      reply.header("cache-control", "private, no-cache");
      throw new HttpError(404, "Dragon not found");
    }
    reply.header("cache-control", dragon.isPrivate ? "private, no-cache" : "public, no-cache");
    return dragon;
  });

  route(app, "POST /api/dragons", { preValidation: requireAdmin }, async (request, reply) => {
    const caller = await requireAdmin(request);
    const key = request.body.imageUrl.slice("/objects/".length);
    const object = await storage.get(key);
    if (!object) throw new HttpError(404, "Uploaded image not found");
    if (object.ownerId !== caller.id) throw new HttpError(403, "You can only use images you uploaded");
    return reply.status(201).send(await addToLibrary(caller.id, { key, name: request.body.name }));
  });

  route(app, "POST /api/dragons/generate-pencil", { preValidation: requireAdmin }, async (request) => {
    const caller = await requireAdmin(request);
    return makePencil(caller.id, { dragonId: request.body.dragonId });
  });

  // An AI picture, enlarged 4×, stored as the admin's private upload; saving it as a dragon is a
  // second step (POST /api/dragons), after the admin has seen it and named it.
  route(
    app,
    "POST /api/dragons/generate-custom",
    { preValidation: requireAdmin, config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } } },
    async (request) => {
      const caller = await requireAdmin(request);
      if (!aiPicture) throw new HttpError(503, "Image generation is not configured");
      return aiPicture(caller.id, { prompt: request.body.prompt });
    },
  );

  route(app, "DELETE /api/dragons/:id", { preValidation: requireAdmin }, async (request) => {
    if (!(await library.remove(request.params.id))) throw new HttpError(404, "Dragon not found");
    return { message: "Dragon deleted" };
  });

  // The library and a dragon's page start loading their data and first pictures with the HTML.
  app.pagePreloadResolvers.push(async (pathname) => {
    if (pathname === "/home") {
      const first = (await library.list()).slice(0, 2);
      // Same srcset and sizes as the library's cards (dragon-card.tsx).
      return [
        { as: "fetch" as const, href: "/api/dragons" },
        ...first.map((d) => ({
          as: "image" as const,
          href: d.previewSmallUrl ?? d.previewUrl,
          ...(d.previewSmallUrl
            ? {
                srcset: `${d.previewSmallUrl} 400w, ${d.previewUrl} 800w`,
                sizes: "(min-width: 1024px) 260px, (min-width: 768px) 33vw, 50vw",
              }
            : {}),
        })),
      ];
    }
    const match = /^\/dragon\/([0-9a-f-]{36})$/.exec(pathname);
    const dragon = match ? await library.get(match[1]!) : null;
    return dragon
      ? [
          { as: "fetch" as const, href: `/api/dragons/${dragon.id}` },
          { as: "image" as const, href: dragon.previewUrl },
        ]
      : [];
  });

  // Link previews for a dragon's page and canvas carry its name and picture.
  // A dragon's page and canvas: an address that names no dragon is the not-found page, status 404
  // (the screen says so too). A failed look-up leaves the page to the browser, status 200.
  // A private picture's page is its owner's: for them the head names nothing of it and the page is
  // `private` (`personal`); for anyone else the address is the not-found page.
  app.pageMetaResolvers.push(async (pathname, request) => {
    const match = /^\/(?:dragon|draw)\/([^/]+)$/.exec(pathname);
    if (!match) return null;
    if (!dragonIdParams.safeParse({ id: match[1] }).success) return PAGE_NOT_FOUND;
    const dragon = await library.get(match[1]!, request.user?.id ?? null).catch(() => undefined);
    if (dragon === undefined) return null;
    if (!dragon) return PAGE_NOT_FOUND;
    if (dragon.isPrivate)
      return {
        title: "My picture · Dragon Grid",
        description: "One of your own pictures, to draw with the grid method.",
        personal: true,
      };
    return {
      title: `${dragon.name} · Dragon Grid`,
      description: `Draw ${dragon.name} step by step with the grid method: a free template with a lettered and numbered grid.`,
      image: dragon.previewUrl,
    };
  });
}
