import type { Metadata } from "sharp";
import { loadSharp } from "./sharp";
import { HttpError } from "../http/errors";

/** Limits every template passes (docs/spec.md §5; the Template library issue). */
export const MAX_TEMPLATE_BYTES = 52_428_800;
export const MAX_TEMPLATE_PIXELS = 100_000_000;
export const MAX_LONG_SIDE = 8192;
export const PREVIEW_SIZE = 800;
export const PREVIEW_SMALL_SIZE = 400;

const READABLE_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff", "heif"]);

/** What the library stores for one version of a template. */
export interface PreparedTemplate {
  /** Full-resolution PNG, upright, without metadata, long side at most 8192 px. */
  hires: Buffer;
  /** WebP, about 800 px on the long side. */
  preview: Buffer;
  /** WebP, about 400 px on the long side, for small cards. */
  previewSmall: Buffer;
  width: number;
  height: number;
}

const sharpOptions = { limitInputPixels: MAX_TEMPLATE_PIXELS, failOn: "error" as const };

/**
 * Check that `input` is a readable image within the limits, reading only its header, so a
 * decompression bomb is refused before any pixel is decoded. Throws a 400 HttpError.
 */
export async function inspectImage(input: Buffer): Promise<{ width: number; height: number }> {
  if (input.length > MAX_TEMPLATE_BYTES) throw new HttpError(400, /*i18n*/ "The image is larger than 50 MB.");
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Header only; the pixel limit is checked below so a bomb gets its own message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, /*i18n*/ "This file is not an image we can read. Please use a PNG, JPEG, WebP or GIF.");
  }
  if (!metadata.format || !READABLE_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new HttpError(400, /*i18n*/ "This file is not an image we can read. Please use a PNG, JPEG, WebP or GIF.");
  }
  if (metadata.width * metadata.height > MAX_TEMPLATE_PIXELS) {
    throw new HttpError(400, /*i18n*/ "The image has more than 100 megapixels. Please use a smaller image.");
  }
  // EXIF orientations 5–8 swap the sides.
  const swapped = (metadata.orientation ?? 1) >= 5;
  return swapped
    ? { width: metadata.height, height: metadata.width }
    : { width: metadata.width, height: metadata.height };
}

/** Make a template's stored versions from an original image (one path for uploads, AI images and samples). */
export async function prepareTemplate(input: Buffer): Promise<PreparedTemplate> {
  await inspectImage(input);
  const sharp = await loadSharp();
  try {
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked to. PNG's
    // per-row filters make a photo's PNG about half the size (12 instead of 22 MB for a 12 MP
    // photo with sensor noise) and faster to decode (the canvas and the pencil version read it),
    // for ~40 % more encoding time once, at upload.
    const { data: hires, info } = await sharp(input, sharpOptions)
      .rotate()
      .resize({ width: MAX_LONG_SIDE, height: MAX_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 4, adaptiveFiltering: true })
      .toBuffer({ resolveWithObject: true });
    const preview = (size: number) =>
      sharp(hires)
        .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82, effort: 4 })
        .toBuffer();
    const [large, small] = await Promise.all([preview(PREVIEW_SIZE), preview(PREVIEW_SMALL_SIZE)]);
    return { hires, preview: large, previewSmall: small, width: info.width, height: info.height };
  } catch {
    throw new HttpError(400, /*i18n*/ "The image file is damaged or incomplete. Please try another file.");
  }
}
