import { apiRequest } from "./query-client";

/**
 * Have an upload checked (POST /api/objects/set-acl): private, or public (admins' templates and blog
 * pictures). Answers the path to use from then on: on S3 the server checks a copy of the upload
 * that no upload URL can overwrite, under a new path (decision 003).
 */
export async function checkUpload(objectPath: string, visibility?: "private"): Promise<string> {
  const res = await apiRequest("POST", "/api/objects/set-acl", visibility ? { objectPath, visibility } : { objectPath });
  return ((await res.json()) as { objectPath: string }).objectPath;
}
