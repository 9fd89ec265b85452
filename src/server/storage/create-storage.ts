import type { Config } from "../config";
import type { Database } from "../db/client";
import type { BlobBackend } from "./blob-backend";
import { serverSecret } from "../http/secrets";
import { LocalBlobBackend } from "./local-backend";
import { ObjectStorage } from "./object-storage";

/**
 * S3-compatible storage when S3_BUCKET is set, else files under DATA_DIR. The S3 client is loaded
 * only then: it is the largest package the server uses, and cost every local start time and
 * memory (decision 025).
 */
export async function createStorage(config: Config, db: Database): Promise<ObjectStorage> {
  let backend: BlobBackend;
  if (config.S3_BUCKET) {
    const { S3BlobBackend } = await import("./s3-backend");
    backend = new S3BlobBackend({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  } else {
    backend = new LocalBlobBackend(config.DATA_DIR, serverSecret(config, "upload-signing"));
  }
  return new ObjectStorage(backend, db, config.UPLOAD_QUOTA_MB * 1024 * 1024);
}
