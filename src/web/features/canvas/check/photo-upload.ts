// The straightened photo of the paper, uploaded as the member's own private picture (an upload,
// checked and kept private): kept with a check, or shared to the feed through the normal post flow
// (a post that waits for an admin's approval, its photos clean copies without metadata).
import { callApi } from "../../../lib/api-client";
import { checkUpload } from "../../../lib/check-upload";
import { sendUpload } from "../../../components/uploads/send-upload";

/**
 * A post's longest description (shared/posts/index.ts POST_DESCRIPTION_MAX; a test keeps the two equal).
 * Written out so the check's code does not split the posts module out of the feed's pages' chunks
 * (which would lengthen every page's list of files to preload).
 */
export const DESCRIPTION_MAX = 500;

/** Answers the upload's object path. */
export async function uploadPhoto(photo: ImageBitmap): Promise<string> {
  const canvas = document.createElement("canvas");
  canvas.width = photo.width;
  canvas.height = photo.height;
  canvas.getContext("2d")!.drawImage(photo, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  if (!blob) throw new Error("The photo could not be encoded");

  const grant = await callApi("POST /api/objects/upload", {
    body: { filename: "my-drawing.jpg", contentType: "image/jpeg" },
  });
  const url = "signedUrl" in grant ? grant.signedUrl : grant.uploadURL;
  const put = await sendUpload({ url, ...(grant.fields ? { fields: grant.fields } : {}) }, blob, "image/jpeg");
  if (!put.ok) throw new Error(`${put.status}: ${(await put.text()) || put.statusText}`);
  return checkUpload(grant.objectPath, "private");
}

export async function sharePhotoToFeed(photo: ImageBitmap, dragonId: string, description: string): Promise<void> {
  await callApi("POST /api/posts", { body: { dragonId, description, images: [await uploadPhoto(photo)] } });
}
