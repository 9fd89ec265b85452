import type { Readable } from "node:stream";

/** Facts about stored bytes, as the backend knows them. */
export interface BlobInfo {
  size: number;
  etag: string;
  lastModified: Date;
  contentType?: string;
}

/** A stored key, and when its bytes were last written. */
export interface ListedBlob {
  key: string;
  lastModified: Date;
}

export interface UploadUrlRequest {
  key: string;
  /** Exact MIME types the uploader may send. */
  contentTypes: readonly string[];
  maxBytes: number;
  expiresInSeconds: number;
  /** Form fields the sender adds of its own (Companion's `provider`), allowed with any value. */
  senderFields?: readonly string[];
}

/**
 * Where the client sends the file, once: a PUT of its bytes with their Content-Type (our server,
 * on local storage), or a multipart/form-data POST of `fields`, a Content-Type field when `fields`
 * has none, then the file as the last field, `file` (an S3 presigned POST, whose policy caps the size).
 */
export type SignedUpload = { url: string; expiresAt: Date } & (
  { method: "PUT" } | { method: "POST"; fields: Record<string, string> }
);

/** Where bytes live: local disk or an S3-compatible bucket. Ownership and ACLs live in the database. */
export interface BlobBackend {
  readonly kind: "local" | "s3";
  createUploadUrl(request: UploadUrlRequest): Promise<SignedUpload>;
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  stat(key: string): Promise<BlobInfo | null>;
  /** A stream of the object's bytes; `range` is inclusive, like HTTP's. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * Up to `limit` stored keys in `folder` (`uploads/`, its subfolders included) that sort after
   * `after`, in byte order as S3 lists them: how the sweep finds bytes that no stored_objects row
   * records (decision 032).
   */
  list(folder: string, options: { after?: string; limit: number }): Promise<ListedBlob[]>;
  /**
   * Copy stored bytes to a new key. Only backends whose upload URLs can be used again until they
   * expire (S3's presigned POST) have it: there, an upload is checked as a copy no upload URL
   * points at (decision 003).
   */
  copy?(fromKey: string, toKey: string): Promise<void>;
}

// Keys are slash-separated segments of safe characters, so no key can climb out of its root
// (no "..", no absolute paths, no backslashes, no percent-escapes left to decode).
const segment = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/** True when a key is safe to use as a storage path. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((part) => segment.test(part) && !/^\.+$/.test(part));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A folder of keys is a valid key and a slash; answers the key. */
export function assertValidFolder(folder: string): string {
  if (!folder.endsWith("/")) throw new Error(`Invalid storage folder: ${JSON.stringify(folder)}`);
  assertValidKey(folder.slice(0, -1));
  return folder.slice(0, -1);
}
