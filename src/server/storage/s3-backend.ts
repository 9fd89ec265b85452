import { Readable } from "node:stream";
import { buffer as readAll } from "node:stream/consumers";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { createPresignedPost, type PresignedPostOptions } from "@aws-sdk/s3-presigned-post";
import {
  assertValidFolder,
  assertValidKey,
  type BlobBackend,
  type BlobInfo,
  type ListedBlob,
  type SignedUpload,
  type UploadUrlRequest,
} from "./blob-backend";

export interface S3BlobBackendOptions {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, s3rver…); omit for AWS. */
  endpoint?: string;
  region: string;
  /** Used only when both keys are given; otherwise the SDK's default credential chain applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Objects in an S3-compatible bucket; uploads go straight from the browser with presigned POST forms. */
export class S3BlobBackend implements BlobBackend {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3BlobBackendOptions) {
    this.bucket = options.bucket;
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Only add checksums when an operation requires them. The SDK's default ("when supported")
      // puts checksum parameters into presigned URLs and sends streaming bodies as aws-chunked
      // with trailing checksums, which many S3-compatible servers do not understand.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
    }
    this.client = new S3Client(config);
  }

  async createUploadUrl(request: UploadUrlRequest): Promise<SignedUpload> {
    assertValidKey(request.key);
    // A presigned POST, not a PUT: only a POST policy can cap the size (content-length-range),
    // and S3 refuses a bigger body before storing anything. The content type is one field when
    // exactly one is allowed (signed as it is), else the sender's, within the types' common prefix
    // ("image/"); set-acl reads the bytes whatever it says.
    const [onlyType] = request.contentTypes.length === 1 ? request.contentTypes : [];
    const conditions: NonNullable<PresignedPostOptions["Conditions"]> = [["content-length-range", 0, request.maxBytes]];
    if (!onlyType) conditions.push(["starts-with", "$Content-Type", commonPrefix(request.contentTypes)]);
    for (const field of request.senderFields ?? []) conditions.push(["starts-with", `$${field}`, ""]);
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: request.key,
      Conditions: conditions,
      Fields: onlyType ? { "Content-Type": onlyType } : {},
      Expires: request.expiresInSeconds,
    });
    // The policy's own expiry, to the second, is the one S3 holds the form to.
    const policy = JSON.parse(Buffer.from(fields.Policy!, "base64").toString("utf8")) as { expiration: string };
    return { url, method: "POST", fields, expiresAt: new Date(policy.expiration) };
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertValidKey(key);
    // A stream of unknown length would need a multipart upload (@aws-sdk/lib-storage), which is not
    // installed; PutObject needs a Content-Length, so the stream is buffered in memory first. The
    // server only puts bytes it generated itself (previews, pencil versions), which are small.
    const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
      }),
    );
  }

  async stat(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const info: BlobInfo = {
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? "",
        lastModified: head.LastModified ?? new Date(0),
      };
      if (head.ContentType) info.contentType = head.ContentType;
      return info;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertValidKey(key);
    const result = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    const body = result.Body;
    if (body === undefined) return Readable.from([]);
    // In Node the SDK answers an http.IncomingMessage (a Readable) with helper methods mixed in.
    if (body instanceof Readable) return body;
    throw new Error(`Unexpected S3 response body for ${JSON.stringify(key)}`);
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    assertValidKey(fromKey);
    assertValidKey(toKey);
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: `${this.bucket}/${fromKey}` }),
    );
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      // S3 answers 204 for a missing key too; some compatible servers answer 404 instead.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async list(folder: string, options: { after?: string; limit: number }): Promise<ListedBlob[]> {
    assertValidFolder(folder);
    // One page: S3 answers at most 1,000 keys (some servers fewer); the caller goes on after the last.
    // The first version of ListObjects, whose Marker is the second's StartAfter: s3rver cannot
    // answer a truncated second-version listing (its continuation token needs DES, gone from Node's OpenSSL 3).
    const page = await this.client.send(
      new ListObjectsCommand({
        Bucket: this.bucket,
        Prefix: folder,
        MaxKeys: options.limit,
        ...(options.after === undefined ? {} : { Marker: options.after }),
      }),
    );
    // S3 always gives LastModified; were one missing, the key would count as just written (never swept).
    return (page.Contents ?? []).flatMap((object) =>
      object.Key ? [{ key: object.Key, lastModified: object.LastModified ?? new Date() }] : [],
    );
  }
}

function isNotFound(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a configuration error, not a missing object.
  if (name === "NoSuchBucket") return false;
  return $metadata?.httpStatusCode === 404 || name === "NotFound" || name === "NoSuchKey";
}

/** The start every one of `values` shares ("image/" for the image types). */
function commonPrefix(values: readonly string[]): string {
  let prefix = values[0] ?? "";
  for (const value of values) while (!value.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}
