// 'Share to the feed' from a drawing check: the straightened photo of the paper goes through the
// normal post flow (an upload of the member's own, checked and kept private, then a post that
// waits for an admin's approval; the post's pipeline makes clean copies without metadata).
import { callApi } from "../../../lib/api-client";
import { checkUpload } from "../../../lib/check-upload";

export async function sharePhotoToFeed(photo: ImageBitmap, dragonId: string, description: string): Promise<void> {
  const canvas = document.createElement("canvas");
  canvas.width = photo.width;
  canvas.height = photo.height;
  canvas.getContext("2d")!.drawImage(photo, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  if (!blob) throw new Error("The photo could not be encoded");
  const grant = await callApi("POST /api/objects/upload", { body: { filename: "my-drawing.jpg", contentType: "image/jpeg" } });
  const target = "signedUrl" in grant ? grant.signedUrl : grant.uploadURL;
  const put = await fetch(new URL(target, window.location.origin), { method: "PUT", headers: { "Content-Type": "image/jpeg" }, body: blob });
  if (!put.ok) throw new Error(`${put.status}: ${(await put.text()) || put.statusText}`);
  const objectPath = await checkUpload(grant.objectPath, "private");
  await callApi("POST /api/posts", { body: { dragonId, description, images: [objectPath] } });
}
