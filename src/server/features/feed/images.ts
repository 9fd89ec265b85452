import sharp from "sharp";
import { HttpError } from "../../http/errors";
import { MAX_TEMPLATE_PIXELS, inspectImage } from "../../images/template-pipeline";
import { POST_DISPLAY_MAX_SIDE, POST_THUMB_MAX_SIDE } from "../../../shared/posts";

/** The storage keys of one post photo's served versions; readable names, one folder per post. */
export const postImageKeys = (postId: string, order: number) => ({
  display: `posts/${postId}/${order}.webp`,
  thumb: `posts/${postId}/${order}-thumb.webp`,
});

/** What the feed serves for one photo: never the original upload. */
export interface PreparedPhoto {
  /** WebP, upright, long side at most 1600 px, no metadata at all (no EXIF, so no GPS). */
  display: Buffer;
  /** The same at most 400 px on the long side. */
  thumb: Buffer;
  width: number;
  height: number;
}

/** Prefix a photo problem with the field it came from, so the 400 names `images`. */
const imagesError = (message: string) => new HttpError(400, `Invalid images: ${message}`);

/**
 * Make a post photo's display version and thumbnail from the uploaded original. The header is
 * checked first (the library's `inspectImage`), so a non-image or a decompression bomb is refused
 * before a pixel is decoded. Throws a 400 HttpError naming `images`.
 */
export async function preparePostPhoto(original: Buffer): Promise<PreparedPhoto> {
  await inspectImage(original).catch((error: unknown) => {
    throw error instanceof HttpError ? imagesError(error.message) : error;
  });
  try {
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked to, so EXIF
    // (GPS, camera, time), XMP, IPTC and the orientation tag itself are all left behind.
    const { data: display, info } = await sharp(original, { limitInputPixels: MAX_TEMPLATE_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: POST_DISPLAY_MAX_SIDE, height: POST_DISPLAY_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(display)
      .resize({ width: POST_THUMB_MAX_SIDE, height: POST_THUMB_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75, effort: 4 })
      .toBuffer();
    return { display, thumb, width: info.width, height: info.height };
  } catch {
    throw imagesError("The image file is damaged or incomplete. Please try another file.");
  }
}
