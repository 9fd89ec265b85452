import { HttpError } from "../http/errors";
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { drawingChecks, postImages, storedObjects, users } from "../db/schema";
import type { BlobBackend, BlobInfo, SignedUpload } from "./blob-backend";
import { UploadQuotaExceeded } from "./upload-quota";

/** An upload URL sent again after its one upload was taken in (or after the upload was removed). */
export class UploadUrlUsed extends HttpError {
  constructor() {
    super(409, /*i18n*/ "This upload URL has already been used");
  }
}

/** Where people's uploads land, each under a fresh id. */
export const UPLOADS_PREFIX = "uploads/";

export interface ObjectAcl {
  ownerId: string | null;
  isPublic: boolean;
}

export interface StoredObject extends ObjectAcl {
  key: string;
  /** Its bytes passed set-acl's checks. */
  checked: boolean;
  contentType: string | null;
}

export interface CreateUploadOptions {
  ownerId: string;
  contentTypes: readonly string[];
  maxBytes: number;
  /** Defaults to 15 minutes. */
  expiresInSeconds?: number;
  /** Defaults to uploads/{uuid}. */
  key?: string;
}

/** Turn a storage key into the URL the app serves it at. */
export const objectUrl = (key: string) => `/objects/${key}`;

/**
 * The one storage interface the features use: bytes in a backend (disk or S3), and each object's
 * owner and visibility in the database, so a read is allowed or refused without asking the backend.
 */
export class ObjectStorage {
  constructor(
    readonly backend: BlobBackend,
    private readonly db: Database,
    /** Bytes each member may keep (admins have none); null: no limit. */
    readonly quotaBytes: number | null = null,
  ) {}

  get kind() {
    return this.backend.kind;
  }

  /** A signed URL for one PUT; the object is recorded as private to its owner from the start. */
  async createUpload(options: CreateUploadOptions): Promise<SignedUpload & { key: string }> {
    const key = options.key ?? `${UPLOADS_PREFIX}${crypto.randomUUID()}`;
    const signed = await this.backend.createUploadUrl({
      key,
      contentTypes: options.contentTypes,
      maxBytes: options.maxBytes,
      expiresInSeconds: options.expiresInSeconds ?? 15 * 60,
    });
    await this.db.insert(storedObjects).values({ key, ownerId: options.ownerId, isPublic: false });
    return { ...signed, key };
  }

  /** Write bytes the server made itself (previews, pencil versions), or cleaned itself (set-acl, `checked`). */
  async put(
    key: string,
    body: Buffer | Readable,
    contentType: string,
    acl: ObjectAcl & { checked?: boolean },
  ): Promise<void> {
    await this.backend.put(key, body, contentType);
    const size = Buffer.isBuffer(body) ? body.length : null;
    const row = { contentType, size, checked: false, ...acl };
    await this.db
      .insert(storedObjects)
      .values({ key, ...row })
      .onConflictDoUpdate({ target: storedObjects.key, set: row });
  }

  /**
   * Whether an upload URL may still bring this key its bytes: its row is there, still someone's,
   * and nothing has arrived yet (no size). Avatars, pictures and templates delete the upload they
   * are made from, row and all; a post or a check keeps it with its size; either way its URL is spent.
   */
  async awaitsUpload(key: string): Promise<boolean> {
    const [row] = await this.db.select({ key: storedObjects.key }).from(storedObjects).where(awaitingUpload(key));
    return Boolean(row);
  }

  /**
   * Take in the one upload a URL allows: record what arrived, if the key still awaits it and it
   * fits its owner's quota, and `place` the bytes under the key in the same transaction, so that
   * of two senders of one URL only one is kept, and nothing is placed that is not recorded. Throws
   * UploadUrlUsed or UploadQuotaExceeded, recording and placing nothing.
   */
  async recordUpload(
    key: string,
    fields: { contentType: string; size: number },
    place: () => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [object] = await tx
        .select({ ownerId: storedObjects.ownerId })
        .from(storedObjects)
        .where(awaitingUpload(key));
      if (!object?.ownerId) throw new UploadUrlUsed();
      await this.checkQuota(tx, object.ownerId, key, fields.size);
      const recorded = await tx
        .update(storedObjects)
        .set(fields)
        .where(awaitingUpload(key))
        .returning({ key: storedObjects.key });
      if (!recorded.length) throw new UploadUrlUsed();
      await place();
    });
  }

  /**
   * Bytes stored for this owner, across every process: the sizes recorded in the database (what
   * arrived on local storage, what set-acl checked, what the server made from it). Null when the
   * owner has no quota (admins).
   */
  async usage(ownerId: string): Promise<{ used: number; quota: number } | null> {
    if (this.quotaBytes === null) return null;
    const [owner] = await this.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, ownerId));
    if (!owner || owner.isAdmin) return null;
    return { used: await bytesOwnedBy(this.db, ownerId), quota: this.quotaBytes };
  }

  /**
   * Write an upload's size (and what else is known) only if its owner's other objects and it fit
   * the quota. The owner's row is locked for the check and the write, so parallel uploads, in this
   * process or another, are counted one after the other and none slips past the limit.
   */
  private async admit(
    key: string,
    fields: { size: number; contentType: string; checked?: boolean; isPublic?: boolean },
  ): Promise<void> {
    const quota = this.quotaBytes;
    if (quota === null) {
      await this.db.update(storedObjects).set(fields).where(eq(storedObjects.key, key));
      return;
    }
    await this.db.transaction(async (tx) => {
      const [object] = await tx
        .select({ ownerId: storedObjects.ownerId })
        .from(storedObjects)
        .where(eq(storedObjects.key, key));
      if (object?.ownerId) await this.checkQuota(tx, object.ownerId, key, fields.size);
      await tx.update(storedObjects).set(fields).where(eq(storedObjects.key, key));
    });
  }

  /** Throws UploadQuotaExceeded unless `size` more bytes at `key` fit its owner's quota; locks the owner's row until the transaction ends. */
  private async checkQuota(tx: Pick<Database, "select">, ownerId: string, key: string, size: number): Promise<void> {
    const quota = this.quotaBytes;
    if (quota === null) return;
    const [owner] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, ownerId)).for("update");
    if (owner && !owner.isAdmin && (await bytesOwnedBy(tx, ownerId, key)) + size > quota)
      throw new UploadQuotaExceeded(quota);
  }

  /**
   * Record files the server is about to write for a member (a private picture's copies) only if
   * they fit the owner's quota, `replacing` (the upload they are made from) not counted. Checked
   * and recorded under the owner's row lock, as `admit` does, so parallel saves cannot both slip
   * past the limit; throws UploadQuotaExceeded, recording nothing. The writes follow with `put`.
   */
  async reserve(
    ownerId: string,
    files: { key: string; size: number; contentType: string }[],
    replacing: string[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.id, ownerId))
        .for("update");
      const quota = this.quotaBytes;
      if (quota !== null && owner && !owner.isAdmin) {
        const adding = files.reduce((sum, file) => sum + file.size, 0);
        if ((await bytesOwnedBy(tx, ownerId, replacing)) + adding > quota) throw new UploadQuotaExceeded(quota);
      }
      for (const file of files) {
        const row = { ownerId, isPublic: false, checked: false, contentType: file.contentType, size: file.size };
        await tx
          .insert(storedObjects)
          .values({ key: file.key, ...row })
          .onConflictDoUpdate({ target: storedObjects.key, set: row });
      }
    });
  }

  /**
   * An upload about to be checked, under a key no upload URL points at. On S3 a presigned POST can
   * be sent again until it expires, so bytes checked under the key it names could be swapped
   * afterwards: they are copied to a new key first, the staging key is deleted, and the checks and
   * everything after read the copy (what the URL writes there later has no row: the sweep of stray
   * uploads removes it, decision 033). Local upload URLs are single-use: the key stays. Answers
   * the key to use, or null when nothing was uploaded there.
   */
  async settle(key: string): Promise<string | null> {
    if (!(await this.backend.stat(key))) return null;
    if (!this.backend.copy) return key;
    const object = await this.get(key);
    const settled = `${UPLOADS_PREFIX}${crypto.randomUUID()}`;
    await this.backend.copy(key, settled);
    await this.db.insert(storedObjects).values({ key: settled, ownerId: object?.ownerId ?? null, isPublic: false });
    await this.delete(key);
    return settled;
  }

  /** Whether a post holds this upload as one of its originals (its photos as they arrived). */
  async heldByPost(key: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: postImages.objectKey })
      .from(postImages)
      .where(eq(postImages.objectKey, key))
      .limit(1);
    return Boolean(row);
  }

  /** Whether a drawing check keeps this upload as its photo (decision 028). */
  async heldByCheck(key: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: drawingChecks.photoKey })
      .from(drawingChecks)
      .where(eq(drawingChecks.photoKey, key))
      .limit(1);
    return Boolean(row);
  }

  /** An upload whose bytes set-acl has checked: what they are, and who may read them. Throws UploadQuotaExceeded as recordUpload does. */
  async markChecked(key: string, checked: { contentType: string; size: number; isPublic: boolean }): Promise<void> {
    await this.admit(key, { ...checked, checked: true });
  }

  async get(key: string): Promise<StoredObject | null> {
    const [row] = await this.db
      .select({
        key: storedObjects.key,
        ownerId: storedObjects.ownerId,
        isPublic: storedObjects.isPublic,
        checked: storedObjects.checked,
        contentType: storedObjects.contentType,
      })
      .from(storedObjects)
      .where(eq(storedObjects.key, key));
    return row ?? null;
  }

  stat(key: string): Promise<BlobInfo | null> {
    return this.backend.stat(key);
  }

  read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return this.backend.read(key, range);
  }

  async delete(key: string): Promise<void> {
    await this.backend.delete(key);
    await this.db.delete(storedObjects).where(eq(storedObjects.key, key));
  }
}

/** The row of a key that an upload URL may still bring its bytes to. */
const awaitingUpload = (key: string) =>
  and(eq(storedObjects.key, key), isNotNull(storedObjects.ownerId), isNull(storedObjects.size));

/** The recorded sizes of everything `ownerId` owns, but `except`. */
async function bytesOwnedBy(
  db: Pick<Database, "select">,
  ownerId: string,
  except: string | string[] = [],
): Promise<number> {
  const owned = eq(storedObjects.ownerId, ownerId);
  const excluded = [except].flat();
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${storedObjects.size}), 0)` })
    .from(storedObjects)
    .where(excluded.length ? and(owned, notInArray(storedObjects.key, excluded)) : owned);
  return Number(row?.used ?? 0);
}

/** A Pro member's private pictures (decision 031): nobody but their owner sees them, admins included. */
const PICTURES_PREFIX = "pictures/";
const OWNER_ONLY_PREFIXES = [UPLOADS_PREFIX, PICTURES_PREFIX];
/** Members' pictures (avatars): stored private, shown to signed-in members only (issue 41). */
export const AVATARS_PREFIX = "avatars/";

/**
 * May this viewer read the object? Public ones: anyone. Private ones: the owner, and admins
 * (a pending post's photos are moderated), except a private upload as it arrived (`uploads/…`),
 * which may still carry the place a photo was taken, and a private picture (`pictures/…`): only
 * their owner reads those. An avatar: any signed-in member, as the feed beside which it shows.
 */
export function canRead(object: ObjectAcl & { key: string }, viewer: { id: string; isAdmin: boolean } | null): boolean {
  if (object.isPublic) return true;
  if (!viewer) return false;
  if (object.ownerId !== null && object.ownerId === viewer.id) return true;
  if (object.key.startsWith(AVATARS_PREFIX)) return true;
  return viewer.isAdmin && !OWNER_ONLY_PREFIXES.some((prefix) => object.key.startsWith(prefix));
}
