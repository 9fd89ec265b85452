import { z } from "zod";
import { text } from "../text";

/** Most an upload may weigh (docs/spec.md §9: dragon uploads and post photos, 50 MB each). */
export const UPLOAD_MAX_BYTES = 52_428_800;
/** Signed upload URLs expire after this long. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Refusals (409) of an upload a post keeps as its original, or a drawing check as its photo. */
export const KEPT_BY_POST = /*i18n*/ "This photo is already part of a post";
export const KEPT_BY_CHECK = /*i18n*/ "This photo is already kept with a drawing check";

/** The blog form's variant of POST /api/objects/upload. */
export const uploadRequestSchema = z.object({
  filename: text().trim().min(1).max(255),
  contentType: text().regex(/^image\/(png|jpeg|webp|gif)$/, "must be a PNG, JPEG, WebP or GIF image"),
});

export const objectPathSchema = z.object({
  objectPath: text()
    .max(300)
    .regex(/^\/objects\/uploads\/[A-Za-z0-9-]+$/, "must be an upload's objectPath"),
});

/**
 * POST /api/objects/set-acl. `visibility` (beyond docs/spec.md, which sends objectPath only) defaults to
 * public, for pictures shown as they are (the blog's). Photos the server makes copies of (a post's,
 * an avatar) are checked but stay private: the original is never served to anyone but its owner.
 */
export const setAclSchema = objectPathSchema.extend({
  visibility: z
    .enum(["public", "private"])
    .describe("Members must send private; left out, it is public, which only admins may ask for")
    .optional(),
});
