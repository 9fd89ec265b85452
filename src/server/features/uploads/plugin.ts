import type { FastifyPluginAsync } from "fastify";
import { contractPlugin, pickEndpoints } from "../../http/contract-plugin";
import { LocalBlobBackend } from "../../storage/local-backend";
import type { ObjectStorage } from "../../storage/object-storage";
import { uploadsEndpoints } from "../../../shared/uploads/endpoints";
import { objectServeHandlers } from "./serve-routes";
import { uploadHandlers } from "./upload-routes";
import { localUploadPlugin } from "./local-upload-routes";

const storedFilesPlugin = contractPlugin(
  pickEndpoints(uploadsEndpoints, "POST /api/objects/upload", "POST /api/objects/set-acl", "GET /objects/*"),
  (app, { storage }: { storage: ObjectStorage }) => ({
    ...uploadHandlers(app, storage),
    ...objectServeHandlers(storage),
  }),
);

/**
 * Uploads and the stored files: the upload protocol, and serving what was kept. Local storage
 * also takes the uploads its signed URLs point at, in a scope of its own that reads any body as a
 * raw stream; on S3 they go to the bucket. Companion's routes are the companion feature's.
 */
export const uploadsPlugin: FastifyPluginAsync<{ storage: ObjectStorage }> = async (app, { storage }) => {
  await app.register(storedFilesPlugin, { storage });
  if (storage.backend instanceof LocalBlobBackend)
    await app.register(localUploadPlugin, { storage, backend: storage.backend });
};
