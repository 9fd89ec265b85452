import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { illustrationPng } from "../src/server/test/images";
import { verificationLink, waitForMail } from "../src/server/test/mail";
import type { Post } from "../src/shared/posts/responses";
import { startPostgresForTest, type ThrowawayPostgres } from "./support/postgres";
import { emptyDataDir, preparedDataDir, startServer, type ServerProcess } from "./support/server-process";

// An acknowledged write survives a crash: a burst of registrations, progress saves, posts (with
// their photo files), likes and comments is cut by SIGKILL (no shutdown, no flush), the server
// starts again on the same data, and every write whose 2xx answer had arrived is there. On the
// embedded PGlite and on PostgreSQL.

const PASSWORD = "correct horse battery";
// Under the per-user limits (10 posts an hour, 30 comments a minute): a 429 is not what is tested.
const MAX_POSTS = 9;
const MAX_COMMENTS = 25;
// Each request from an address of its own (the server trusts 127.0.0.1 as its proxy), so the real
// per-address limits do not turn the burst into 429s.
const address = () => `198.19.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;
const post = (server: ServerProcess, url: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address(), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const wip = (dragonId: string, imageX: number) => ({
  dragonId,
  paperWidth: 11,
  paperHeight: 8.5,
  gridSize: 1,
  imageZoom: 1,
  imageX,
  imageY: 0,
});

/** A post of one photo through the real upload protocol: upload URL, PUT, set-acl, post. Answers its id, or null. */
async function postPhoto(
  server: ServerProcess,
  cookie: string,
  dragonId: string,
  photo: Buffer,
): Promise<string | null> {
  const upload = await post(server, "/api/objects/upload", {}, cookie);
  if (!upload.ok) return null;
  const { uploadURL, objectPath } = (await upload.json()) as { uploadURL: string; objectPath: string };
  // A path on local storage, a full URL on S3.
  const put = await fetch(new URL(uploadURL, server.url), {
    method: "PUT",
    headers: { "content-type": "image/png" },
    body: new Uint8Array(photo),
  });
  if (!put.ok) return null;
  if (!(await post(server, "/api/objects/set-acl", { objectPath, visibility: "private" }, cookie)).ok) return null;
  const created = await post(server, "/api/posts", { dragonId, description: "burst", images: [objectPath] }, cookie);
  return created.status === 201 ? ((await created.json()) as { id: string }).id : null;
}

/** A verified, signed-in member: register, follow the outbox link, log in. */
async function member(server: ServerProcess, email: string): Promise<string> {
  expect((await post(server, "/api/auth/register", { email, password: PASSWORD })).status).toBe(201);
  const link = new URL(verificationLink((await waitForMail(server.dataDir, email)).at(-1)!)!);
  // Verified from elsewhere than the registering browser: with the password.
  expect(
    (await post(server, "/api/auth/verify-email", { token: link.searchParams.get("token"), password: PASSWORD }))
      .status,
  ).toBe(200);
  const login = await post(server, "/api/auth/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .find((c) => c.startsWith("dg_session="))!
    .split(";")[0]!;
}

async function crashAndCheck(env: Record<string, string>) {
  // On PGlite, from the run's prepared installation; on PostgreSQL a first start loads the 12
  // samples through sharp: slow on a busy 2-core machine.
  const dataDir = env.DATABASE_URL ? emptyDataDir() : preparedDataDir();
  const settings = { DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1", ...env };
  let server = await startServer(settings, { startTimeoutMs: 180_000 });
  try {
    const cookie = await member(server, "saver@crash.test");
    const dragons = ((await (await fetch(`${server.url}/api/dragons`)).json()) as { id: string }[]).map((d) => d.id);
    expect(dragons.length).toBeGreaterThan(0);
    const photo = await illustrationPng(320, 240);
    // One post before the burst, so that likes and comments have something to land on at once.
    const first = await postPhoto(server, cookie, dragons[0]!, photo);
    expect(first).not.toBeNull();

    // The burst: 8 writers, each in turn registering someone, saving progress (imageX counts up
    // per dragon), posting a photo or liking a post not yet liked, and commenting, until the
    // server is killed under them.
    const registered: string[] = [];
    const saved = new Map<string, number>();
    const posted: string[] = [first!];
    const liked = new Set<string>();
    const commented = new Map<string, string>(); // comment id -> post id
    const likeAsked = new Set<string>();
    let sequence = 0;
    let postsAsked = 1;
    let commentsAsked = 0;
    let killed = false;
    const writer = async (n: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const step = (n + i) % 4;
          if (step === 0) {
            const email = `burst-${n}-${i}@crash.test`;
            if ((await post(server, "/api/auth/register", { email, password: PASSWORD })).status === 201)
              registered.push(email);
          } else if (step === 2 && postsAsked < MAX_POSTS) {
            postsAsked++;
            const id = await postPhoto(server, cookie, dragons[i % dragons.length]!, photo);
            if (id) posted.push(id);
          } else if (step === 2 && posted.some((id) => !likeAsked.has(id))) {
            // Each post is liked once only, so an acknowledged like is a like that must be there.
            const postId = posted.find((id) => !likeAsked.has(id))!;
            likeAsked.add(postId);
            const answer = await post(server, `/api/posts/${postId}/like`, {}, cookie);
            if (answer.ok && ((await answer.json()) as { liked: boolean }).liked) liked.add(postId);
          } else if (step === 3 && commentsAsked < MAX_COMMENTS) {
            commentsAsked++;
            const postId = posted[i % posted.length]!;
            const answer = await post(server, `/api/posts/${postId}/comment`, { text: `burst ${n}-${i}` }, cookie);
            if (answer.status === 201) commented.set(((await answer.json()) as { id: string }).id, postId);
          } else {
            // Progress saves, also when nothing else is left to ask (every turn must wait on the server).
            const value = ++sequence;
            const dragonId = dragons[value % dragons.length]!;
            if ((await post(server, "/api/wip", wip(dragonId, value), cookie)).ok)
              saved.set(dragonId, Math.max(saved.get(dragonId) ?? 0, value));
          }
        } catch {
          // The connection died with the server: that write was never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, n) => writer(n));
    await expect
      .poll(() => registered.length + saved.size + posted.length + liked.size + commented.size, { timeout: 60_000 })
      .toBeGreaterThan(60);
    server.child.kill("SIGKILL");
    killed = true;
    await Promise.all(writers);
    expect(await server.stop()).toBeNull();

    server = await startServer(settings, { startTimeoutMs: 180_000 });
    // Every acknowledged registration is there: its password is known (403, verify first), not 401.
    for (const email of registered) {
      const login = await post(server, "/api/auth/login", { email, password: PASSWORD });
      expect(login.status, email).toBe(403);
    }
    // Every acknowledged save is there (or a later one that committed as the server died).
    for (const [dragonId, value] of saved) {
      const progress = (await (await fetch(`${server.url}/api/wip/${dragonId}`, { headers: { cookie } })).json()) as {
        imageX: number;
      } | null;
      expect(progress?.imageX ?? -1, dragonId).toBeGreaterThanOrEqual(value);
    }
    // Every acknowledged post is there (its author sees it, pending), its photo file readable;
    // every acknowledged like and comment is on its post.
    const mine = (await (await fetch(`${server.url}/api/posts/mine`, { headers: { cookie } })).json()) as Post[];
    const byId = new Map(mine.map((p) => [p.id, p]));
    for (const id of posted) {
      const shown = byId.get(id);
      expect(shown, id).toBeDefined();
      const image = await fetch(`${server.url}${shown!.images[0]!.imageUrl}`, { headers: { cookie } });
      expect(image.status, id).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const me = mine[0]!.user.id;
    for (const id of liked)
      expect(
        byId.get(id)!.likes.map((l) => l.userId),
        id,
      ).toContain(me);
    for (const [commentId, postId] of commented)
      expect(
        byId.get(postId)!.comments.map((c) => c.id),
        commentId,
      ).toContain(commentId);
    return {
      registrations: registered.length,
      saves: saved.size,
      posts: posted.length,
      likes: liked.size,
      comments: commented.size,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each kind of write had acknowledged ones when the server died: none was left out of the check. */
function expectEveryKind(counts: Awaited<ReturnType<typeof crashAndCheck>>) {
  for (const [kind, count] of Object.entries(counts)) expect(count, kind).toBeGreaterThan(0);
}

describe("crash durability", () => {
  it("keeps every acknowledged write through SIGKILL on PGlite", async () => {
    expectEveryKind(await crashAndCheck({}));
  }, 240_000);

  let postgres: ThrowawayPostgres | null = null;
  afterAll(() => postgres?.stop());
  it("keeps every acknowledged write through SIGKILL on PostgreSQL", async (context) => {
    postgres = await startPostgresForTest();
    // Without PostgreSQL installed this is reported as skipped (under CI it fails instead, above).
    if (!postgres) return context.skip();
    expectEveryKind(
      await crashAndCheck({
        DATABASE_URL: postgres.url,
        SECRET_KEY_BASE: "the crash test's key for its one server process",
      }),
    );
  }, 240_000);
});
