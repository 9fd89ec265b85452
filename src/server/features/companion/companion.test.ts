import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dragons, postImages, posts, storedObjects } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, type TestUser } from "../../test/users";
import { illustrationPng, phonePhotoJpeg } from "../../test/images";
import { openWebSocket } from "../../test/websocket-client";
import { SESSION_COOKIE } from "../../auth/sessions";
import { serverTranslator } from "../../i18n/server-catalogs";
import { LINK_FAILED } from "./companion";
import { startS3rver, type TestS3 } from "../../test/s3rver";

// Remote uploads end to end on the server: a real local HTTP server serves the files, Companion
// fetches them and sends them through our signed upload route (or as the bucket's presigned form), the progress comes over its
// websocket, and set-acl and the dragon and post routes take it from there.

let images: http.Server;
let imagesOrigin: string;
let png: Buffer;
let jpeg: Buffer;

function serveImages(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const send = (type: string, body: Buffer) => {
      response.writeHead(200, { "content-type": type, "content-length": body.length });
      response.end(request.method === "HEAD" ? undefined : body);
    };
    switch (request.url) {
      case "/dragon.png":
        return send("image/png", png);
      case "/photo.jpg":
        return send("image/jpeg", jpeg);
      case "/notes.txt":
        return send("text/plain", Buffer.from("Shopping list: charcoal, kneaded eraser\n"));
      case "/pretend.png":
        // Says PNG, is text: only the bytes tell.
        return send("image/png", Buffer.from("<html>this is not a picture at all, just some text</html>\n"));
      case "/huge.png": {
        response.writeHead(200, { "content-type": "image/png", "content-length": 60 * 1024 * 1024 });
        if (request.method === "HEAD") return response.end();
        const zeros = Buffer.alloc(64 * 1024);
        return Readable.from(
          (function* () {
            yield png.subarray(0, 16);
            for (let i = 0; i < 960; i += 1) yield zeros;
          })(),
        ).pipe(response);
      }
      case "/to-metadata":
        response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        return response.end();
      case "/to-private":
        response.writeHead(301, { location: "http://10.1.2.3/dragon.png" });
        return response.end();
      default:
        response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** A test app listening on a real port (Companion PUTs to it and talks over a websocket). */
async function listeningApp(env: Record<string, string>): Promise<{ t: TestApp; origin: string }> {
  const t = await createTestApp(env);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

const cookieOf = (user: TestUser | null) => (user ? `${SESSION_COOKIE}=${user.cookies[SESSION_COOKIE]}` : "");

// Raw addresses over a real socket: Companion's routes and their redirects are exercised as Uppy calls them.
async function call(
  origin: string,
  user: TestUser | null,
  method: string,
  path: string,
  body?: unknown,
  language = "en",
) {
  const res = await fetch(origin + path, {
    method,
    headers: {
      cookie: cookieOf(user),
      "accept-language": language,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // plain-text answers
  }
  return { status: res.status, text, json: json as Record<string, unknown> };
}

/** What the widget does for a link: an upload of ours, Companion's meta, its get, then its socket. */
async function importLink(
  origin: string,
  user: TestUser,
  link: string,
  override: { type?: string; size?: number | null; language?: string } = {},
) {
  const { objectPath } = (await call(origin, user, "POST", "/api/objects/upload")).json as { objectPath: string };
  const meta = await call(origin, user, "POST", "/api/companion/url/meta", { url: link }, override.language);
  const get = await call(
    origin,
    user,
    "POST",
    "/api/companion/url/get",
    {
      url: link,
      metadata: { objectPath, name: "from-a-link", type: override.type ?? (meta.json?.type as string | undefined) },
      size: override.size === undefined ? (meta.json?.size as number | undefined) : override.size,
      // A browser cannot choose where Companion sends the file: all of this is replaced.
      protocol: "tus",
      endpoint: "http://example.com/collect",
      httpMethod: "POST",
      headers: { authorization: "Bearer stolen" },
    },
    override.language,
  );
  let outcome: { action: string; payload: Record<string, unknown> } | null = null;
  if (get.status === 200) {
    const socket = await openWebSocket(`${origin}/api/companion/api/${get.json.token as string}`, cookieOf(user));
    for await (const message of socket.messages) {
      const m = message as { action: string; payload: Record<string, unknown> };
      if (m.action === "success" || m.action === "error") {
        outcome = m;
        break;
      }
    }
    socket.close();
  }
  return { objectPath, meta, get, outcome };
}

async function storedNothing(t: TestApp, objectPath: string) {
  const key = objectPath.slice("/objects/".length);
  expect(await t.app.storage.stat(key)).toBeNull();
  const [row] = await t.database.db.select().from(storedObjects).where(eq(storedObjects.key, key));
  expect(row?.size ?? null).toBeNull();
  expect(row?.isPublic ?? false).toBe(false);
  // Companion's download folder: made when Companion is first needed, and left empty.
  const downloads = `${t.dataDir}/companion`;
  expect(fs.existsSync(downloads) ? fs.readdirSync(downloads) : []).toEqual([]);
}

beforeAll(async () => {
  png = await illustrationPng(400, 300);
  jpeg = await phonePhotoJpeg(300, 200);
  images = await serveImages();
  imagesOrigin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      images.close(() => resolve());
      images.closeAllConnections();
    }),
);

describe("remote uploads with the test-only loopback setting", () => {
  let t: TestApp;
  let origin: string;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    ({ t, origin } = await listeningApp({ COMPANION_TEST_ONLY_ALLOW_LOOPBACK: "true" }));
    admin = await createSignedInUser(t, { isAdmin: true });
    member = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  it("tells a signed-in user which remote sources exist: the link import only, without keys", async () => {
    const res = await call(origin, member, "GET", "/api/objects/remote-sources");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ companionUrl: "/api/companion", sources: ["url"] });
  });

  it("imports a link as the admin's upload, which passes set-acl and becomes a dragon", async () => {
    const { objectPath, meta, get, outcome } = await importLink(origin, admin, `${imagesOrigin}/dragon.png`);
    expect(meta.json).toEqual({ name: "dragon.png", type: "image/png", size: png.length });
    expect(get.status).toBe(200);
    expect(outcome?.action).toBe("success");
    const key = objectPath.slice("/objects/".length);
    const [row] = await t.database.db.select().from(storedObjects).where(eq(storedObjects.key, key));
    expect(row).toMatchObject({ ownerId: admin.id, contentType: "image/png", size: png.length, isPublic: false });
    expect(
      Buffer.compare(Buffer.from(await (await t.app.storage.read(key)).toArray().then((c) => Buffer.concat(c))), png),
    ).toBe(0);

    expect((await call(origin, admin, "POST", "/api/objects/set-acl", { objectPath })).status).toBe(200);
    const created = await call(origin, admin, "POST", "/api/dragons", {
      name: "Linked Ember",
      imageUrl: objectPath,
      filename: "dragon.png",
    });
    expect(created.status).toBe(201);
    const [dragon] = await t.database.db
      .select()
      .from(dragons)
      .where(eq(dragons.id, created.json.id as string));
    expect(dragon?.name).toBe("Linked Ember");
  });

  it("imports a link as a member's post photo", async () => {
    const [dragon] = await t.database.db.select().from(dragons).limit(1);
    const { objectPath, outcome } = await importLink(origin, member, `${imagesOrigin}/photo.jpg`);
    expect(outcome?.action).toBe("success");
    const [row] = await t.database.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.key, objectPath.slice("/objects/".length)));
    expect(row).toMatchObject({ ownerId: member.id, contentType: "image/jpeg" });
    expect(
      (await call(origin, member, "POST", "/api/objects/set-acl", { objectPath, visibility: "private" })).status,
    ).toBe(200);
    const created = await call(origin, member, "POST", "/api/posts", {
      dragonId: dragon!.id,
      description: "Drawn from a link",
      images: [objectPath],
    });
    expect(created.status).toBe(201);
    const [post] = await t.database.db.select().from(posts).where(eq(posts.userId, member.id));
    const photos = await t.database.db.select().from(postImages).where(eq(postImages.postId, post!.id));
    expect(photos).toHaveLength(1);
  });

  it("refuses a text file with a clear message, storing nothing", async () => {
    const { objectPath, meta, get, outcome } = await importLink(origin, member, `${imagesOrigin}/notes.txt`);
    expect(meta.json?.type).toBe("text/plain");
    expect(get.status).toBe(415);
    expect(get.json).toEqual({ message: "The file is not a PNG, JPEG, WebP or GIF image" });
    expect(outcome).toBeNull();
    await storedNothing(t, objectPath);
  });

  it("refuses a text file that claims to be a PNG by its bytes, storing nothing", async () => {
    const { objectPath, get, outcome } = await importLink(origin, member, `${imagesOrigin}/pretend.png`);
    expect(get.status).toBe(200);
    expect(outcome?.action).toBe("error");
    expect((outcome?.payload.error as { message: string }).message).toBe("The file is not the image it claims to be");
    await storedNothing(t, objectPath);
    expect(
      (await call(origin, member, "POST", "/api/objects/set-acl", { objectPath, visibility: "private" })).status,
    ).toBe(404);
  });

  it("tells why in the language the upload was asked in, over the websocket too", async () => {
    const es = serverTranslator("es");
    const pretend = await importLink(origin, member, `${imagesOrigin}/pretend.png`, { language: "es" });
    expect(pretend.outcome?.action).toBe("error");
    const told = (pretend.outcome?.payload.error as { message: string }).message;
    expect(told).toBe(es("The file is not the image it claims to be"));
    expect(told).not.toBe("The file is not the image it claims to be");
    // A dead link: Companion's own English ("failed to fetch URL metadata") is not what a person reads.
    const dead = await importLink(origin, member, `${imagesOrigin}/gone.png`, {
      language: "de",
      type: "image/png",
      size: 1000,
    });
    expect(dead.meta.status).toBeGreaterThanOrEqual(400);
    expect(dead.meta.json).toEqual({ message: serverTranslator("de")(LINK_FAILED) });
    await storedNothing(t, dead.objectPath);
  });

  it("refuses a file over 50 MB with a clear message, whether or not the browser says its size", async () => {
    const declared = await importLink(origin, member, `${imagesOrigin}/huge.png`);
    expect(declared.meta.json?.size).toBe(60 * 1024 * 1024);
    expect(declared.get.status).toBe(413);
    expect(declared.get.json).toEqual({ message: "The file is larger than 50 MB" });
    await storedNothing(t, declared.objectPath);
    // A browser that hides the size: Companion sees the length of what it fetches.
    const hidden = await importLink(origin, member, `${imagesOrigin}/huge.png`, { size: null });
    expect(hidden.get.status).toBe(413);
    expect(hidden.get.json).toEqual({ message: "The file is larger than 50 MB" });
    await storedNothing(t, hidden.objectPath);
  });

  it("refuses redirects to the metadata service and to a private network, storing nothing", async () => {
    for (const link of [`${imagesOrigin}/to-metadata`, `${imagesOrigin}/to-private`]) {
      const { objectPath, meta, get, outcome } = await importLink(origin, member, link, {
        type: "image/png",
        size: 1000,
      });
      expect(meta.status).toBe(400);
      expect(meta.json).toEqual({ message: "Links to private or local network addresses are not allowed" });
      expect(get.status).toBe(400);
      expect(outcome).toBeNull();
      await storedNothing(t, objectPath);
    }
  });

  it("only fills an upload the same user asked for", async () => {
    const { objectPath } = (await call(origin, admin, "POST", "/api/objects/upload")).json as { objectPath: string };
    const get = await call(origin, member, "POST", "/api/companion/url/get", {
      url: `${imagesOrigin}/dragon.png`,
      metadata: { objectPath, type: "image/png" },
      size: png.length,
    });
    expect(get.status).toBe(403);
    await storedNothing(t, objectPath);
  });

  it("keeps Companion's paths for sources without keys closed, in words (its OAuth start failed with a 500)", async () => {
    for (const path of [
      "/api/companion/connect/dropbox",
      "/api/companion/dropbox/list/",
      "/api/companion/",
      "/api/companion/metrics",
    ]) {
      const res = await call(origin, member, "GET", path);
      expect(res.status, path).toBe(404);
      expect(res.json, path).toEqual({ message: "Not found" });
    }
  });

  it("turns visitors away with 401: the routes, the sources and the progress socket", async () => {
    const before = await t.database.db.select().from(storedObjects);
    for (const [method, path, body] of [
      ["POST", "/api/companion/url/meta", { url: `${imagesOrigin}/dragon.png` }],
      [
        "POST",
        "/api/companion/url/get",
        {
          url: `${imagesOrigin}/dragon.png`,
          metadata: { objectPath: "/objects/uploads/2b1f4b8e-0a52-4f0a-9d3e-5d6c1f2e3a4b", type: "image/png" },
        },
      ],
      ["GET", "/api/companion/dropbox/list/", undefined],
      ["GET", "/api/objects/remote-sources", undefined],
    ] as const) {
      const res = await call(origin, null, method, path, body);
      expect(res.status, path).toBe(401);
      expect(res.text).toBe(
        path.startsWith("/api/companion/") ? JSON.stringify({ message: "Unauthorized" }) : "Unauthorized",
      );
    }
    expect((await openWebSocket(`${origin}/api/companion/api/00000000-0000-0000-0000-000000000000`, "")).status).toBe(
      401,
    );
    expect(await t.database.db.select().from(storedObjects)).toEqual(before);
  });
});

describe("remote uploads to S3-compatible storage (s3rver)", () => {
  let s3: TestS3;
  let t: TestApp;
  let origin: string;
  let member: TestUser;

  beforeAll(async () => {
    s3 = await startS3rver();
    ({ t, origin } = await listeningApp({ ...s3.env, COMPANION_TEST_ONLY_ALLOW_LOOPBACK: "true" }));
    member = await createSignedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it("sends the fetched file to the bucket as the presigned form, which set-acl then checks", async () => {
    const { objectPath, get, outcome } = await importLink(origin, member, `${imagesOrigin}/dragon.png`);
    expect(get.status).toBe(200);
    expect(outcome?.action).toBe("success");
    expect((await t.app.storage.stat(objectPath.slice("/objects/".length)))?.size).toBe(png.length);
    const checked = await call(origin, member, "POST", "/api/objects/set-acl", { objectPath, visibility: "private" });
    expect(checked.status).toBe(200);
    expect(await t.app.storage.get((checked.json.objectPath as string).slice("/objects/".length))).toMatchObject({
      ownerId: member.id,
      checked: true,
      contentType: "image/png",
    });
  });
});

describe("remote uploads as deployed (test setting off)", () => {
  let t: TestApp;
  let origin: string;
  let member: TestUser;

  beforeAll(async () => {
    ({ t, origin } = await listeningApp({
      COMPANION_DROPBOX_KEY: "dropbox-app-key",
      COMPANION_DROPBOX_SECRET: "dropbox-app-secret",
      COMPANION_UNSPLASH_KEY: "unsplash-key",
      COMPANION_UNSPLASH_SECRET: "unsplash-secret",
    }));
    member = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  it("refuses links to this machine and private networks, by address or by a name that resolves there", async () => {
    for (const link of [
      `${imagesOrigin}/dragon.png`,
      imagesOrigin.replace("127.0.0.1", "localhost") + "/dragon.png",
      "http://[::1]/dragon.png",
      "http://[::ffff:127.0.0.1]/dragon.png",
      "http://10.0.0.8/dragon.png",
      "http://172.20.1.1/dragon.png",
      "http://192.168.1.1/dragon.png",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00::1]/dragon.png",
    ]) {
      const { objectPath, meta, get, outcome } = await importLink(origin, member, link, {
        type: "image/png",
        size: 1000,
      });
      expect(meta.status, link).toBe(400);
      expect(meta.json, link).toEqual({ message: "Links to private or local network addresses are not allowed" });
      expect(get.status, link).toBe(400);
      expect(outcome).toBeNull();
      await storedNothing(t, objectPath);
    }
  });

  it("refuses a link whose host name cannot be looked up, rather than leaving it to the fetch", async () => {
    // .invalid never resolves (RFC 2606); "localhost." failed the look-up here and got through.
    const { objectPath, meta, outcome } = await importLink(origin, member, "http://pictures.invalid/dragon.png", {
      type: "image/png",
      size: 1000,
    });
    expect(meta.status).toBe(400);
    expect(meta.json).toEqual({ message: "We could not find that address. Please check the link." });
    expect(outcome).toBeNull();
    await storedNothing(t, objectPath);
  });

  it("refuses a link that is not http or https", async () => {
    const res = await call(origin, member, "POST", "/api/companion/url/meta", { url: "file:///etc/passwd" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: "Enter a full link starting with http:// or https://" });
  });

  it("answers Companion's own refusals with a message, not a bare status or Express's page", async () => {
    for (const [method, path, body, status, message] of [
      ["GET", "/api/companion/dropbox/list/", undefined, 401, "Unauthorized"],
      ["POST", "/api/companion/dropbox/preauth", {}, 400, "The remote source could not handle this request"],
      ["GET", "/api/companion/dropbox", undefined, 404, "Not found"],
      ["GET", "/api/companion/box/list/", undefined, 404, "Not found"],
    ] as const) {
      const res = await call(origin, member, method, path, body);
      expect(res.status, path).toBe(status);
      expect(res.json, path).toEqual({ message });
    }
  });

  it("offers the providers whose keys are set, and sends their sign-in to the provider", async () => {
    expect((await call(origin, member, "GET", "/api/objects/remote-sources")).json).toEqual({
      companionUrl: "/api/companion",
      sources: ["url", "dropbox", "unsplash"],
    });
    // What the widget's sign-in popup does: Companion's connect, then Grant's, then the provider,
    // who is told to come back to our redirect URI (the one to register with the provider).
    const state = btoa(JSON.stringify({ origin: "http://dragongrid.test" }));
    const connect = await fetch(`${origin}/api/companion/dropbox/connect?state=${state}`, {
      headers: { cookie: cookieOf(member) },
      redirect: "manual",
    });
    expect(connect.status, await connect.text()).toBe(302);
    const grant = new URL(connect.headers.get("location")!);
    expect(grant.pathname).toBe("/api/companion/connect/dropbox");
    const companionCookie = connect.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const provider = await fetch(`${origin}${grant.pathname}${grant.search}`, {
      headers: { cookie: `${cookieOf(member)}; ${companionCookie}` },
      redirect: "manual",
    });
    expect(provider.status).toBe(302);
    expect(provider.headers.get("location")).toMatch(/^https:\/\/www\.dropbox\.com\/oauth2\/authorize\?/);
    expect(new URL(provider.headers.get("location")!).searchParams.get("redirect_uri")).toBe(
      "http://dragongrid.test/api/companion/dropbox/redirect",
    );

    // The provider sends the person back with a code: Grant's callback, then Companion's last step,
    // which answers the popup (a made-up code fails at the provider; a real one gets the token).
    const sessionCookie = provider.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const cookies = `${cookieOf(member)}; ${companionCookie}; ${sessionCookie}`;
    const authorize = new URL(provider.headers.get("location")!);
    const back = await fetch(
      `${origin}/api/companion/dropbox/redirect?code=from-the-provider&state=${authorize.searchParams.get("state")}`,
      { headers: { cookie: cookies }, redirect: "manual" },
    );
    const grantCallback = new URL(back.headers.get("location")!);
    const toCompanion = await fetch(`${origin}${grantCallback.pathname}${grantCallback.search}`, {
      headers: { cookie: cookies },
      redirect: "manual",
    });
    expect(toCompanion.headers.get("location")).toMatch(/^\/api\/companion\/dropbox\/callback/);
    const popup = await fetch(`${origin}${toCompanion.headers.get("location")}`, {
      headers: { cookie: cookies },
      redirect: "manual",
    });
    const page = await popup.text();
    expect(page).toContain("window.opener.postMessage");
    expect(page).toContain("Authentication failed.");
  });
});

describe("the widget's remote-upload client settings (docs/spec.md §9)", () => {
  it("are the ones Uppy's Companion client has built in: 10 retries, 5-minute socket silence, the spec's retryable statuses", () => {
    const require = createRequire(import.meta.url);
    const source = fs.readFileSync(
      require.resolve("@uppy/core/package.json").replace("package.json", "lib/companion-client/RequestClient.js"),
      "utf8",
    );
    expect(source).toMatch(/const retryCount = 10;/);
    expect(source).toMatch(/const socketActivityTimeoutMs = 5 \* 60 \* 1000;/);
    expect(source).toContain("[408, 409, 429, 418, 423].includes(statusCode)");
    expect(source).toMatch(/statusCode >= 500 &&\s*statusCode <= 599 &&\s*!\[501, 505\]\.includes\(statusCode\)/);
  });
});
