import crypto from "node:crypto";
import { processPhoto } from "../../images/photo";
import { AVATAR_SIZE } from "../../../shared/account";
import { AVATARS_PREFIX, objectUrl } from "../../storage/object-storage";

/**
 * Where a user's avatar is kept; a new name per picture, so browsers never show a stale one. It is
 * stored private: storage's `canRead` shows it to signed-in members only, in every process (issue 41).
 */
export const avatarKey = (userId: string) => `${AVATARS_PREFIX}${userId}/${crypto.randomUUID()}.webp`;

/** The storage key behind a profile image URL of ours, or null (a Google picture, no picture). */
export const ownAvatarKey = (profileImageUrl: string | null): string | null =>
  profileImageUrl?.startsWith(objectUrl(AVATARS_PREFIX)) ? profileImageUrl.slice(objectUrl("").length) : null;

/** An uploaded photo as an avatar: upright, cropped square around its centre, 256 px WebP, no metadata. */
export function prepareAvatar(original: Buffer): Promise<Buffer> {
  return processPhoto(original, "objectPath", (upright) =>
    upright
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover", position: "centre" })
      .webp({ quality: 82, effort: 4 })
      .toBuffer(),
  );
}
