// Reading the learner's photo: checked before it is decoded, turned upright by its EXIF
// orientation (createImageBitmap's "from-image"), and held to a size a phone can work on.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The same limit as every other upload. */
export const MAX_PHOTO_BYTES = 50 * 1024 * 1024;
/** Larger photos are scaled down to this many pixels: beyond it nothing gets more accurate, only slower. */
const MAX_PIXELS = 16_000_000;

/** What the browser could not decode (or another failure while reading): the same words wherever it happens. */
export const PHOTO_UNREADABLE = msg`This photo could not be opened. Choose a JPEG, PNG or WebP photo of your paper.`;

/** A photo refused, with the words that say why: a catalog's message, shown in the page's language. */
export class PhotoError extends Error {
  readonly words: MessageDescriptor;
  constructor(words: MessageDescriptor) {
    super(words.message ?? words.id);
    this.words = words;
  }
}

export async function readPhoto(file: File): Promise<ImageBitmap> {
  if (file.size > MAX_PHOTO_BYTES)
    throw new PhotoError(msg`The photo is larger than 50 MB. Choose a smaller one, or take the photo again.`);
  if (file.type && !file.type.startsWith("image/"))
    throw new PhotoError(msg`That file is not a picture. Choose a photo of your paper (JPEG, PNG or WebP).`);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new PhotoError(PHOTO_UNREADABLE);
  }
  const pixels = bitmap.width * bitmap.height;
  if (pixels <= MAX_PIXELS) return bitmap;
  const scale = Math.sqrt(MAX_PIXELS / pixels);
  const smaller = await createImageBitmap(bitmap, {
    resizeWidth: Math.round(bitmap.width * scale),
    resizeHeight: Math.round(bitmap.height * scale),
    resizeQuality: "high",
  });
  bitmap.close();
  return smaller;
}
