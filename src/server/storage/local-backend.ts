import { HttpError } from "../http/errors";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { serverSecret } from "../http/secrets";
import {
  assertValidFolder,
  assertValidKey,
  isValidKey,
  type BlobBackend,
  type BlobInfo,
  type ListedBlob,
  type SignedUpload,
  type UploadUrlRequest,
} from "./blob-backend";

/** The route that receives signed local uploads (see local-upload-route.ts). */
export const LOCAL_UPLOAD_PATH = "/api/storage/upload";

export interface LocalUploadGrant {
  key: string;
  contentTypes: string[];
  maxBytes: number;
  expiresAt: number;
}

/** How much of an upload's start is kept to tell its type by (images/sniff.ts needs 16 bytes). */
const UPLOAD_HEAD_BYTES = 16;

/** A body received under a grant, in a temporary file until it is placed under the grant's key. */
export interface ReceivedUpload {
  /** The Content-Type it was sent with, lower case, without parameters. */
  type: string;
  size: number;
  /** Its first bytes. */
  head: Buffer;
  place(): Promise<void>;
  discard(): Promise<void>;
}

/** Thrown when an upload breaks its grant; `status` is the HTTP answer. */
export class UploadRejected extends HttpError {}

/**
 * Objects as files under `root`, with upload URLs signed by an HMAC key that is generated once and
 * kept beside them, so URLs survive restarts and several processes on one disk agree.
 */
export class LocalBlobBackend implements BlobBackend {
  readonly kind = "local" as const;
  private readonly root: string;
  private readonly secret: Buffer;

  /** `secret` signs upload and download links: the installation's (secrets.ts), or one kept in dataDir. */
  constructor(dataDir: string, secret = serverSecret({ DATA_DIR: dataDir }, "upload-signing")) {
    this.root = path.join(dataDir, "objects");
    fs.mkdirSync(this.root, { recursive: true });
    this.secret = secret;
  }

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  private sign(payload: string): string {
    return crypto.createHmac("sha256", this.secret).update(payload).digest("base64url");
  }

  async createUploadUrl(request: UploadUrlRequest): Promise<SignedUpload> {
    assertValidKey(request.key);
    const expiresAt = Date.now() + request.expiresInSeconds * 1000;
    const grant = Buffer.from(
      JSON.stringify({ key: request.key, contentTypes: request.contentTypes, maxBytes: request.maxBytes, expiresAt }),
    ).toString("base64url");
    const url = `${LOCAL_UPLOAD_PATH}?grant=${grant}&sig=${this.sign(grant)}`;
    return { url, method: "PUT", expiresAt: new Date(expiresAt) };
  }

  /** Check a signed URL's query; answers the grant or throws UploadRejected. */
  verifyUpload(grant: string | undefined, sig: string | undefined, now = Date.now()): LocalUploadGrant {
    if (!grant || !sig) throw new UploadRejected(403, /*i18n*/ "Missing upload signature");
    const expected = Buffer.from(this.sign(grant));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      throw new UploadRejected(403, /*i18n*/ "Invalid upload signature");
    }
    const parsed = JSON.parse(Buffer.from(grant, "base64url").toString("utf8")) as LocalUploadGrant;
    if (parsed.expiresAt < now) throw new UploadRejected(403, /*i18n*/ "Request has expired");
    return parsed;
  }

  /**
   * Stream a body to a temporary file under a grant, stopping as soon as it passes the size limit.
   * The caller looks at what arrived, then `place`s it under the grant's key (at most once: a key
   * that has a file refuses it) or leaves it; `discard` removes the temporary file either way.
   */
  async receiveUpload(
    grant: LocalUploadGrant,
    body: Readable,
    contentType: string | undefined,
  ): Promise<ReceivedUpload> {
    const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
    if (!grant.contentTypes.includes(type))
      throw new UploadRejected(415, /*i18n*/ "Content type not allowed: {type}", { values: { type: type || "none" } });
    const target = this.file(grant.key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${crypto.randomUUID()}.part`;
    let size = 0;
    let head = Buffer.alloc(0);
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (head.length < UPLOAD_HEAD_BYTES)
          head = Buffer.concat([head, chunk.subarray(0, UPLOAD_HEAD_BYTES - head.length)]);
        if (size > grant.maxBytes)
          done(
            new UploadRejected(413, /*i18n*/ "File is larger than {bytes} bytes", {
              values: { bytes: grant.maxBytes },
            }),
          );
        else done(null, chunk);
      },
    });
    const discard = () => fsp.rm(temp, { force: true });
    // The request is piped, not pipelined: a refusal must not destroy it, or the client would
    // see a reset connection instead of our 413.
    body.on("error", (error) => limit.destroy(error));
    body.pipe(limit);
    try {
      await pipeline(limit, fs.createWriteStream(temp, { flags: "wx" })).catch((error: unknown) => {
        body.unpipe(limit);
        body.resume();
        throw error;
      });
    } catch (error) {
      await discard();
      throw error;
    }
    // A hard link fails if the key has a file already: the URL's one upload is kept, no other.
    const place = () =>
      fsp.link(temp, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "EEXIST"
          ? new UploadRejected(409, /*i18n*/ "This upload URL has already been used")
          : error;
      });
    return { type, size, head, place, discard };
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${crypto.randomUUID()}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temp));
      await fsp.rename(temp, target);
    } finally {
      await fsp.rm(temp, { force: true });
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const s = await fsp.stat(this.file(key));
      if (!s.isFile()) return null;
      return {
        size: s.size,
        lastModified: s.mtime,
        etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return fs.createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fsp.rm(file, { force: true });
    // Tidy folders the key leaves empty (dragons/{id}/ once its last image is gone).
    for (let dir = path.dirname(file); dir.startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        break;
      }
    }
  }

  async list(folder: string, options: { after?: string; limit: number }): Promise<ListedBlob[]> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(this.file(assertValidFolder(folder)), { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    // Every file's key, as S3 would name and order it (keys are ASCII: code-unit order is byte order);
    // only the page asked for is stat'ed. A file another process deletes meanwhile is left out.
    const keys = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .filter((key) => isValidKey(key) && (options.after === undefined || key > options.after))
      .sort()
      .slice(0, options.limit);
    const listed = await Promise.all(keys.map(async (key) => ({ key, info: await this.stat(key) })));
    return listed.flatMap(({ key, info }) => (info ? [{ key, lastModified: info.lastModified }] : []));
  }
}
