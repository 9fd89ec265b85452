import sharp, { type Sharp } from "sharp";
import { HttpError } from "../http/errors";
import { MAX_TEMPLATE_PIXELS, inspectImage } from "./template-pipeline";

/**
 * A person's photo (a post photo, an avatar) made into something we serve: the header is checked
 * first (the library's `inspectImage`), so a non-image or a decompression bomb is refused before
 * a pixel is decoded; then `make` runs on a sharp pipeline that has applied the EXIF orientation.
 * sharp writes no metadata unless asked to, so EXIF (GPS, camera, time), XMP, IPTC and the
 * orientation tag itself are all left behind. Problems are 400s naming `field`.
 */
export async function processPhoto<T>(original: Buffer, field: string, make: (upright: Sharp) => Promise<T>): Promise<T> {
  await inspectImage(original).catch((error: unknown) => {
    throw error instanceof HttpError ? new HttpError(400, `Invalid ${field}: ${error.message}`) : error;
  });
  try {
    return await make(sharp(original, { limitInputPixels: MAX_TEMPLATE_PIXELS, failOn: "error" }).rotate());
  } catch {
    throw new HttpError(400, `Invalid ${field}: The image file is damaged or incomplete. Please try another file.`);
  }
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
 * picture is shared as it is. Problems are 400s naming objectPath.
 */
export async function withoutMetadata(bytes: Buffer, type: string): Promise<Buffer | null> {
  const reencode = REENCODE[type];
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!reencode || !meta || (!meta.exif && !meta.xmp && !meta.iptc)) return null;
  return processPhoto(bytes, "objectPath", (upright) => reencode(upright).toBuffer());
}
