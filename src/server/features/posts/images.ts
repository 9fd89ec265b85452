import { loadSharp } from "../../images/sharp";
import { processPhotoInTurn } from "../../images/photo";
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

/**
 * Make a post photo's display version and thumbnail from the uploaded original, which `read`
 * brings when its turn comes (`head`: its first bytes). Throws a 400 HttpError naming `images`.
 */
export async function preparePostPhoto(head: Buffer, read: () => Promise<Buffer>): Promise<PreparedPhoto> {
  return processPhotoInTurn(head, read, "images", async (upright) => {
    const { data: display, info } = await upright
      .resize({ width: POST_DISPLAY_MAX_SIDE, height: POST_DISPLAY_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const sharp = await loadSharp();
    const thumb = await sharp(display)
      .resize({ width: POST_THUMB_MAX_SIDE, height: POST_THUMB_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75, effort: 4 })
      .toBuffer();
    return { display, thumb, width: info.width, height: info.height };
  });
}
