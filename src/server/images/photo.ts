import type { Sharp } from "sharp";
import { loadSharp } from "./sharp";
import { HttpError } from "../http/errors";
import { MAX_TEMPLATE_PIXELS, inspectImage } from "./template-pipeline";
import { createSlots } from "../work-slots";

/** People's photos: a 12 MP phone photo fits three times over; larger ones are refused before decoding. */
export const MAX_PHOTO_PIXELS = 40_000_000;
// A photo decoded at full size holds width × height × 4 bytes (160 MB for 40 MP) in libvips, and a
// progressive JPEG's decoder holds all of its coefficients even when it shrinks on load.
// Two photos decode at once in a process (two cores), and together at most 40 MP of them: two
// phone photos, or one of the largest (a 40 MP progressive JPEG adds ~140 MB while it decodes);
// the rest wait (decision 010, "A memory ceiling for people's photos", has the measurements).
const photoSlot = createSlots(2, MAX_PHOTO_PIXELS);

/** Photo decodes running and waiting in this process (for /metrics). */
export const photoQueue = () => photoSlot.stats();

/** The photo's pixels once its header passed `inspectImage` and the limit; a 400 naming `field` otherwise. */
async function checkedPixels(original: Buffer, field: string, maxPixels: number): Promise<number> {
  const { width, height } = await inspectImage(original).catch((error: unknown) => {
    throw error instanceof HttpError
      ? new HttpError(400, /*i18n*/ "Invalid {field}: {why}", { values: { field, why: error.said } })
      : error;
  });
  if (width * height > maxPixels) {
    throw new HttpError(
      400,
      /*i18n*/ "Invalid {field}: Photos can be at most {max} megapixels (this one has {has}). Please use a smaller photo.",
      { values: { field, max: maxPixels / 1e6, has: Math.round((width * height) / 1e6) } },
    );
  }
  return width * height;
}

/** `make` on the upright photo; a decoding failure is a 400 naming `field`. */
async function made<T>(
  original: Buffer,
  field: string,
  make: (upright: Sharp) => Promise<T>,
  maxPixels: number,
): Promise<T> {
  try {
    const sharp = await loadSharp();
    return await make(sharp(original, { limitInputPixels: maxPixels, failOn: "error" }).rotate());
  } catch {
    throw new HttpError(
      400,
      /*i18n*/ "Invalid {field}: The image file is damaged or incomplete. Please try another file.",
      { values: { field } },
    );
  }
}

/**
 * A person's photo (a post photo, an avatar) made into something we serve: the header is checked
 * first (the library's `inspectImage`), so a non-image or a decompression bomb is refused before
 * a pixel is decoded; then `make` runs on a sharp pipeline that has applied the EXIF orientation.
 * sharp writes no metadata unless asked to, so EXIF (GPS, camera, time), XMP, IPTC and the
 * orientation tag itself are all left behind. Problems are 400s naming `field`.
 */
export async function processPhoto<T>(
  original: Buffer,
  field: string,
  make: (upright: Sharp) => Promise<T>,
  maxPixels = MAX_PHOTO_PIXELS,
): Promise<T> {
  const pixels = await checkedPixels(original, field, maxPixels);
  return photoSlot(() => made(original, field, make, maxPixels), pixels);
}

/**
 * processPhoto for a photo read in its turn: only `read` brings the whole file, in the slot, so
 * photos waiting for one hold their first bytes only (four 40 MP uploads are ~50 MB). `head`,
 * the file's first bytes, weighs the photo by the pixels its header gives; a header they do not
 * hold (WebP's, a JPEG's behind large metadata) weighs as the largest photo, which decodes alone.
 */
export async function processPhotoInTurn<T>(
  head: Buffer,
  read: () => Promise<Buffer>,
  field: string,
  make: (upright: Sharp) => Promise<T>,
): Promise<T> {
  const sharp = await loadSharp();
  const header = await sharp(head, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  const pixels = header?.width && header.height ? header.width * header.height : MAX_PHOTO_PIXELS;
  // Too large by its header: refused now, not after waiting its turn.
  if (pixels > MAX_PHOTO_PIXELS) await checkedPixels(head, field, MAX_PHOTO_PIXELS);
  return photoSlot(
    async () => {
      const original = await read();
      await checkedPixels(original, field, MAX_PHOTO_PIXELS);
      return made(original, field, make, MAX_PHOTO_PIXELS);
    },
    Math.min(pixels, MAX_PHOTO_PIXELS),
  );
}

const REENCODE: Record<string, (image: Sharp) => Sharp> = {
  "image/jpeg": (image) => image.jpeg({ quality: 92 }),
  "image/png": (image) => image.png(),
  "image/webp": (image) => image.webp({ quality: 92 }),
  "image/gif": (image) => image.gif(),
};

/**
 * An upload about to be made public, upright and without the metadata it arrived with (a phone
 * photo's GPS position, camera, time), in its own format; null when it carries none, so a plain
 * picture is shared as it is. Problems are 400s naming objectPath. Only admins publish (templates
 * and blog pictures), so a template's larger limit applies.
 */
export async function withoutMetadata(bytes: Buffer, type: string): Promise<Buffer | null> {
  const reencode = REENCODE[type];
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!reencode || !meta || (!meta.exif && !meta.xmp && !meta.iptc)) return null;
  return processPhoto(bytes, "objectPath", (upright) => reencode(upright).toBuffer(), MAX_TEMPLATE_PIXELS);
}
