import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  drawingChecks,
  learnerGoals,
  practiceDays,
  emailVerificationTokens,
  notifications,
  passwordResetTokens,
  reports,
  storedObjects,
  users,
  waitlist,
  worksInProgress,
} from "../db/schema";
import { avatarKey } from "../features/account/avatar";
import { signUnsubscribeToken, unsubscribeKey } from "../features/notifications/unsubscribe-token";
import { postImageKeys } from "../features/posts/images";
import { UPLOADS_PREFIX, objectUrl } from "../storage/object-storage";
import { keysOf } from "../templates/repository";
import { hashToken } from "../auth/tokens";
import { createAccount, PASSWORD, whoAmI } from "../test/accounts";
import {
  BLOG_BODY,
  catalogue,
  injectOptions,
  missingRoutes,
  routeKey,
  type RequestParts,
  type Route,
} from "../test/route-catalogue";
import {
  newBlogPost,
  newCheck,
  newComment,
  newDragon,
  newDragonRow,
  newPicture,
  newPost,
  newProgress,
  testPicture,
} from "../test/route-fixtures";
import { createRouteTestApp } from "../test/route-test-app";
import { NO_SESSION, startPrismProxy, type PrismProxy } from "../test/prism-proxy";
import type { TestApp } from "../test/test-app";
import { createSignedInUser, checkedUpload, storedUpload, type TestUser } from "../test/users";
import type { Post } from "../../shared/posts/responses";
import { CONTRACT } from "../../shared/contract";
import type { Endpoint } from "../../shared/contract/endpoint";
import { testClient } from "../test/api-client";

/**
 * Who may call what: every registered route, as a visitor, a signed-in user, another user (where
 * the route touches someone's own data: their post, comment, progress, upload) and an admin, on a
 * real database. Requests are valid apart from the identity, so a 400 cannot hide a missing check.
 * The expected statuses follow docs/spec.md §6 and the route handlers. A route without a row
 * fails the coverage test at the bottom. No answer to a non-admin may carry another user's e-mail.
 */

type Role = "visitor" | "user" | "other" | "suspended" | "pro" | "otherPro" | "admin";
const ROLES = ["visitor", "user", "other", "suspended", "pro", "otherPro", "admin"] as const;

interface Context {
  /** Who sends the request; null for a visitor. */
  who: TestUser | null;
  /** Whose data the request touches: the "user" role's own; for "other" and "admin", someone else's. */
  owner: TestUser;
  role: Role;
}

interface Row {
  /** As app.registeredRoutes names it. */
  route: string;
  /** What this row tries, when a route has several. */
  case?: string;
  visitor: number;
  user: number;
  /** Only where the route touches someone's own data. */
  other?: number;
  /** A member under a running suspension (decision 029), where it matters: the routes it limits, and the new ones. */
  suspended?: number;
  /** A Pro member (decision 031), the owner of the private picture a row touches; and another Pro member. */
  pro?: number;
  otherPro?: number;
  admin: number;
  /**
   * Every identity is made for the request: it ends sessions or changes the account. "password":
   * with a password (slow to make), for the routes that ask for the current one.
   */
  fresh?: true | "password";
  /** The request's parts over the catalogue's valid ones; fixtures made here are the request's own. */
  request?: (c: Context, route: Route) => Promise<RequestParts> | RequestParts;
  /** More to check of an answer. */
  check?: (res: LightMyRequestResponse, c: Context, parts: RequestParts) => Promise<void> | void;
}

let t: TestApp;
let userA: TestUser;
let userB: TestUser;
let suspendedUser: TestUser;
let admin: TestUser;
let proUser: TestUser;
let otherProUser: TestUser;
let picture: { id: string; previewUrl: string };
let dragonId: string;
let dragonPreview: string;
let pendingPost: string;
let approvedPost: string;
let publishedBlog: { id: string; slug: string };
let draftBlog: { id: string; slug: string };
let privateUpload: string;
let notificationOfA: string;

beforeAll(async () => {
  t = await createRouteTestApp();
  userA = await createSignedInUser(t);
  userB = await createSignedInUser(t);
  suspendedUser = await createSignedInUser(t);
  await t.database.db
    .update(users)
    .set({ suspendedUntil: new Date(Date.now() + 86_400_000), sanctionReason: "Spam" })
    .where(eq(users.id, suspendedUser.id));
  admin = await createSignedInUser(t, { isAdmin: true });
  proUser = await createSignedInUser(t);
  otherProUser = await createSignedInUser(t);
  await t.database.db
    .update(users)
    .set({ proGranted: true })
    .where(inArray(users.id, [proUser.id, otherProUser.id]));
  picture = await newPicture(t, proUser);
  dragonId = await newDragon(t, admin);
  dragonPreview = (await testClient(t.app).call("GET /api/dragons/:id", { params: { id: dragonId } })).json()
    .previewUrl;
  await newProgress(t, userA, dragonId);
  await newCheck(t, userA, dragonId);
  pendingPost = await newPost(t, userA, dragonId, { approved: false });
  approvedPost = await newPost(t, userA, dragonId, { approved: true });
  // Another user's words on A's post: A's data export and feed show them, never B's address.
  await newComment(t, approvedPost, userB);
  publishedBlog = await newBlogPost(t, admin, { published: true });
  draftBlog = await newBlogPost(t, admin, { published: false });
  privateUpload = await storedUpload(t, userA.id, await testPicture());
  notificationOfA = await newNotification(userA);
});
afterAll(() => t.close());

/** A notification for `person`: one unread "approved", straight into the database. */
async function newNotification(person: TestUser): Promise<string> {
  const [row] = await t.database.db
    .insert(notifications)
    .values({ userId: person.id, kind: "approved", postId: approvedPost })
    .returning({ id: notifications.id });
  return row!.id;
}

const unsubscribeToken = (person: TestUser) => signUnsubscribeToken(unsubscribeKey(t.config), person.id, "comment");

const newEmail = (what: string) => `${what}-${crypto.randomUUID()}@example.com`;

/** A live link token of `table` for a new account: the verification or reset links a mail carries. */
async function linkToken(
  table: typeof emailVerificationTokens | typeof passwordResetTokens,
  verified: boolean,
  password: string | null = null,
): Promise<string> {
  const account = await createAccount(t, { verified, password });
  const token = crypto.randomBytes(32).toString("base64url");
  await t.database.db
    .insert(table)
    .values({ tokenHash: hashToken(token), userId: account.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

const signedOut = async (_res: LightMyRequestResponse, c: Context) => {
  if (c.who) expect(await whoAmI(t, c.who.cookies)).toBe(401);
};
const message = (res: LightMyRequestResponse) =>
  res.headers["content-type"]?.toString().startsWith("application/json")
    ? res.json<{ message?: string }>().message
    : res.body;

const rows: Row[] = [
  // Accounts: open to everyone, or the caller's own account (no route names another's).
  {
    route: "POST /api/auth/register",
    visitor: 201,
    user: 201,
    admin: 201,
    request: (_c, r) => ({ body: { ...r.body, email: newEmail("new") } }),
  },
  // A sign-in ends the session the browser held (fresh: the caller's own is ended).
  {
    route: "POST /api/auth/login",
    visitor: 200,
    user: 200,
    admin: 200,
    fresh: true,
    request: async () => ({ body: { email: (await createAccount(t)).email, password: PASSWORD } }),
    check: signedOut,
  },
  {
    route: "POST /api/auth/resend-verification",
    visitor: 200,
    user: 200,
    admin: 200,
    request: () => ({ body: { email: newEmail("unverified") } }),
  },
  // A link opened away from the browser that registered asks for the account's password (decision 005).
  {
    route: "GET /api/auth/verify-email",
    visitor: 403,
    user: 403,
    admin: 403,
    request: async () => ({ query: { token: await linkToken(emailVerificationTokens, false, PASSWORD) } }),
  },
  {
    route: "POST /api/auth/verify-email",
    visitor: 200,
    user: 200,
    admin: 200,
    request: async () => ({
      body: { token: await linkToken(emailVerificationTokens, false, PASSWORD), password: PASSWORD },
    }),
  },
  {
    route: "GET /api/auth/user",
    visitor: 401,
    user: 200,
    admin: 200,
    check: (res, c) => {
      if (c.who) expect(res.json<{ id: string }>().id).toBe(c.who.id);
    },
  },
  { route: "POST /api/auth/logout", visitor: 200, user: 200, admin: 200, fresh: true, check: signedOut },
  { route: "GET /api/login", visitor: 302, user: 302, admin: 302 },
  {
    route: "POST /api/auth/forgot-password",
    visitor: 200,
    user: 200,
    admin: 200,
    request: () => ({ body: { email: newEmail("forgot") } }),
  },
  {
    route: "POST /api/auth/reset-password",
    visitor: 200,
    user: 200,
    admin: 200,
    request: async () => ({ body: { token: await linkToken(passwordResetTokens, true), password: "battery staple" } }),
  },
  {
    route: "POST /api/account/password",
    visitor: 401,
    user: 200,
    admin: 200,
    fresh: "password",
    request: () => ({ body: { currentPassword: PASSWORD, newPassword: "battery staple" } }),
  },
  {
    route: "POST /api/account/sign-out-everywhere",
    visitor: 401,
    user: 200,
    admin: 200,
    fresh: true,
    check: signedOut,
  },
  {
    route: "PUT /api/account/profile",
    visitor: 401,
    user: 200,
    admin: 200,
    fresh: true,
    check: (res, c) => {
      if (c.who) expect(res.json<{ id: string }>().id).toBe(c.who.id);
    },
  },
  // Another's upload cannot become your picture, an admin's included.
  {
    route: "PUT /api/account/avatar",
    visitor: 401,
    user: 200,
    other: 400,
    admin: 400,
    fresh: true,
    request: async (c) => ({ body: { objectPath: await checkedUpload(t, c.owner, await testPicture()) } }),
  },
  { route: "DELETE /api/account/avatar", visitor: 401, user: 200, admin: 200, fresh: true },
  // A sanction freezes the name and picture shown beside what the member already posted (issue 41).
  { route: "PUT /api/account/profile", case: "under a sanction", visitor: 401, user: 200, suspended: 403, admin: 200 },
  // A language is the member's own setting, never shown to anyone: open under a sanction too.
  {
    route: "PUT /api/account/language",
    visitor: 401,
    user: 200,
    suspended: 200,
    admin: 200,
    check: (res, c) => {
      if (c.who) expect(res.json<{ id: string; language: string }>()).toMatchObject({ id: c.who.id, language: "es" });
    },
  },
  {
    route: "PUT /api/account/avatar",
    case: "from the caller's own upload, under a sanction",
    visitor: 401,
    user: 200,
    suspended: 403,
    admin: 200,
    request: async (c) => ({ body: { objectPath: await checkedUpload(t, c.who ?? c.owner, await testPicture()) } }),
  },
  {
    route: "GET /api/account/export",
    visitor: 401,
    user: 200,
    admin: 200,
    check: (res, c) => {
      if (c.who) expect(JSON.parse(res.body).account.id).toBe(c.who.id);
    },
  },
  {
    route: "DELETE /api/account",
    visitor: 401,
    user: 200,
    admin: 200,
    fresh: "password",
    request: (c) => ({ body: { email: (c.who ?? c.owner).email, password: PASSWORD } }),
    check: async (res, c) => {
      await signedOut(res, c);
      if (c.who) expect(await t.database.db.select().from(users).where(eq(users.id, c.who.id))).toEqual([]);
    },
  },
  // Google is not configured here: the browser is sent back to /login, whoever asks.
  { route: "GET /api/auth/google", visitor: 302, user: 302, admin: 302 },
  { route: "GET /api/auth/google/callback", visitor: 302, user: 302, admin: 302 },

  // The library: reading for everyone, changes for admins (docs/spec.md §6).
  { route: "GET /api/dragons", visitor: 200, user: 200, admin: 200 },
  { route: "GET /api/dragons/:id", visitor: 200, user: 200, admin: 200, request: () => ({ params: { id: dragonId } }) },
  {
    route: "DELETE /api/dragons/:id",
    visitor: 401,
    user: 403,
    admin: 200,
    request: async () => ({ params: { id: await newDragonRow(t) } }),
  },
  {
    route: "POST /api/dragons",
    case: "from the caller's own upload",
    visitor: 401,
    user: 403,
    admin: 201,
    request: async (c) => ({
      body: { name: "Ember", imageUrl: await storedUpload(t, (c.who ?? c.owner).id, await testPicture()) },
    }),
  },
  {
    route: "POST /api/dragons",
    case: "from another user's upload",
    visitor: 401,
    user: 403,
    admin: 403,
    request: async (c) => ({
      body: { name: "Ember", imageUrl: await storedUpload(t, c.owner.id, await testPicture()) },
    }),
  },
  {
    route: "PUT /api/dragons/:id/level",
    case: "a library template",
    visitor: 401,
    user: 403,
    admin: 200,
    request: () => ({ params: { id: dragonId }, body: { level: 1 } }),
  },
  {
    route: "PUT /api/dragons/:id/level",
    case: "a member's private picture",
    visitor: 401,
    user: 403,
    admin: 404,
    request: () => ({ params: { id: picture.id }, body: { level: 1 } }),
  },
  {
    route: "POST /api/dragons/generate-pencil",
    visitor: 401,
    user: 403,
    admin: 200,
    request: () => ({ body: { dragonId } }),
  },
  { route: "POST /api/dragons/generate-custom", visitor: 401, user: 403, admin: 200 },
  {
    route: "POST /api/waitlist",
    visitor: 200,
    user: 200,
    admin: 200,
    request: () => ({ body: { email: newEmail("waiting") } }),
  },
  {
    // The link in a waitlist confirmation e-mail works for whoever opens it (issue 41).
    route: "POST /api/waitlist/confirm",
    visitor: 200,
    user: 200,
    admin: 200,
    request: async () => {
      const token = crypto.randomBytes(32).toString("base64url");
      await t.database.db
        .insert(waitlist)
        .values({ email: newEmail("confirming"), confirmTokenHash: hashToken(token), confirmSentAt: new Date() });
      return { body: { token } };
    },
  },

  // Pro given per person by admins (decision 031).
  {
    route: "PUT /api/admin/users/:id/pro",
    visitor: 401,
    user: 403,
    admin: 200,
    request: () => ({ params: { id: userB.id }, body: { pro: false } }),
  },

  // A Pro member's own pictures (decision 031): adding needs Pro (admins have it while PRO is on);
  // a picture is its owner's alone, and anyone else, an admin or another Pro member included, gets 404.
  {
    route: "GET /api/pictures",
    visitor: 401,
    user: 200,
    pro: 200,
    otherPro: 200,
    admin: 200,
    check: (res, c) => {
      if (c.who)
        expect(
          res
            .json<{ id: string }[]>()
            .map((p) => p.id)
            .includes(picture.id),
        ).toBe(c.role === "pro");
    },
  },
  // Where the caller's own image jobs are (decision 034): members only, each sees only theirs.
  {
    route: "GET /api/image-jobs",
    visitor: 401,
    user: 200,
    admin: 200,
    check: (res, c) => {
      if (c.who) expect(res.json()).toEqual([]);
    },
  },
  {
    route: "POST /api/pictures",
    case: "from the caller's own upload",
    visitor: 401,
    user: 403,
    suspended: 403,
    pro: 201,
    otherPro: 201,
    admin: 201,
    request: async (c) => ({
      body: { name: "My cat", imageUrl: await checkedUpload(t, c.who ?? c.owner, await testPicture()) },
    }),
  },
  {
    route: "POST /api/pictures",
    case: "from another's upload",
    visitor: 401,
    user: 403,
    pro: 403,
    admin: 403,
    request: async () => ({ body: { name: "My cat", imageUrl: await checkedUpload(t, userB, await testPicture()) } }),
  },
  { route: "POST /api/pictures/generate", visitor: 401, user: 403, pro: 200, admin: 200 },
  {
    route: "PUT /api/pictures/:id",
    visitor: 401,
    user: 404,
    pro: 200,
    otherPro: 404,
    admin: 404,
    request: () => ({ params: { id: picture.id } }),
  },
  {
    route: "POST /api/pictures/:id/pencil",
    visitor: 401,
    user: 404,
    pro: 200,
    otherPro: 404,
    admin: 404,
    request: () => ({ params: { id: picture.id } }),
  },
  {
    route: "DELETE /api/pictures/:id",
    visitor: 401,
    user: 404,
    pro: 200,
    otherPro: 404,
    admin: 404,
    request: async () => ({ params: { id: (await newPicture(t, proUser)).id } }),
  },
  {
    route: "GET /api/dragons/:id",
    case: "a private picture",
    visitor: 404,
    user: 404,
    pro: 200,
    otherPro: 404,
    admin: 404,
    request: () => ({ params: { id: picture.id } }),
  },
  {
    route: "GET /objects/*",
    case: "a private picture's file",
    visitor: 404,
    user: 404,
    pro: 200,
    otherPro: 404,
    admin: 404,
    request: () => ({ url: picture.previewUrl }),
  },
  {
    // Only on one's own check: anyone else's check is not found, and keeps no practice.
    route: "PUT /api/checks/:dragonId/:checkId/practice",
    visitor: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: async (c) => {
      // A dragon of its own: the checks listed on the shared one stay the ones the GET row counts.
      const fresh = await newDragonRow(t);
      return {
        params: { dragonId: fresh, checkId: await newCheck(t, c.owner, fresh) },
        body: { cells: [{ label: "A1", status: "close", errorMm: 0.4 }] },
      };
    },
    check: async (res, c, parts) => {
      const [check] = await t.database.db
        .select()
        .from(drawingChecks)
        .where(eq(drawingChecks.id, (parts.params as { checkId: string }).checkId));
      expect(check!.practice === null).toBe(c.role !== "user");
    },
  },
  {
    route: "POST /api/wip",
    case: "a private picture",
    visitor: 401,
    user: 404,
    pro: 200,
    otherPro: 404,
    admin: 404,
    request: (_c, r) => ({ body: { ...r.body, dragonId: picture.id } }),
  },
  {
    route: "POST /api/checks/:dragonId",
    case: "a private picture",
    visitor: 401,
    user: 404,
    pro: 201,
    otherPro: 404,
    admin: 404,
    request: () => ({ params: { dragonId: picture.id } }),
  },

  // Progress: each signed-in person reads and writes only their own.
  {
    route: "GET /api/wip/:dragonId",
    visitor: 401,
    user: 200,
    other: 200,
    admin: 200,
    request: () => ({ params: { dragonId } }),
    check: (res, c) => {
      if (c.role === "user") expect(res.json<{ paperWidth: number }>().paperWidth).toBe(12.5);
      else if (c.who) expect(res.json()).toBeNull();
    },
  },
  {
    route: "GET /api/wip",
    visitor: 401,
    user: 200,
    other: 200,
    admin: 200,
    check: (res, c) => {
      // The owner's progress on the dragon is in the owner's list only.
      if (!c.who) return;
      const listed = res.json<{ dragonId: string }[]>().some((entry) => entry.dragonId === dragonId);
      expect(listed).toBe(c.role === "user");
    },
  },
  {
    route: "GET /api/checks/:dragonId",
    visitor: 401,
    user: 200,
    other: 200,
    admin: 200,
    request: () => ({ params: { dragonId } }),
    check: (res, c) => {
      // Only ever the caller's own checks: A's one check to A, none to anyone else (admins included).
      if (c.who) expect(res.json<unknown[]>()).toHaveLength(c.role === "user" ? 1 : 0);
    },
  },
  {
    // The progress page: the caller's own checks and goal, nobody else's.
    route: "GET /api/progress",
    visitor: 401,
    user: 200,
    other: 200,
    admin: 200,
    check: (res, c) => {
      if (!c.who) return;
      const checks = res.json<{ checks: { dragonId: string }[] }>().checks;
      expect(checks.some((check) => check.dragonId === dragonId)).toBe(c.role === "user");
    },
  },
  {
    route: "PUT /api/progress/goal",
    visitor: 401,
    user: 200,
    admin: 200,
    check: async (res, c) => {
      if (!c.who) return;
      const [goal] = await t.database.db.select().from(learnerGoals).where(eq(learnerGoals.userId, c.who.id));
      expect(goal?.weeklyGoal).toBe(3);
      expect(res.json<{ week: { goal: number } }>().week.goal).toBe(3);
    },
  },
  {
    route: "POST /api/progress/visitor",
    visitor: 401,
    user: 200,
    admin: 200,
    check: async (_res, c) => {
      if (!c.who) return;
      const days = await t.database.db.select().from(practiceDays).where(eq(practiceDays.userId, c.who.id));
      expect(days.map((row) => row.day)).toContain(new Date().toISOString().slice(0, 10));
    },
  },
  {
    route: "POST /api/checks/:dragonId",
    visitor: 401,
    user: 201,
    other: 201,
    admin: 201,
    request: async () => ({ params: { dragonId: await newDragonRow(t) } }),
    check: async (res, c, parts) => {
      if (!c.who) return;
      // Kept as the caller's own, whoever the row's owner is.
      const kept = await t.database.db
        .select()
        .from(drawingChecks)
        .where(eq(drawingChecks.dragonId, (parts.params as { dragonId: string }).dragonId));
      expect(kept.map((row) => row.userId)).toEqual([c.who.id]);
    },
  },
  {
    // Only on one's own check, with one's own upload: anyone else's check is not found.
    route: "PUT /api/checks/:dragonId/:checkId/photo",
    visitor: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: async (c) => ({
      params: { dragonId, checkId: await newCheck(t, c.owner, dragonId) },
      body: {
        objectPath: c.who
          ? await checkedUpload(t, c.who, await testPicture())
          : await storedUpload(t, c.owner.id, await testPicture()),
      },
    }),
    check: async (res, c, parts) => {
      const [check] = await t.database.db
        .select()
        .from(drawingChecks)
        .where(eq(drawingChecks.id, (parts.params as { checkId: string }).checkId));
      expect(check!.photoKey === null).toBe(c.role !== "user");
    },
  },
  {
    route: "POST /api/wip",
    visitor: 401,
    user: 200,
    other: 200,
    admin: 200,
    request: async (c, r) => {
      const fresh = await newDragonRow(t);
      await newProgress(t, c.owner, fresh);
      return { body: { ...r.body, dragonId: fresh } };
    },
    check: async (res, c, parts) => {
      const [own] = await t.database.db
        .select()
        .from(worksInProgress)
        .where(
          and(
            eq(worksInProgress.userId, c.owner.id),
            eq(worksInProgress.dragonId, (parts.body as { dragonId: string }).dragonId),
          ),
        );
      expect(own!.paperWidth).toBe(c.role === "user" ? 11 : 12.5);
    },
  },

  // The feed: signed-in only; pending posts for their author and admins; changes by the author or an admin.
  {
    route: "GET /api/posts",
    visitor: 401,
    user: 200,
    admin: 200,
    request: () => ({ query: {} }),
    check: (res, c) => {
      if (!c.who) return;
      const list = res.json<Post[]>();
      if (c.role === "admin") expect(list.map((p) => p.id)).toContain(pendingPost);
      else expect(list.every((p) => p.approved)).toBe(true);
    },
  },
  {
    route: "GET /api/posts/mine",
    visitor: 401,
    user: 200,
    other: 200,
    admin: 200,
    request: () => ({ query: {} }),
    check: (res, c) => {
      if (!c.who) return;
      const list = res.json<Post[]>();
      expect(list.every((p) => p.user.id === c.who!.id)).toBe(true);
      if (c.role === "user") expect(list.map((p) => p.id)).toContain(pendingPost);
    },
  },
  // Photos must be the caller's own uploads.
  {
    route: "POST /api/posts",
    visitor: 401,
    user: 201,
    other: 400,
    suspended: 403,
    admin: 400,
    request: async (c) => ({
      body: { dragonId, description: "My dragon", images: [await checkedUpload(t, c.owner, await testPicture())] },
    }),
  },
  {
    route: "POST /api/posts/:id/like",
    case: "a pending post",
    visitor: 401,
    user: 200,
    other: 404,
    admin: 200,
    request: () => ({ params: { id: pendingPost } }),
  },
  {
    route: "POST /api/posts/:id/like",
    case: "an approved post",
    visitor: 401,
    user: 200,
    other: 200,
    suspended: 403,
    admin: 200,
    request: () => ({ params: { id: approvedPost } }),
  },
  {
    route: "POST /api/posts/:id/comment",
    case: "a pending post",
    visitor: 401,
    user: 201,
    other: 404,
    admin: 201,
    request: () => ({ params: { id: pendingPost } }),
  },
  {
    route: "POST /api/posts/:id/comment",
    case: "an approved post",
    visitor: 401,
    user: 201,
    other: 201,
    suspended: 403,
    admin: 201,
    request: () => ({ params: { id: approvedPost } }),
  },
  // Not even by its author.
  {
    route: "PUT /api/posts/:id/approve",
    visitor: 401,
    user: 403,
    admin: 200,
    request: async (c) => ({ params: { id: await newPost(t, c.owner, dragonId, { approved: false }) } }),
  },
  {
    route: "DELETE /api/posts/:id",
    case: "an approved post",
    visitor: 401,
    user: 200,
    other: 403,
    admin: 200,
    request: async (c) => ({ params: { id: await newPost(t, c.owner, dragonId, { approved: true }) } }),
  },
  {
    route: "DELETE /api/posts/:id",
    case: "a pending post",
    visitor: 401,
    user: 200,
    other: 404,
    admin: 200,
    request: async (c) => ({ params: { id: await newPost(t, c.owner, dragonId, { approved: false }) } }),
  },
  // The comment is the owner's, on a post of B's: a post's author may not delete others' comments on it.
  {
    route: "DELETE /api/posts/:id/comments/:commentId",
    visitor: 401,
    user: 200,
    other: 403,
    admin: 200,
    request: async (c) => {
      const id = await newPost(t, userB, dragonId, { approved: true });
      return { params: { id, commentId: await newComment(t, id, c.owner) } };
    },
  },
  {
    route: "GET /api/posts/:id",
    case: "an approved post",
    visitor: 401,
    user: 200,
    other: 200,
    suspended: 200,
    admin: 200,
    request: () => ({ params: { id: approvedPost } }),
  },
  {
    route: "GET /api/posts/:id",
    case: "a pending post",
    visitor: 401,
    user: 200,
    other: 404,
    suspended: 404,
    admin: 200,
    request: () => ({ params: { id: pendingPost } }),
  },
  {
    // A post the caller blocked the author of, or was blocked by, is not found (nothing says why).
    route: "GET /api/posts/:id",
    case: "a post by someone the caller blocked",
    visitor: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: async (c) => {
      const author = await createSignedInUser(t);
      if (c.who && c.role !== "user")
        await testClient(t.app).call("PUT /api/blocks/:userId", {
          params: { userId: author.id },
          cookies: c.who.cookies,
        });
      return { params: { id: await newPost(t, author, dragonId, { approved: true }) } };
    },
  },

  // Reports (decision 029): members report what they can see, once; admins work the queue.
  {
    route: "POST /api/reports",
    visitor: 401,
    user: 201,
    other: 201,
    suspended: 403,
    admin: 201,
    request: async (c) => ({
      body: { postId: await newPost(t, c.owner, dragonId, { approved: true }), reason: "spam" },
    }),
    check: async (res, c) => {
      if (res.statusCode === 201) expect(res.json<{ status: string }>().status).toBe("pending");
      if (c.role === "suspended")
        expect(message(res)).toMatch(
          /^Your account is suspended until .*: you cannot post, comment, like or report until then\. Reason: Spam$/,
        );
    },
  },
  {
    route: "POST /api/reports",
    case: "a pending post of someone else's",
    visitor: 401,
    user: 201,
    other: 404,
    admin: 201,
    request: async (c) => ({
      body: { postId: await newPost(t, c.owner, dragonId, { approved: false }), reason: "spam" },
    }),
  },
  {
    route: "GET /api/reports/mine",
    visitor: 401,
    user: 200,
    other: 200,
    suspended: 200,
    admin: 200,
    check: async (res, c) => {
      if (!c.who) return;
      const ids = res.json<Array<{ id: string }>>().map((report) => report.id);
      const own = await t.database.db.select({ id: reports.id }).from(reports).where(eq(reports.reporterId, c.who.id));
      expect(ids.sort()).toEqual(own.map((row) => row.id).sort());
    },
  },
  { route: "GET /api/admin/moderation/queue", visitor: 401, user: 403, suspended: 403, admin: 200 },
  { route: "GET /api/admin/moderation/counts", visitor: 401, user: 403, suspended: 403, admin: 200 },
  {
    route: "GET /api/admin/moderation/log",
    visitor: 401,
    user: 403,
    suspended: 403,
    admin: 200,
    request: () => ({ query: {} }),
  },
  {
    route: "POST /api/admin/moderation/actions",
    visitor: 401,
    user: 403,
    suspended: 403,
    admin: 200,
    request: async (c) => ({
      body: {
        action: "reject",
        postId: await newPost(t, c.owner, dragonId, { approved: false }),
        reason: "Not a drawing",
      },
    }),
  },
  {
    route: "POST /api/admin/moderation/actions",
    case: "suspending an admin",
    visitor: 401,
    user: 403,
    admin: 400,
    request: () => ({ body: { action: "suspend", userId: admin.id, days: 7, reason: "Testing" } }),
  },

  // Blocks: one's own list; blocking is allowed under a suspension (it protects the blocker).
  { route: "GET /api/blocks", visitor: 401, user: 200, suspended: 200, admin: 200 },
  {
    route: "PUT /api/blocks/:userId",
    visitor: 401,
    user: 200,
    suspended: 200,
    admin: 200,
    request: async () => ({ params: { userId: (await createSignedInUser(t)).id } }),
  },
  {
    route: "PUT /api/blocks/:userId",
    case: "oneself",
    visitor: 401,
    user: 400,
    admin: 400,
    request: (c) => ({ params: { userId: c.who?.id ?? c.owner.id } }),
  },
  {
    route: "DELETE /api/blocks/:userId",
    visitor: 401,
    user: 200,
    suspended: 200,
    admin: 200,
    request: () => ({ params: { userId: userB.id } }),
  },

  // Notifications: only ever the caller's own.
  {
    route: "GET /api/notifications",
    visitor: 401,
    user: 200,
    other: 200,
    suspended: 200,
    admin: 200,
    request: () => ({ query: {} }),
    check: (res, c) => {
      if (c.who)
        expect(res.json<{ items: Array<{ id: string }> }>().items.some((item) => item.id === notificationOfA)).toBe(
          c.role === "user",
        );
    },
  },
  { route: "POST /api/notifications/read-all", visitor: 401, user: 200, suspended: 200, admin: 200, fresh: true },
  {
    route: "POST /api/notifications/:id/read",
    visitor: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: async (c) => ({ params: { id: await newNotification(c.owner) } }),
  },
  { route: "GET /api/notifications/email-settings", visitor: 401, user: 200, suspended: 200, admin: 200 },
  { route: "PUT /api/notifications/email-settings", visitor: 401, user: 200, suspended: 200, admin: 200, fresh: true },
  // The signed link is the permission, whoever follows it (a mail provider's one-click included).
  {
    route: "GET /api/notifications/unsubscribe",
    visitor: 200,
    user: 200,
    admin: 200,
    request: (c) => ({ query: { token: unsubscribeToken(c.owner) } }),
  },
  {
    route: "POST /api/notifications/unsubscribe",
    visitor: 200,
    user: 200,
    admin: 200,
    request: (c) => ({ query: { token: unsubscribeToken(c.owner) } }),
  },

  { route: "GET /api/health", visitor: 200, user: 200, admin: 200 },
  { route: "GET /api/health/live", visitor: 200, user: 200, admin: 200 },
  { route: "GET /api/health/ready", visitor: 200, user: 200, admin: 200 },
  { route: "GET /api/openapi.json", visitor: 200, user: 200, admin: 200 },
  { route: "POST /api/analytics/pageview", visitor: 204, user: 204, admin: 204 },
  { route: "GET /api/admin/stats", visitor: 401, user: 403, admin: 200 },
  { route: "GET /api/admin/analytics", visitor: 401, user: 403, admin: 200 },
  { route: "GET /api/admin/waitlist.csv", visitor: 401, user: 403, admin: 200 },
  // The admin list of people (decision 030): admins only; a suspended member is a member.
  {
    route: "GET /api/admin/users",
    visitor: 401,
    user: 403,
    suspended: 403,
    admin: 200,
    request: () => ({ query: { q: userA.email.toUpperCase() } }),
    check: (res, c) => {
      if (c.role === "admin")
        expect(res.json<{ items: Array<{ id: string }> }>().items.map((person) => person.id)).toEqual([userA.id]);
    },
  },
  {
    route: "PUT /api/admin/users/:id/admin",
    visitor: 401,
    user: 403,
    suspended: 403,
    admin: 200,
    request: async () => ({ params: { id: (await createSignedInUser(t)).id }, body: { isAdmin: true } }),
    check: (res, c) => {
      if (c.role === "admin") expect(res.json<{ isAdmin: boolean }>().isAdmin).toBe(true);
    },
  },
  {
    route: "PUT /api/admin/users/:id/admin",
    case: "taking it back",
    visitor: 401,
    user: 403,
    admin: 200,
    request: async () => ({
      params: { id: (await createSignedInUser(t, { isAdmin: true })).id },
      body: { isAdmin: false },
    }),
  },
  {
    route: "PUT /api/admin/users/:id/admin",
    case: "a suspended member",
    visitor: 401,
    user: 403,
    admin: 400,
    request: () => ({ params: { id: suspendedUser.id }, body: { isAdmin: true } }),
  },

  // Uploads: a signed-in person's own; admins may share anyone's (docs/spec.md: blog and dragon images).
  { route: "POST /api/objects/upload", visitor: 401, user: 200, admin: 200 },
  {
    route: "POST /api/objects/set-acl",
    case: "kept private",
    visitor: 401,
    user: 200,
    other: 403,
    admin: 403,
    request: async (c) => ({
      body: { objectPath: await storedUpload(t, c.owner.id, await testPicture()), visibility: "private" },
    }),
  },
  // Only admins publish files as they are (templates, blog pictures); members share through posts.
  {
    route: "POST /api/objects/set-acl",
    case: "made public, the caller's own upload",
    visitor: 401,
    user: 403,
    admin: 200,
    request: async (c) => ({
      body: { objectPath: await storedUpload(t, (c.who ?? c.owner).id, await testPicture()), visibility: "public" },
    }),
  },
  {
    route: "POST /api/objects/set-acl",
    case: "no visibility (public), the caller's own upload",
    visitor: 401,
    user: 403,
    admin: 200,
    request: async (c) => ({ body: { objectPath: await storedUpload(t, (c.who ?? c.owner).id, await testPicture()) } }),
  },
  { route: "GET /api/objects/remote-sources", visitor: 401, user: 200, admin: 200 },
  // The link is to a private address: refused (400) before anything is fetched, after the guard.
  { route: "POST /api/companion/url/meta", visitor: 401, user: 400, admin: 400 },
  { route: "POST /api/companion/url/get", visitor: 401, user: 400, admin: 400 },
  // Only the upload the caller asked for may be filled (it is filled already: 400 for its owner).
  {
    route: "POST /api/companion/:providerName/get/:id",
    visitor: 401,
    user: 400,
    other: 403,
    admin: 403,
    request: async (c, r) => ({
      body: {
        ...r.body,
        metadata: { objectPath: await storedUpload(t, c.owner.id, await testPicture()), type: "image/png" },
      },
    }),
    check: (res, c) => {
      if (c.role === "user") expect(message(res)).toBe("That upload has already been filled");
    },
  },
  // Companion's own routes: its OAuth start redirects to Grant; a token post without its data is refused.
  {
    route: "GET /api/companion/*",
    visitor: 401,
    user: 302,
    admin: 302,
    request: () => ({ url: "/api/companion/dropbox/connect" }),
  },
  {
    route: "POST /api/companion/*",
    visitor: 401,
    user: 400,
    admin: 400,
    request: () => ({ url: "/api/companion/dropbox/preauth", body: {} }),
  },
  // The signed URL is the permission (as a presigned S3 URL is), whoever holds it.
  {
    route: "PUT /api/storage/upload",
    visitor: 200,
    user: 200,
    admin: 200,
    request: async (c) => {
      const upload = await t.app.storage.createUpload({
        ownerId: c.owner.id,
        contentTypes: ["image/png"],
        maxBytes: 10_000_000,
      });
      return { url: upload.url, raw: { payload: await testPicture(), contentType: "image/png" } };
    },
  },
  {
    route: "GET /objects/*",
    case: "a dragon's preview",
    visitor: 200,
    user: 200,
    admin: 200,
    request: () => ({ url: dragonPreview }),
  },
  {
    route: "GET /objects/*",
    case: "a private upload",
    visitor: 404,
    user: 200,
    other: 404,
    admin: 404,
    request: () => ({ url: privateUpload }),
  },
  { route: "GET /", visitor: 200, user: 200, admin: 200 },

  // The blog: published posts for everyone, drafts and management for admins.
  { route: "GET /api/blog/posts", visitor: 200, user: 200, admin: 200 },
  {
    route: "GET /api/blog/posts/:slug",
    case: "a published post",
    visitor: 200,
    user: 200,
    admin: 200,
    request: () => ({ params: { slug: publishedBlog.slug } }),
  },
  {
    route: "GET /api/blog/posts/:slug",
    case: "a draft",
    visitor: 404,
    user: 404,
    admin: 200,
    request: () => ({ params: { slug: draftBlog.slug } }),
  },
  { route: "GET /api/admin/blog", visitor: 401, user: 403, admin: 200 },
  {
    route: "POST /api/admin/blog",
    visitor: 401,
    user: 403,
    admin: 201,
    request: () => ({ body: { ...BLOG_BODY, slug: `new-${crypto.randomUUID()}` } }),
  },
  {
    route: "PUT /api/admin/blog/:id",
    visitor: 401,
    user: 403,
    admin: 200,
    request: () => ({ params: { id: publishedBlog.id }, body: { ...BLOG_BODY, slug: publishedBlog.slug } }),
  },
  {
    route: "DELETE /api/admin/blog/:id",
    visitor: 401,
    user: 403,
    admin: 200,
    request: async () => ({ params: { id: (await newBlogPost(t, admin, { published: true })).id } }),
  },
  { route: "GET /blog/rss.xml", visitor: 200, user: 200, admin: 200 },
  { route: "GET /sitemap.xml", visitor: 200, user: 200, admin: 200 },
  { route: "GET /robots.txt", visitor: 200, user: 200, admin: 200 },
];

const catalogueRoute = (key: string) => catalogue.find((route) => routeKey(route) === key);

/** The identities of one request: the fixed people, or (fresh) people made for it. */
async function contextFor(row: Row, role: Role): Promise<Context> {
  if (!row.fresh || role === "visitor")
    return {
      who: {
        visitor: null,
        user: userA,
        other: userB,
        suspended: suspendedUser,
        pro: proUser,
        otherPro: otherProUser,
        admin,
      }[role],
      owner: userA,
      role,
    };
  const person = (isAdmin = false) =>
    row.fresh === "password" ? createAccount(t, { isAdmin }) : createSignedInUser(t, { isAdmin });
  const owner = await person();
  return { who: role === "user" ? owner : await person(role === "admin"), owner, role };
}

/** No answer to a non-admin carries the address of anyone but the caller (or one the request itself sent). */
async function expectNoOtherEmails(res: LightMyRequestResponse, c: Context, parts: RequestParts) {
  if (c.role === "admin") return;
  const sent = JSON.stringify(parts);
  const everyone = await t.database.db.select({ email: users.email }).from(users);
  const body = res.body.toLowerCase();
  const leaked = everyone
    .map((u) => u.email.toLowerCase())
    .filter((email) => email !== c.who?.email.toLowerCase() && !sent.includes(email) && body.includes(email));
  expect(leaked, "another user's e-mail address in the answer").toEqual([]);
}

const cases = rows.flatMap((row) =>
  ROLES.filter((role) => row[role] !== undefined).map((role) => ({
    row,
    role,
    expected: row[role]!,
    title: `${row.route}${row.case ? ` (${row.case})` : ""} as ${{ other: "another user", suspended: "a suspended user", pro: "a Pro member (the owner)", otherPro: "another Pro member" }[role as string] ?? `a ${role}`}: ${row[role]}`,
  })),
);

describe("access by role on every route", () => {
  for (const { row, role, expected, title } of cases) {
    it(title, async () => {
      const route = catalogueRoute(row.route);
      expect(route, `${row.route} has no row in the route catalogue`).toBeDefined();
      const c = await contextFor(row, role);
      const parts = { ...(await row.request?.(c, route!)), ...(c.who ? { cookies: c.who.cookies } : {}) };
      const res = await t.app.inject(injectOptions(route!, parts));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
      await row.check?.(res, c, parts);
      await expectNoOtherEmails(res, c, parts);
    });
  }

  // The rows check the access each endpoint declares (the registrar applies it, decision 044):
  // a visitor gets 401 from any endpoint not for everyone, a member 403 from one for admins or
  // for Pro, and an endpoint for everyone turns nobody away for who they are.
  const firstRows = rows.filter((row, index) => rows.findIndex((other) => other.route === row.route) === index);
  const accessOf = (row: Row) => (CONTRACT as Record<string, Endpoint>)[row.route]!.access;
  it("agrees with the access every endpoint declares", () => {
    const disagreements = firstRows.flatMap((row) => {
      const access = accessOf(row);
      const expected: Partial<Record<Role, number>> =
        access === "everyone" ? {} : { visitor: 401, ...(access === "members" ? {} : { user: 403, other: 403 }) };
      const wrong = Object.entries(expected).filter(([role, status]) => role in row && row[role as Role] !== status);
      if (access === "everyone" && [row.visitor, row.user].includes(401)) wrong.push(["visitor or user", 401]);
      return wrong.map(
        ([role, status]) => `${row.route} (${access}) as ${role}: row ${row[role as Role]}, declared ${status}`,
      );
    });
    expect(disagreements).toEqual([]);
  });

  // Who may call is checked before the payload: a visitor, or a member on an admins' or Pro
  // endpoint, gets the same 401 or 403 with a payload that is wrong in every part, never a 400 naming a field.
  const guarded = firstRows.filter((row) => accessOf(row) !== "everyone");
  for (const row of guarded) {
    it(`${row.route} refuses a caller who may not call it before looking at the payload`, async () => {
      const route = catalogueRoute(row.route)!;
      const junk = "not valid \u0000";
      const parts: RequestParts = {
        params: Object.fromEntries(Object.keys(route.params ?? {}).map((name) => [name, "not-an-id"])),
        query: Object.fromEntries(Object.keys(route.query ?? {}).map((name) => [name, junk])),
        ...(route.method === "GET" ? {} : { body: { unexpected: junk } }),
      };
      expect((await t.app.inject(injectOptions(route, parts))).statusCode, "as a visitor").toBe(401);
      if (accessOf(row) !== "members") {
        const c = await contextFor(row, "user");
        expect(
          (await t.app.inject(injectOptions(route, { ...parts, cookies: c.who!.cookies }))).statusCode,
          "as a user",
        ).toBe(403);
      }
    });
  }

  it("has a row for every route the app registers, and none for a route it does not", () => {
    expect(t.app.registeredRoutes.length).toBeGreaterThan(20);
    expect(
      missingRoutes(
        t.app.registeredRoutes,
        rows.map((row) => ({ method: row.route.split(" ")[0] as Route["method"], path: row.route.split(" ")[1]! })),
      ),
    ).toEqual([]);
    expect(rows.map((row) => row.route).filter((route) => !t.app.registeredRoutes.includes(route))).toEqual([]);
  });
});

// The same requests through Prism, a validating proxy, with the document the app serves (decision
// 037): what the role matrix sends, and what the app answers, is what GET /api/openapi.json says.
// A visitor's call to a members' route breaks one rule, the session cookie its `security` asks for.
// Left out: redirects (Prism's forwarder follows them, so it would check the page redirected to),
// and bytes that are not text (it reads any body that is not JSON as text: skipped when met).
describe("through a validating proxy, with the served document", () => {
  let proxy: PrismProxy;
  beforeAll(async () => {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    proxy = await startPrismProxy(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  }, 60_000);
  afterAll(() => proxy?.close());

  const proxied = cases.filter(({ expected }) => expected < 300 || expected >= 400);
  for (const { row, role, expected, title } of proxied) {
    it(title, async (context) => {
      const route = catalogueRoute(row.route)!;
      const c = await contextFor(row, role);
      const parts = { ...(await row.request?.(c, route)), ...(c.who ? { cookies: c.who.cookies } : {}) };
      if (parts.raw) return context.skip();
      const res = await proxy.send(injectOptions(route, parts));
      const withoutSession = !c.who && (CONTRACT as Record<string, Endpoint>)[row.route]!.access !== "everyone";
      expect(res.violations, res.body.slice(0, 300)).toEqual(withoutSession ? [NO_SESSION] : []);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
    });
  }

  it("matches every kind of file the server stores to an address of the document", async () => {
    const id = crypto.randomUUID();
    const made = [
      `${UPLOADS_PREFIX}${id}`,
      ...Object.values(keysOf({ id, ownerId: null })),
      ...Object.values(keysOf({ id, ownerId: id })),
      ...Object.values(postImageKeys(id, 1)),
      avatarKey(id),
    ];
    const stored = (await t.database.db.select({ key: storedObjects.key }).from(storedObjects)).map((row) => row.key);
    // One of each kind (its folder and depth); a file that is not there is a documented 404.
    const kinds = new Map([...made, ...stored].map((key) => [`${key.split("/")[0]}/${key.split("/").length}`, key]));
    for (const key of kinds.values()) {
      const res = await proxy.send({ method: "GET", url: objectUrl(key), cookies: admin.cookies });
      expect(res.violations, key).toEqual([]);
    }
  });
});
