import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blogPosts,
  comments,
  dragons,
  drawingChecks,
  likes,
  passwordResetTokens,
  posts,
  sessions,
  storedObjects,
  users,
  waitlist,
  worksInProgress,
  emailVerificationTokens,
} from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { PASSWORD, createAccount, fromNewAddress, login, newSession, whoAmI } from "../../test/accounts";
import { checkedUpload, storedUpload, type TestUser } from "../../test/users";
import { illustrationPng, phonePhotoJpeg } from "../../test/images";
import { LAST_ADMIN_MESSAGE } from "../../../shared/account";
import { testClient, type TestClient } from "../../test/api-client";

const FRESH_SIGN_IN_ENGLISH =
  "For your safety, please confirm it's you: sign in with Google again, then try once more within 5 minutes.";

let t: TestApp;
let api: TestClient;
let dragonId: string;
let approver: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  approver = await createAccount(t, { isAdmin: true });
  const [dragon] = await t.database.db
    .insert(dragons)
    .values({ name: "Ember", previewKey: "dragons/x/preview.webp", hiresKey: "dragons/x/hires.png" })
    .returning();
  dragonId = dragon!.id;
});
afterAll(() => t.close());

type Cookies = Record<string, string> | undefined;
const send = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, cookies: Cookies, payload?: object) =>
  t.app.inject({ method, url, cookies, remoteAddress: fromNewAddress(), ...(payload ? { payload } : {}) });
const feedAs = async (user: TestUser) =>
  (await api.call("GET /api/posts", { cookies: user.cookies, remoteAddress: fromNewAddress() })).json();

/** An approved post of `author` with one photo, a like and a comment from `fan`. */
async function approvedPost(author: TestUser, fan: TestUser): Promise<string> {
  const image = await checkedUpload(t, author, await illustrationPng(300, 200));
  const created = await api.call("POST /api/posts", {
    cookies: author.cookies,
    body: {
      dragonId,
      description: "My dragon",
      images: [image],
    },
    remoteAddress: fromNewAddress(),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect(
    (
      await api.call("PUT /api/posts/:id/approve", {
        params: { id },
        cookies: approver.cookies,
        remoteAddress: fromNewAddress(),
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await api.call("POST /api/posts/:id/like", {
        params: { id },
        cookies: fan.cookies,
        remoteAddress: fromNewAddress(),
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: fan.cookies,
        body: { text: "Lovely scales" },
        remoteAddress: fromNewAddress(),
      })
    ).statusCode,
  ).toBe(201);
  return id;
}

describe("PUT /api/account/profile", () => {
  it("refuses a visitor", async () => {
    expect(
      (await api.call("PUT /api/account/profile", { body: { firstName: "Eve" }, remoteAddress: fromNewAddress() }))
        .statusCode,
    ).toBe(401);
  });

  it.each([
    ["user", false],
    ["admin", true],
  ])("changes a %s's own name only, and the feed shows it at once", async (_who, isAdmin) => {
    const user = await createAccount(t, { isAdmin, firstName: "Old" });
    const other = await createAccount(t, { firstName: "Other" });
    await approvedPost(user, other);
    expect((await feedAs(other))[0]!.user.firstName).toBe("Old"); // the feed page is now cached

    const res = await api.call("PUT /api/account/profile", {
      cookies: user.cookies,
      body: { firstName: "  Ada ", lastName: "Lovelace" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, firstName: "Ada", lastName: "Lovelace", hasPassword: true });
    expect(
      (await api.call("GET /api/auth/user", { cookies: user.cookies, remoteAddress: fromNewAddress() })).json(),
    ).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect((await feedAs(other))[0]!.user).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    const [otherRow] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(otherRow!.firstName).toBe("Other");
  });

  it("clears names sent empty", async () => {
    const user = await createAccount(t);
    const res = await api.call("PUT /api/account/profile", {
      cookies: user.cookies,
      body: { firstName: "", lastName: null },
      remoteAddress: fromNewAddress(),
    });
    expect(res.json()).toMatchObject({ firstName: null, lastName: null });
  });

  it.each([
    [{ firstName: "x".repeat(101) }, "Invalid firstName: Names can be at most 100 characters"],
    [{ lastName: "x".repeat(101) }, "Invalid lastName: Names can be at most 100 characters"],
    [{ firstName: 42 }, /^Invalid firstName/],
  ])("refuses %o", async (payload, message) => {
    const user = await createAccount(t);
    const res = await api.call("PUT /api/account/profile", {
      cookies: user.cookies,
      // Bodies the contract refuses, sent on purpose.
      payload,
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
  });
});

describe("PUT /api/account/language", () => {
  const saveLanguage = (cookies: Cookies, language: string) =>
    api.call("PUT /api/account/language", {
      cookies,
      // A code the contract may refuse ('xx'), sent on purpose.
      payload: { language },
      remoteAddress: fromNewAddress(),
    });

  it("refuses a visitor", async () => {
    const res = await api.call("PUT /api/account/language", {
      body: { language: "es" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(401);
  });

  it("saves the member's language on the account: the answer, every other session and the export show it", async () => {
    const user = await createAccount(t);
    const other = await createAccount(t);
    const me = await api.call("GET /api/auth/user", { cookies: user.cookies });
    expect(me.json().language).toBeNull();

    const res = await api.call("PUT /api/account/language", {
      cookies: user.cookies,
      body: { language: "pt-BR" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, language: "pt-BR", hasPassword: true, sanction: null });

    // Another device, signed in as the same person, reads it from the account.
    const elsewhere = await newSession(t, user.id);
    expect((await api.call("GET /api/auth/user", { cookies: elsewhere })).json().language).toBe("pt-BR");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.language).toBe("pt-BR");
    const exported = await api.call("GET /api/account/export", {
      cookies: user.cookies,
      remoteAddress: fromNewAddress(),
    });
    expect(JSON.parse(exported.body).account.language).toBe("pt-BR");

    // A later choice replaces it; nobody else's account changes.
    expect((await saveLanguage(user.cookies, "ar")).json()).toMatchObject({ language: "ar" });
    expect((await api.call("GET /api/auth/user", { cookies: other.cookies })).json().language).toBeNull();
  });

  it.each([
    [{ language: "xx" }, "Invalid language: must be one of en, es, pt-BR, fr, de, ja, zh-Hans, ar"],
    [{ language: "ES" }, "Invalid language: must be one of en, es, pt-BR, fr, de, ja, zh-Hans, ar"],
    [{ language: 7 }, "Invalid language: must be one of en, es, pt-BR, fr, de, ja, zh-Hans, ar"],
    [{}, "Invalid language: this field is required"],
  ])("refuses %o with a 400 that says why, and keeps the language it had", async (payload, message) => {
    const user = await createAccount(t);
    expect((await saveLanguage(user.cookies, "fr")).statusCode).toBe(200);
    const res = await api.call("PUT /api/account/language", {
      cookies: user.cookies,
      // Bodies the contract refuses, sent on purpose.
      payload,
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(message);
    expect((await api.call("GET /api/auth/user", { cookies: user.cookies })).json().language).toBe("fr");
  });

  it.each([
    ["suspended", { suspendedUntil: new Date(Date.now() + 7 * 86_400_000), sanctionReason: "Spam links" }],
    ["banned", { bannedAt: new Date(), sanctionReason: "Spam links" }],
  ])("is open to a %s member: nobody else sees a language", async (_who, sanction) => {
    const user = await createAccount(t);
    await t.database.db.update(users).set(sanction).where(eq(users.id, user.id));
    const res = await saveLanguage(user.cookies, "ja");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ language: "ja", sanction: { reason: "Spam links" } });
  });

  it("refuses a request without a body", async () => {
    const user = await createAccount(t);
    // No body at all, on purpose.
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/account/language",
      cookies: user.cookies,
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe("Invalid body: send a language, one of en, es, pt-BR, fr, de, ja, zh-Hans, ar");
    expect((await api.call("GET /api/auth/user", { cookies: user.cookies })).json().language).toBeNull();
  });
});

describe("PUT and DELETE /api/account/avatar", () => {
  it("refuses a visitor", async () => {
    expect(
      (
        await api.call("PUT /api/account/avatar", {
          body: { objectPath: "/objects/uploads/abc" },
          remoteAddress: fromNewAddress(),
        })
      ).statusCode,
    ).toBe(401);
    expect((await api.call("DELETE /api/account/avatar", { remoteAddress: fromNewAddress() })).statusCode).toBe(401);
  });

  it("makes a square 256 px WebP without metadata from the user's upload, deletes the upload, replaces the old avatar, and the feed shows it at once", async () => {
    const user = await createAccount(t);
    const other = await createAccount(t);
    await approvedPost(user, other);
    expect((await feedAs(other))[0]!.user.profileImageUrl).toBeNull();

    const upload = await checkedUpload(t, user, await phonePhotoJpeg(600, 400), "image/jpeg");
    const res = await api.call("PUT /api/account/avatar", {
      cookies: user.cookies,
      body: { objectPath: upload },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().profileImageUrl as string;
    expect(url).toMatch(new RegExp(`^/objects/avatars/${user.id}/[0-9a-f-]+\\.webp$`));
    const served = await send("GET", url, other.cookies);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // The upload that carried the photo (and its GPS) is gone.
    expect(await t.app.storage.get(upload.slice("/objects/".length))).toBeNull();
    expect((await feedAs(other))[0]!.user.profileImageUrl).toBe(url);

    const second = await api.call("PUT /api/account/avatar", {
      cookies: user.cookies,
      body: {
        objectPath: await checkedUpload(t, user, await illustrationPng(300, 500)),
      },
      remoteAddress: fromNewAddress(),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().profileImageUrl).not.toBe(url);
    expect(await t.app.storage.get(url.slice("/objects/".length))).toBeNull();

    const removed = await api.call("DELETE /api/account/avatar", {
      cookies: user.cookies,
      remoteAddress: fromNewAddress(),
    });
    expect(removed.json().profileImageUrl).toBeNull();
    expect(await t.app.storage.get(second.json().profileImageUrl!.slice("/objects/".length))).toBeNull();
    expect((await feedAs(other))[0]!.user.profileImageUrl).toBeNull();
  });

  it("refuses another person's upload, an upload not yet shared through set-acl and a malformed path", async () => {
    const user = await createAccount(t);
    const other = await createAccount(t);
    const theirs = await checkedUpload(t, other, await illustrationPng(200, 200));
    const notShared = await storedUpload(t, user.id, await illustrationPng(200, 200));
    for (const objectPath of [theirs, notShared]) {
      const res = await api.call("PUT /api/account/avatar", {
        cookies: user.cookies,
        body: { objectPath },
        remoteAddress: fromNewAddress(),
      });
      expect([res.statusCode, res.body]).toEqual([400, "Invalid objectPath: not an uploaded image of yours"]);
    }
    const bad = await api.call("PUT /api/account/avatar", {
      cookies: user.cookies,
      body: { objectPath: "/objects/avatars/x" },
      remoteAddress: fromNewAddress(),
    });
    expect([bad.statusCode, bad.body]).toEqual([400, "Invalid objectPath: must be an upload's objectPath"]);
    expect(await t.app.storage.get(theirs.slice("/objects/".length))).not.toBeNull();
  });

  it("refuses an upload whose bytes are not a whole image", async () => {
    const user = await createAccount(t);
    const png = await illustrationPng(400, 400);
    const upload = await checkedUpload(t, user, png);
    // Cut short after set-acl checked its header, as a broken file would be.
    await t.app.storage.backend.put(upload.slice("/objects/".length), png.subarray(0, 200), "image/png");
    const res = await api.call("PUT /api/account/avatar", {
      cookies: user.cookies,
      body: { objectPath: upload },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/^Invalid objectPath: /);
  });
});

describe("who sees an avatar (issue 41)", () => {
  it("members only, in every server process: a visitor is refused, even with the address, and no cache may share it", async () => {
    // A second server process of the same installation: the same database and stored files.
    const other = await createTestApp({ DATA_DIR: t.dataDir }, { database: t.database });
    try {
      const user = await createAccount(t);
      const member = await createAccount(t);
      const res = await api.call("PUT /api/account/avatar", {
        cookies: user.cookies,
        body: {
          objectPath: await checkedUpload(t, user, await illustrationPng(300, 300)),
        },
        remoteAddress: fromNewAddress(),
      });
      const url = res.json().profileImageUrl as string;
      const [row] = await t.database.db
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.key, url.slice("/objects/".length)));
      expect(row).toMatchObject({ ownerId: user.id, isPublic: false });

      // The second process knows the rule only from the database.
      const visitor = await other.app.inject({ method: "GET", url });
      expect(visitor.statusCode).toBe(404);
      const seen = await other.app.inject({ method: "GET", url, cookies: member.cookies });
      expect(seen.statusCode).toBe(200);
      expect(seen.headers["cache-control"]).toBe("private, no-cache");
      expect((await other.app.inject({ method: "GET", url, cookies: user.cookies })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe("a suspended or banned member's profile", () => {
  const sanction = (member: TestUser, action: object) =>
    api.call("POST /api/admin/moderation/actions", {
      cookies: approver.cookies,
      // The action's fields are the caller's, checked by the server.
      payload: { userId: member.id, ...action },
      remoteAddress: fromNewAddress(),
    });

  it.each([
    [
      "suspended",
      { action: "suspend", days: 7, reason: "Spam links" },
      /^Your account is suspended until .+ UTC: you cannot change your name or picture until then\. Reason: Spam links$/,
    ],
    [
      "banned",
      { action: "ban", reason: "Harassment" },
      /^Your account has been banned from changing your name or picture\. Reason: Harassment$/,
    ],
  ])(
    "stays as it was when the member is %s: name and avatar are refused, the posts keep showing the old ones, and the picture may still be removed",
    async (_how, action, refusal) => {
      const member = await createAccount(t, { firstName: "Before" });
      const fan = await createAccount(t);
      await approvedPost(member, fan);
      const avatar = await api.call("PUT /api/account/avatar", {
        cookies: member.cookies,
        body: {
          objectPath: await checkedUpload(t, member, await illustrationPng(300, 300)),
        },
        remoteAddress: fromNewAddress(),
      });
      const url = avatar.json().profileImageUrl as string;
      expect((await sanction(member, action)).statusCode).toBe(200);

      const renamed = await api.call("PUT /api/account/profile", {
        cookies: member.cookies,
        body: { firstName: "Offensive name" },
        remoteAddress: fromNewAddress(),
      });
      expect(renamed.statusCode).toBe(403);
      expect(renamed.body).toMatch(refusal);
      const upload = await checkedUpload(t, member, await illustrationPng(200, 200));
      const repictured = await api.call("PUT /api/account/avatar", {
        cookies: member.cookies,
        body: { objectPath: upload },
        remoteAddress: fromNewAddress(),
      });
      expect(repictured.statusCode).toBe(403);
      expect(repictured.body).toMatch(refusal);
      expect((await feedAs(fan))[0]!.user).toMatchObject({ firstName: "Before", profileImageUrl: url });

      // Taking a picture down only ever shows less.
      expect(
        (await api.call("DELETE /api/account/avatar", { cookies: member.cookies, remoteAddress: fromNewAddress() }))
          .statusCode,
      ).toBe(200);
      expect((await feedAs(fan))[0]!.user.profileImageUrl).toBeNull();
    },
  );
});

describe("GET /api/account/export", () => {
  it("refuses a visitor", async () => {
    expect((await api.call("GET /api/account/export", { remoteAddress: fromNewAddress() })).statusCode).toBe(401);
  });

  it("downloads everything stored about the user as JSON, and nothing of other people but their names", async () => {
    const user = await createAccount(t, { firstName: "Exporter" });
    const fan = await createAccount(t, { firstName: "Fan" });
    const postId = await approvedPost(user, fan);
    await approvedPost(fan, user);
    await api.call("POST /api/wip", {
      cookies: user.cookies,
      body: {
        dragonId,
        paperWidth: 11,
        paperHeight: 8.5,
        gridSize: 1,
        imageZoom: 1.2,
        imageX: 3,
        imageY: 4,
        currentCell: "B3",
      },
      remoteAddress: fromNewAddress(),
    });
    await api.call("POST /api/checks/:dragonId", {
      params: { dragonId },
      cookies: user.cookies,
      body: {
        columns: 2,
        rows: 1,
        cells: [
          { label: "A1", status: "close", errorMm: 0.6 },
          { label: "B1", status: "off", errorMm: 5.2 },
        ],
      },
      remoteAddress: fromNewAddress(),
    });
    await t.database.db.insert(waitlist).values({ email: user.email });

    const res = await api.call("GET /api/account/export", { cookies: user.cookies, remoteAddress: fromNewAddress() });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="dragon-grid-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    // The contract declares the export's entries as free-form records; this test reads inside them.
    const data = JSON.parse(res.body);
    expect(data.account).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: "Exporter",
      hasPassword: true,
      googleLinked: false,
    });
    expect(JSON.stringify(data)).not.toMatch(/scrypt|argon2|passwordHash|tokenHash/);
    expect(data.sessions).toHaveLength(1);
    expect(data.progress).toEqual([
      expect.objectContaining({ dragonId, dragonName: "Ember", imageZoom: 1.2, currentCell: "B3" }),
    ]);
    expect(data.drawingChecks).toEqual([
      expect.objectContaining({
        dragonId,
        dragonName: "Ember",
        columns: 2,
        rows: 1,
        cells: [
          { label: "A1", status: "close", errorMm: 0.6 },
          { label: "B1", status: "off", errorMm: 5.2 },
        ],
        whole: null,
        practice: null,
        photoUrl: null,
      }),
    ]);
    expect(data.posts).toHaveLength(1);
    expect(data.posts[0]).toMatchObject({
      id: postId,
      dragonName: "Ember",
      approved: true,
      likes: [expect.any(Object)],
    });
    expect(data.posts[0].images[0].originalUrl).toMatch(/^\/objects\/uploads\//);
    expect(data.posts[0].comments).toEqual([
      expect.objectContaining({ text: "Lovely scales", byYou: false, author: { firstName: "Fan", lastName: null } }),
    ]);
    expect(data.commentsWritten).toHaveLength(1);
    expect(data.likesGiven).toHaveLength(1);
    expect(data.waitlist).toMatchObject({ email: user.email });
    expect(data.uploads.length).toBe(3); // the original and its two served versions
    expect(res.body).not.toContain(fan.email);
  });
});

describe("GET /api/account/export as an admin", () => {
  it("gives an admin their own data only, like anyone else", async () => {
    const admin = await createAccount(t, { isAdmin: true, firstName: "Boss" });
    const member = await createAccount(t, { firstName: "Member" });
    await approvedPost(member, admin);
    const res = await api.call("GET /api/account/export", { cookies: admin.cookies, remoteAddress: fromNewAddress() });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.account).toMatchObject({ id: admin.id, isAdmin: true });
    expect(data.posts).toEqual([]);
    expect([data.commentsWritten.length, data.likesGiven.length]).toEqual([1, 1]);
    expect(res.body).not.toContain(member.email);
  });
});

/** How many rows of each table name the user (or their e-mail), and how many of `keys` exist in storage. */
async function traces(userId: string, email: string, keys: string[]) {
  const db = t.database.db;
  const count = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
  const n = sql<number>`count(*)::int`;
  return {
    users: await count(db.select({ n }).from(users).where(eq(users.id, userId))),
    sessions: await count(db.select({ n }).from(sessions).where(eq(sessions.userId, userId))),
    verificationTokens: await count(
      db.select({ n }).from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId)),
    ),
    resetTokens: await count(db.select({ n }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))),
    progress: await count(db.select({ n }).from(worksInProgress).where(eq(worksInProgress.userId, userId))),
    checks: await count(db.select({ n }).from(drawingChecks).where(eq(drawingChecks.userId, userId))),
    posts: await count(db.select({ n }).from(posts).where(eq(posts.userId, userId))),
    likes: await count(db.select({ n }).from(likes).where(eq(likes.userId, userId))),
    comments: await count(db.select({ n }).from(comments).where(eq(comments.userId, userId))),
    waitlist: await count(
      db
        .select({ n })
        .from(waitlist)
        .where(sql`lower(${waitlist.email}) = ${email}`),
    ),
    ownedObjects: await count(db.select({ n }).from(storedObjects).where(eq(storedObjects.ownerId, userId))),
    objectRows: keys.length
      ? await count(
          db
            .select({ n })
            .from(storedObjects)
            .where(sql`${storedObjects.key} in ${keys}`),
        )
      : 0,
    objectFiles: keys.filter((key) => fs.existsSync(path.join(t.dataDir, "objects", ...key.split("/")))).length,
  };
}

describe("DELETE /api/account", () => {
  // Some cases send bodies the contract refuses, on purpose.
  const remove = (user: TestUser | null, payload: object) =>
    api.call("DELETE /api/account", { cookies: user?.cookies, payload, remoteAddress: fromNewAddress() });

  it("refuses a visitor", async () => {
    expect((await remove(null, { email: "x@example.com", password: PASSWORD })).statusCode).toBe(401);
  });

  it("removes the user and everything of theirs, rows and stored objects; other people keep theirs; the e-mail can register again", async () => {
    const user = await createAccount(t, { firstName: "Leaving" });
    const otherBrowser = await newSession(t, user.id);
    const fan = await createAccount(t);
    const ownPost = await approvedPost(user, fan);
    const fansPost = await approvedPost(fan, user);
    await api.call("POST /api/wip", {
      cookies: user.cookies,
      body: {
        dragonId,
        paperWidth: 11,
        paperHeight: 8.5,
        gridSize: 1,
        imageZoom: 1,
        imageX: 0,
        imageY: 0,
        currentCell: null,
      },
      remoteAddress: fromNewAddress(),
    });
    expect(
      (
        await api.call("POST /api/checks/:dragonId", {
          params: { dragonId },
          cookies: user.cookies,
          body: {
            columns: 1,
            rows: 1,
            cells: [{ label: "A1", status: "near", errorMm: 2.5 }],
          },
          remoteAddress: fromNewAddress(),
        })
      ).statusCode,
    ).toBe(201);
    await t.database.db.insert(waitlist).values({ email: user.email });
    await api.call("PUT /api/account/avatar", {
      cookies: user.cookies,
      body: {
        objectPath: await checkedUpload(t, user, await illustrationPng(300, 300)),
      },
      remoteAddress: fromNewAddress(),
    });
    const looseUpload = await checkedUpload(t, user, await illustrationPng(100, 100));
    await api.call("POST /api/auth/forgot-password", { body: { email: user.email }, remoteAddress: fromNewAddress() });
    for (
      let i = 0;
      i < 200 &&
      (await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).length ===
        0;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await feedAs(fan)).map((post) => post.id)).toContain(ownPost);
    expect(await whoAmI(t, otherBrowser)).toBe(200);

    const keys = (
      await t.database.db
        .select({ key: storedObjects.key })
        .from(storedObjects)
        .where(eq(storedObjects.ownerId, user.id))
    ).map((row) => row.key);
    expect(keys).toContain(looseUpload.slice("/objects/".length));
    const before = await traces(user.id, user.email, keys);
    expect(before).toEqual({
      users: 1,
      sessions: 2,
      verificationTokens: 0,
      resetTokens: 1,
      progress: 1,
      checks: 1,
      posts: 1,
      likes: 1,
      comments: 1,
      waitlist: 1,
      ownedObjects: 5, // post photo original, display, thumbnail; avatar; a loose upload
      objectRows: 5,
      objectFiles: 5,
    });
    const fanBefore = await traces(fan.id, fan.email, []);

    const res = await remove(user, { email: user.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Your account and everything stored about it have been deleted." });
    expect(Object.values(await traces(user.id, user.email, keys)).every((count) => count === 0)).toBe(true);
    // The fan's like and comment on the deleted post went with it; their own post stays.
    expect(await traces(fan.id, fan.email, [])).toEqual({ ...fanBefore, likes: 0, comments: 0 });
    const feedAfter = await feedAs(fan);
    expect(feedAfter.map((post) => post.id)).not.toContain(ownPost);
    const kept = feedAfter.find((post) => post.id === fansPost)!;
    expect([kept.comments.length, kept.likes.length]).toEqual([0, 0]);

    expect(await whoAmI(t, user.cookies)).toBe(401);
    expect(await whoAmI(t, otherBrowser)).toBe(401);
    expect((await login(t, user.email, PASSWORD)).statusCode).toBe(401);
    const again = await api.call("POST /api/auth/register", {
      body: { email: user.email, password: "a new start" },
      remoteAddress: fromNewAddress(),
    });
    expect(again.statusCode).toBe(201);
  });

  it("deletes a Google-only account on the e-mail alone, within minutes of a Google sign-in only", async () => {
    const stolen = await createAccount(t, { password: null });
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, stolen.id));
    const refused = await remove(stolen, { email: stolen.email });
    expect([refused.statusCode, refused.body]).toEqual([403, FRESH_SIGN_IN_ENGLISH]);
    expect((await traces(stolen.id, stolen.email, [])).users).toBe(1);

    const user = await createAccount(t, { password: null });
    expect((await remove(user, { email: user.email })).statusCode).toBe(200);
    expect((await traces(user.id, user.email, [])).users).toBe(0);
  });

  it("keeps pictures that a blog post shows when an admin leaves", async () => {
    const writer = await createAccount(t, { isAdmin: true });
    const cover = await checkedUpload(t, writer, await illustrationPng(160, 90), "image/png", "public");
    const inline = await checkedUpload(t, writer, await illustrationPng(90, 90), "image/png", "public");
    const scrap = await checkedUpload(t, writer, await illustrationPng(90, 90), "image/png", "public");
    await t.database.db.insert(blogPosts).values({
      title: "Scales",
      slug: `scales-${writer.id}`,
      content: `<p><img src="${inline}"></p>`,
      featuredImageUrl: cover,
      authorId: writer.id,
    });
    expect((await remove(writer, { email: writer.email, password: PASSWORD })).statusCode).toBe(200);
    expect(await t.app.storage.get(cover.slice(9))).toMatchObject({ ownerId: null, isPublic: true });
    expect(await t.app.storage.get(inline.slice(9))).toMatchObject({ ownerId: null, isPublic: true });
    expect(await t.app.storage.get(scrap.slice(9))).toBeNull();
  });

  it("refuses the last admin; with another admin, an admin may leave", async () => {
    // A database of its own, so the admins are known.
    const t2 = await createTestApp();
    try {
      const first = await createAccount(t2, { isAdmin: true });
      const res = await testClient(t2.app).call("DELETE /api/account", {
        cookies: first.cookies,
        body: { email: first.email, password: PASSWORD },
      });
      expect([res.statusCode, res.body]).toEqual([409, LAST_ADMIN_MESSAGE]);
      expect(await whoAmI(t2, first.cookies)).toBe(200);
      const second = await createAccount(t2, { isAdmin: true });
      const ok = await testClient(t2.app).call("DELETE /api/account", {
        cookies: first.cookies,
        body: { email: first.email, password: PASSWORD },
      });
      expect(ok.statusCode).toBe(200);
      const last = await testClient(t2.app).call("DELETE /api/account", {
        cookies: second.cookies,
        body: { email: second.email, password: PASSWORD },
      });
      expect([last.statusCode, last.body]).toEqual([409, LAST_ADMIN_MESSAGE]);
    } finally {
      await t2.close();
    }
  });

  it.each([
    [{ email: "someone.else@example.com", password: PASSWORD }, "Invalid email: type your account's email to confirm"],
    [{ password: PASSWORD }, /^Invalid email/],
    [{ email: "not-an-email", password: PASSWORD }, "Invalid email: Please enter a valid email address"],
    [{ email: "SELF" }, "Invalid password: Your password is required"],
    [{ email: "SELF", password: "not my password" }, "Your password is not correct"],
    [{ email: "SELF", password: "x".repeat(129) }, "Invalid password: Password can be at most 128 characters"],
  ])("refuses %o, deleting nothing", async (payload, message) => {
    const user = await createAccount(t);
    const body = { ...payload, ...("email" in payload && payload.email === "SELF" ? { email: user.email } : {}) };
    const res = await remove(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
    expect(await whoAmI(t, user.cookies)).toBe(200);
  });

  it("cannot delete another user: the account deleted is always the caller's", async () => {
    const user = await createAccount(t);
    const other = await createAccount(t);
    const res = await remove(user, { email: other.email, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(await whoAmI(t, other.cookies)).toBe(200);
  });
});
