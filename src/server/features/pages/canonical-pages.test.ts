import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, dragons } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { fakeClientBuild } from "../../test/fake-client-build";
import { createSignedInUser, type TestUser } from "../../test/users";

/**
 * Rendered pages are kept by their address, and anyone may spell an address many ways: a trailing
 * slash or two, an id in capitals, letters percent-encoded. Each spelling of a page is sent to the
 * page's one address, so none of them renders (and Brotli-compresses) the page again or takes a
 * place in the cache (decision 036).
 */

declare global {
  var __canonicalPagesRenders: string[] | undefined;
}

let client: ReturnType<typeof fakeClientBuild>;
let t: TestApp;
let member: TestUser;
let dragonId: string;
const renders = () => globalThis.__canonicalPagesRenders ?? [];

beforeAll(async () => {
  // A built client and SSR bundle of our own: the page template, and a renderer that counts.
  client = fakeClientBuild(
    `export function pageMessages() { return {}; }
    export function translator() { return (english) => english; }
    export async function render({ pathname }) {
      (globalThis.__canonicalPagesRenders ??= []).push(pathname);
      return { html: "<main>rendered</main>", state: { queries: [] } };
    }`,
  );
  t = await createTestApp({ CLIENT_DIR: client.clientDir });
  member = await createSignedInUser(t);
  [{ id: dragonId }] = (await t.database.db
    .insert(dragons)
    .values({ name: "Ember", previewKey: "p", hiresKey: "h" })
    .returning({ id: dragons.id })) as [{ id: string }];
  await t.database.db
    .insert(blogPosts)
    .values({ title: "Scales", slug: "scales", content: "<p>Scales</p>", published: true, publishedAt: new Date() });
});
afterAll(async () => {
  await t.close();
  client.remove();
});

const get = (url: string, who?: TestUser) => t.app.inject({ method: "GET", url, cookies: who?.cookies });

/** Every way of spelling `/dragon/{id}` that names the same dragon. */
const encodedId = (id: string) => id.replace(/[a-f]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`);

describe("a page's other spellings", () => {
  it("go to the page's one address with a permanent redirect, rendering nothing, for a visitor and a member", async () => {
    const variants: Record<string, string[]> = {
      "/home": ["/home/", "/home//"],
      [`/dragon/${dragonId}`]: [
        `/dragon/${dragonId.toUpperCase()}`,
        `/dragon/${encodedId(dragonId)}`,
        `/dragon/${dragonId}/`,
        `/dragon/${encodedId(dragonId.toUpperCase())}//`,
      ],
      "/blog/scales": ["/blog/Scales", "/blog/%73cales", "/blog/scales/"],
      "/blog": ["/blog/"],
    };
    for (const who of [undefined, member]) {
      for (const [address, spellings] of Object.entries(variants)) {
        const page = await get(address, who);
        expect(page.statusCode, address).toBe(200);
        expect(page.body, address).toContain("<main>rendered</main>");
        const rendered = renders().length;
        for (const spelling of spellings) {
          for (const query of ["", "?from=mail"]) {
            const res = await get(`${spelling}${query}`, who);
            expect(res.statusCode, spelling).toBe(308);
            expect(res.headers.location, spelling).toBe(`${address}${query}`);
          }
        }
        expect(renders().length, address).toBe(rendered);
        // Where they lead is the page kept in memory.
        const again = await get(address, who);
        expect(again.headers.etag, address).toBe(page.headers.etag);
        expect(renders().length, address).toBe(rendered);
      }
    }
  });

  it("leaves the pages' own addresses, and addresses that are no page, as they are", async () => {
    for (const url of [
      "/",
      "/home",
      "/home?x=1",
      `/dragon/${dragonId}`,
      "/blog/scales",
      "/login",
      "/admin/blog/list",
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    for (const url of ["/nowhere/", "/HOME", "/Dragon/x", "//home"]) expect((await get(url)).statusCode, url).toBe(404);
  });
});
