import { buffer as readAll } from "node:stream/consumers";
import type { ObjectStorage } from "./object-storage";
import { KEPT_BY_CHECK, KEPT_BY_POST, UPLOAD_MAX_BYTES } from "../../shared/uploads";
import { HttpError } from "../http/errors";
import { UploadQuotaExceeded } from "./upload-quota";

/**
 * The storage key of an upload that a feature may take in for `userId`: their own, passed
 * through set-acl (so its bytes were checked to be an image), public or private. Null for anything else.
 */
export async function ownCheckedImageKey(
  storage: ObjectStorage,
  objectPath: string,
  userId: string,
): Promise<string | null> {
  const key = objectPath.slice("/objects/".length);
  const object = await storage.get(key);
  const ready = object && object.ownerId === userId && object.checked && object.contentType?.startsWith("image/");
  return ready ? key : null;
}

/**
 * Refuse (409) an upload a post keeps as its original or a drawing check as its photo: what takes an
 * upload in (set-acl, a picture, a template) would otherwise check it again or delete it from under them.
 */
export async function refuseKeptUpload(storage: ObjectStorage, key: string): Promise<void> {
  if (await storage.heldByPost(key)) throw new HttpError(409, KEPT_BY_POST);
  if (await storage.heldByCheck(key)) throw new HttpError(409, KEPT_BY_CHECK);
}

/** An upload's bytes, or why they cannot be read: not there (yet) or over the upload limit. */
export async function readUpload(storage: ObjectStorage, key: string): Promise<Buffer | "missing" | "too-large"> {
  const info = await storage.stat(key);
  if (!info) return "missing";
  if (info.size > UPLOAD_MAX_BYTES) return "too-large";
  if (info.size === 0) return Buffer.alloc(0);
  // At most one byte over the limit, whatever the size said: bytes replaced after it was looked at
  // must not be read into memory whole.
  const bytes = await readAll(await storage.read(key, { start: 0, end: UPLOAD_MAX_BYTES }));
  return bytes.length > UPLOAD_MAX_BYTES ? "too-large" : bytes;
}

/** An upload's first `bytes` (all of it when shorter), or "missing" when it is not there (yet). */
export async function readUploadHead(storage: ObjectStorage, key: string, bytes: number): Promise<Buffer | "missing"> {
  const info = await storage.stat(key);
  if (!info) return "missing";
  if (info.size === 0) return Buffer.alloc(0);
  return readAll(await storage.read(key, { start: 0, end: Math.min(bytes, info.size) - 1 }));
}

/** Record an upload's size; one past its owner's quota is removed, bytes and all, and refused with 413. */
export async function keepWithinQuota(storage: ObjectStorage, key: string, record: () => Promise<void>): Promise<void> {
  try {
    await record();
  } catch (error) {
    if (!(error instanceof UploadQuotaExceeded)) throw error;
    await storage.delete(key);
    throw error;
  }
}
