import { languageHeader } from "../../lib/api-client";

/** Where POST /api/objects/upload said to send a file: a URL, and on S3 the presigned form's fields. */
export interface UploadTarget {
  url: string;
  fields?: Record<string, string>;
}

/**
 * The form an S3 presigned POST takes: the signed fields, the file's Content-Type unless the
 * policy fixed it (then it is among them), and the file last, as `file` (S3 reads no field after it).
 */
function uploadForm(fields: Record<string, string>, file: Blob, contentType: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ "Content-Type": contentType, ...fields })) form.append(name, value);
  form.append("file", file);
  return form;
}

/** Send a file, once, where its upload URL points: a PUT to our server, or the presigned form to the bucket. */
export function sendUpload(target: UploadTarget, file: Blob, contentType: string): Promise<Response> {
  const url = new URL(target.url, window.location.origin);
  if (target.fields) return fetch(url, { method: "POST", body: uploadForm(target.fields, file, contentType) });
  return fetch(url, { method: "PUT", headers: { ...languageHeader(), "Content-Type": contentType }, body: file });
}
