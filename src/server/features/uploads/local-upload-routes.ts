import type { Readable } from "node:stream";
import { UploadRejected, type LocalBlobBackend } from "../../storage/local-backend";
import { UploadUrlUsed, type ObjectStorage } from "../../storage/object-storage";
import { contractPlugin, pickEndpoints } from "../../http/contract-plugin";
import { sniffImageType } from "../../images/sniff";
import { uploadsEndpoints } from "../../../shared/uploads/endpoints";

/**
 * PUT {signed local upload URL}: the local-disk stand-in for a presigned S3 upload, but single-use:
 * a URL brings its key one file, and only while the key awaits it (decision 033). The body is
 * streamed to a temporary file (never held in memory), cut off as soon as it passes the signed
 * size limit, and placed under the key only once it is the image it claims to be and fits its
 * owner's quota; a refused body leaves nothing behind.
 */
export const localUploadPlugin = contractPlugin(
  pickEndpoints(uploadsEndpoints, "PUT /api/storage/upload"),
  (app, { storage, backend }: { storage: ObjectStorage; backend: LocalBlobBackend }) => {
    // Take any body as a raw stream; the grant decides what is acceptable.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    return {
      "PUT /api/storage/upload": async (request, reply) => {
        try {
          const grant = backend.verifyUpload(request.query.grant, request.query.sig);
          const declaredLength = Number(request.headers["content-length"] ?? NaN);
          if (declaredLength > grant.maxBytes)
            throw new UploadRejected(413, /*i18n*/ "File is larger than {bytes} bytes", {
              values: { bytes: grant.maxBytes },
            });
          // Spent (taken in, or removed with what was made of it): refused before a byte is read.
          if (!(await storage.awaitsUpload(grant.key))) throw new UploadUrlUsed();
          const received = await backend.receiveUpload(
            grant,
            request.body as Readable,
            request.headers["content-type"],
          );
          try {
            // The header says what the client claims; the first bytes say what it is.
            if (
              grant.contentTypes.every((type) => type.startsWith("image/")) &&
              sniffImageType(received.head) !== received.type
            ) {
              throw new UploadRejected(415, /*i18n*/ "The file is not the image it claims to be");
            }
            await storage.recordUpload(grant.key, { contentType: received.type, size: received.size }, received.place);
          } finally {
            await received.discard();
          }
          return reply
            .status(200)
            .header("etag", `"${received.size.toString(16)}"`)
            .send();
        } catch (error) {
          if (error instanceof UploadRejected) {
            // Do not wait for the rest of an oversize body: answer and close the connection.
            if (error.statusCode === 413) reply.header("connection", "close");
          }
          throw error;
        }
      },
    };
  },
);
