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
