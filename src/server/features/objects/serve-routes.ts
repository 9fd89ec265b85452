import type { FastifyInstance } from "fastify";
import { isValidKey } from "../../storage/blob-backend";
import { canRead, type ObjectStorage } from "../../storage/object-storage";
import { HttpError } from "../../http/errors";
import { parseRange } from "./byte-range";

/**
 * GET /objects/{key}: public objects to anyone, private ones only to their owner and admins
 * (others get the same 404 as a missing object, so private keys cannot be probed).
 */
export function registerObjectServeRoutes(app: FastifyInstance, storage: ObjectStorage) {
  app.get<{ Params: { "*": string } }>("/objects/*", { config: { compress: false } } as object, async (request, reply) => {
    const key = request.params["*"];
    // Fastify has decoded the path once; anything still escaped or climbing is refused outright.
    if (!isValidKey(key) || /%|\\/.test(request.url.split("?")[0]!.slice("/objects/".length))) {
      throw new HttpError(400, "Invalid object path");
    }
    const object = await storage.get(key);
    if (!object || !canRead(object, request.user)) throw new HttpError(404, "Object not found");
    const info = await storage.stat(key);
    if (!info) throw new HttpError(404, "Object not found");

    reply
      .header("content-type", object.contentType ?? info.contentType ?? "application/octet-stream")
      .header("etag", info.etag)
      .header("last-modified", info.lastModified.toUTCString())
      .header("accept-ranges", "bytes")
      .header("x-content-type-options", "nosniff")
      // Keys are never rewritten with other bytes, so public objects can be cached for a day;
      // private ones must be checked with us every time.
      .header("cache-control", object.isPublic ? "public, max-age=86400" : "private, no-cache");

    if (request.headers["if-none-match"] === info.etag) return reply.status(304).send();

    const range = parseRange(request.headers.range, info.size);
    if (range === "unsatisfiable") {
      return reply.status(416).header("content-range", `bytes */${info.size}`).type("text/plain").send("Range Not Satisfiable");
    }
    if (range) {
      reply
        .status(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${info.size}`)
        .header("content-length", range.end - range.start + 1);
      return reply.send(await storage.read(key, range));
    }
    reply.header("content-length", info.size);
    return reply.send(await storage.read(key));
  });
}
