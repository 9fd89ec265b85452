import { callApi } from "./api-client";

/**
 * Have an upload checked (POST /api/objects/set-acl): private, or public (admins' templates and blog
 * pictures). Answers the path to use from then on: on S3 the server checks a copy of the upload
 * that no upload URL can overwrite, under a new path (decision 003).
 */
export async function checkUpload(objectPath: string, visibility?: "private"): Promise<string> {
  return (
    await callApi("POST /api/objects/set-acl", { body: visibility ? { objectPath, visibility } : { objectPath } })
  ).objectPath;
}
