import fsp from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { postPolicyCheck } from "./s3-post-policy";

// s3rver is CommonJS and ships no type declarations; load it with require and describe the bits used.
interface S3rverInstance {
  /** Koa's middleware list, composed when the server starts listening. */
  middleware: unknown[];
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  resetOnClose: boolean;
  configureBuckets: { name: string; configs?: string[] }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;
/** The secret of s3rver's only built-in account (key id S3RVER). */
const SECRET_ACCESS_KEY = "S3RVER";
const BROWSER_UPLOADS_CORS =
  "<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>POST</AllowedMethod><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the app at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on loopback with one empty bucket, holding presigned POST
 * forms to their policy as S3 does (s3-post-policy.ts; s3rver itself takes any form).
 */
export async function startS3rver(bucket = "test-bucket", options: { browserUploads?: boolean } = {}): Promise<TestS3> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), "dragon-grid-s3rver-"));
  // The CORS rule operations.md asks of a bucket, for journeys whose browser sends the form.
  const configs = options.browserUploads ? [BROWSER_UPLOADS_CORS] : [];
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    resetOnClose: true,
    configureBuckets: [{ name: bucket, configs }],
  });
  server.middleware.unshift(postPolicyCheck(SECRET_ACCESS_KEY));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    // s3rver's only built-in account.
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      await fsp.rm(directory, { recursive: true, force: true });
    },
  };
}
