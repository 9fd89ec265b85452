import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "playwright-core";
import { expect } from "vitest";

/** Upload a picture the way the blog form does (signed URL, PUT, set-acl); answers its object path. */
export async function uploadBlogImage(request: APIRequestContext, file: string): Promise<string> {
  const grant = await request.post("/api/objects/upload", {
    data: { filename: path.basename(file), contentType: "image/png" },
  });
  expect(grant.status()).toBe(200);
  const { signedUrl, objectPath } = (await grant.json()) as { signedUrl: string; objectPath: string };
  expect(
    (await request.put(signedUrl, { headers: { "content-type": "image/png" }, data: fs.readFileSync(file) })).status(),
  ).toBe(200);
  expect((await request.post("/api/objects/set-acl", { data: { objectPath } })).status()).toBe(200);
  return objectPath;
}
