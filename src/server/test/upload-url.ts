import type { FastifyInstance } from "fastify";

/** What POST /api/objects/upload answered, in the fields a sender needs. */
export interface UploadGrant {
  url: string;
  objectPath: string;
  /** An S3 presigned POST's form fields; none for a PUT. */
  fields?: Record<string, string>;
}

/** Ask `app` for an upload URL as `cookies`' owner: the uploaders' variant, or the blog form's with `payload`. */
export async function askForUploadUrl(
  app: FastifyInstance,
  cookies: Record<string, string>,
  payload?: object,
): Promise<UploadGrant> {
  const res = await app.inject({
    method: "POST",
    url: "/api/objects/upload",
    cookies,
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`POST /api/objects/upload answered ${res.statusCode}: ${res.body}`);
  const body = res.json<{
    uploadURL?: string;
    signedUrl?: string;
    objectPath: string;
    fields?: Record<string, string>;
  }>();
  return {
    url: (body.uploadURL ?? body.signedUrl)!,
    objectPath: body.objectPath,
    ...(body.fields ? { fields: body.fields } : {}),
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
