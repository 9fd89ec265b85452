import type { APIRequestContext } from "playwright-core";
import { expect } from "vitest";
import { illustrationPng } from "../../src/server/test/images";

/** A PNG through the real upload protocol (signed URL, PUT, set-acl, private); answers its object path. */
export async function uploadPhoto(request: APIRequestContext, width = 400, height = 300): Promise<string> {
  const grant = await request.post("/api/objects/upload");
  expect(grant.status()).toBe(200);
  const { uploadURL, objectPath } = (await grant.json()) as { uploadURL: string; objectPath: string };
  expect(
    (
      await request.put(uploadURL, {
        headers: { "content-type": "image/png" },
        data: await illustrationPng(width, height),
      })
    ).status(),
  ).toBe(200);
  expect((await request.post("/api/objects/set-acl", { data: { objectPath, visibility: "private" } })).status()).toBe(
    200,
  );
  return objectPath;
}

/** A member's post of one photo of the first dragon, waiting for approval; answers its id. */
export async function createPost(request: APIRequestContext, description: string): Promise<string> {
  const dragons = (await (await request.get("/api/dragons")).json()) as { id: string }[];
  const response = await request.post("/api/posts", {
    data: { dragonId: dragons[0]!.id, description, images: [await uploadPhoto(request)] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
