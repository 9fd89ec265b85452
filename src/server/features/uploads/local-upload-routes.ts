import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";


import { LocalBlobBackend, UploadRejected } from "../../storage/local-backend";
import type { ObjectStorage } from "../../storage/object-storage";
import { keepWithinQuota } from "../../storage/own-upload";
import { HttpError } from "../../http/errors";
import { route } from "../../http/contract-route";
import { sniffImageType } from "../../images/sniff";
import { buffer as readAll } from "node:stream/consumers";

/**
 * PUT {signed local upload URL}: the local-disk stand-in for a presigned S3 PUT. The body is
 * streamed to disk (never held in memory) and cut off as soon as it passes the signed size limit.
 */
export function registerLocalUploadRoutes(app: FastifyInstance, storage: ObjectStorage) {
  const backend = storage.backend;
  if (!(backend instanceof LocalBlobBackend)) return;

  // Take any body as a raw stream; the grant decides what is acceptable.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    route(scope, "PUT /api/storage/upload", {}, async (request, reply) => {
      try {
        const grant = backend.verifyUpload(request.query.grant, request.query.sig);
        const declaredLength = Number(request.headers["content-length"] ?? NaN);
        if (declaredLength > grant.maxBytes) throw new UploadRejected(413, `File is larger than ${grant.maxBytes} bytes`);
        const contentType = request.headers["content-type"];
        const size = await backend.receiveUpload(grant, request.body as Readable, contentType);
        const declared = contentType!.split(";")[0]!.trim().toLowerCase();
        // The header says what the client claims; the first bytes say what it is.
        const actual = size > 0 ? sniffImageType(await readAll(await backend.read(grant.key, { start: 0, end: Math.min(15, size - 1) }))) : null;
        if (grant.contentTypes.every((type) => type.startsWith("image/")) && actual !== declared) {
          await backend.delete(grant.key);
          throw new UploadRejected(415, "The file is not the image it claims to be");
        }
        await keepWithinQuota(storage, grant.key, () => storage.recordUpload(grant.key, declared, size));
        return reply.status(200).header("etag", `"${size.toString(16)}"`).send();
      } catch (error) {
        if (error instanceof UploadRejected) {
          // Do not wait for the rest of an oversize body: answer and close the connection.
          if (error.status === 413) reply.header("connection", "close");
          throw new HttpError(error.status, error.message);
        }
        throw error;
      }
    });
  });
}
