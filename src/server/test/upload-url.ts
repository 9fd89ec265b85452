import type { FastifyInstance } from "fastify";
import { testClient } from "./api-client";

/** What POST /api/objects/upload answered, in the fields a sender needs. */
export interface UploadGrant {
  url: string;
  objectPath: string;
  /** An S3 presigned POST's form fields; none for a PUT. */
  fields?: Record<string, string>;
}

/** Ask `app` for an upload URL as `cookies`' owner: the uploaders' variant, or the blog form's with `body`. */
export async function askForUploadUrl(
  app: FastifyInstance,
  cookies: Record<string, string>,
  body?: { filename: string; contentType: string },
): Promise<UploadGrant> {
  const res = await testClient(app).call("POST /api/objects/upload", { cookies, ...(body ? { body } : {}) });
  if (res.statusCode !== 200) throw new Error(`POST /api/objects/upload answered ${res.statusCode}: ${res.body}`);
  const grant = res.json();
  return {
    url: "uploadURL" in grant ? grant.uploadURL : grant.signedUrl,
    objectPath: grant.objectPath,
    ...(grant.fields ? { fields: grant.fields } : {}),
  };
}

/**
 * Send a file to an upload URL as the browser does: a PUT through `app` (a relative URL), or
 * straight to the bucket, as a POST form when the URL came with fields. Answers the HTTP status.
 */
export async function sendToUploadUrl(
  app: FastifyInstance | null,
  grant: Pick<UploadGrant, "url" | "fields">,
  body: Buffer,
  contentType: string,
): Promise<number> {
  if (grant.url.startsWith("/"))
    return (
      await app!.inject({ method: "PUT", url: grant.url, headers: { "content-type": contentType }, payload: body })
    ).statusCode;
  if (!grant.fields)
    return (
      await fetch(grant.url, { method: "PUT", headers: { "content-type": contentType }, body: new Uint8Array(body) })
    ).status;
  const form = new FormData();
  for (const [name, value] of Object.entries({ "Content-Type": contentType, ...grant.fields }))
    form.append(name, value);
  form.append("file", new Blob([new Uint8Array(body)], { type: contentType }), "upload");
  return (await fetch(grant.url, { method: "POST", body: form })).status;
}
