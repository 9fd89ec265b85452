import type { Config } from "../config";
import type { Database } from "../db/client";
import type { BlobBackend } from "./blob-backend";
import { LocalBlobBackend } from "./local-backend";
import { S3BlobBackend } from "./s3-backend";
import { ObjectStorage } from "./object-storage";

/** S3-compatible storage when S3_BUCKET is set, else files under DATA_DIR. */
export function createStorage(config: Config, db: Database): ObjectStorage {
  const backend: BlobBackend = config.S3_BUCKET
    ? new S3BlobBackend({
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
    : new LocalBlobBackend(config.DATA_DIR);
  return new ObjectStorage(backend, db, config.UPLOAD_QUOTA_MB * 1024 * 1024);
}
