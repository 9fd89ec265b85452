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
    backend = await s3Backend(config, config.S3_BUCKET);
  } else {
    backend = new LocalBlobBackend(config.DATA_DIR, serverSecret(config, "upload-signing"));
  }
  return new ObjectStorage(backend, db, config.UPLOAD_QUOTA_MB * 1024 * 1024);
}

/** The bucket the S3_* settings name. */
export async function s3Backend(config: Config, bucket: string): Promise<BlobBackend> {
  const { S3BlobBackend } = await import("./s3-backend");
  return new S3BlobBackend({
    bucket,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
