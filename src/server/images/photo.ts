import sharp, { type Sharp } from "sharp";
import { HttpError } from "../http/errors";
import { MAX_TEMPLATE_PIXELS, inspectImage } from "./template-pipeline";
import { createSlots } from "./decode-slots";

/** People's photos: a 12 MP phone photo fits three times over; larger ones are refused before decoding. */
export const MAX_PHOTO_PIXELS = 40_000_000;
// Two photos decode at once in a process (two cores); the rest wait.
const photoSlot = createSlots(2);

/**
 * A person's photo (a post photo, an avatar) made into something we serve: the header is checked
 * first (the library's `inspectImage`), so a non-image or a decompression bomb is refused before
 * a pixel is decoded; then `make` runs on a sharp pipeline that has applied the EXIF orientation.
 * sharp writes no metadata unless asked to, so EXIF (GPS, camera, time), XMP, IPTC and the
 * orientation tag itself are all left behind. Problems are 400s naming `field`.
 */
export async function processPhoto<T>(original: Buffer, field: string, make: (upright: Sharp) => Promise<T>, maxPixels = MAX_PHOTO_PIXELS): Promise<T> {
  const { width, height } = await inspectImage(original).catch((error: unknown) => {
    throw error instanceof HttpError ? new HttpError(400, `Invalid ${field}: ${error.message}`) : error;
  });
  if (width * height > maxPixels) {
    throw new HttpError(400, `Invalid ${field}: Photos can be at most ${maxPixels / 1e6} megapixels (this one has ${Math.round((width * height) / 1e6)}). Please use a smaller photo.`);
  }
  return photoSlot(async () => {
    try {
      return await make(sharp(original, { limitInputPixels: maxPixels, failOn: "error" }).rotate());
    } catch {
      throw new HttpError(400, `Invalid ${field}: The image file is damaged or incomplete. Please try another file.`);
    }
  });
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
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!reencode || !meta || (!meta.exif && !meta.xmp && !meta.iptc)) return null;
  return processPhoto(bytes, "objectPath", (upright) => reencode(upright).toBuffer(), MAX_TEMPLATE_PIXELS);
}
