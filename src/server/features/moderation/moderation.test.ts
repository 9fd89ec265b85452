import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dragons, moderationLog, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, checkedUpload, type TestUser } from "../../test/users";
import { PASSWORD, createAccount } from "../../test/accounts";
import { illustrationPng } from "../../test/images";
import { DELETED_ACCOUNT_NAME, REPORTS_PER_HOUR } from "../../../shared/moderation";
import { testClient, type ApiResponse, type TestClient } from "../../test/api-client";
import type { ContractKey } from "../../../shared/contract";
import type { CallInput } from "../../../shared/contract/calls";

// Reports, the moderation queue, its actions, sanctions, the audit log and blocks (decision 029),
// through the API on a real database, as members and admins use them.

let t: TestApp;
let api: TestClient;
let admin: TestUser;
let dragonId: string;
let picture: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  admin = await createSignedInUser(t, { isAdmin: true });
  const [dragon] = await t.database.db
    .insert(dragons)
    .values({ name: "Ember", previewKey: "dragons/x/preview.webp", hiresKey: "dragons/x/hires.png" })
    .returning();
  dragonId = dragon!.id;
  picture = await illustrationPng(300, 200);
});
afterAll(() => t.close());

type Cookies = Record<string, string> | undefined;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookies: Cookies, payload?: object) =>
  t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
const ok = async <K extends ContractKey>(call: Promise<ApiResponse<K>>) => {
  const res = await call;
  expect(res.statusCode, `${res.raw.req.method} ${res.raw.req.url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};
const act = (body: CallInput<"POST /api/admin/moderation/actions">["body"]) =>
  api.call("POST /api/admin/moderation/actions", { cookies: admin.cookies, body });
const feedIds = async (who: TestUser) =>
  (await ok(api.call("GET /api/posts", { cookies: who.cookies }))).map((post) => post.id);

async function newPost(
  author: TestUser,
  options: { approved?: boolean; description?: string } = {},
): Promise<{ id: string; imageUrl: string }> {
  const images = [await checkedUpload(t, author, picture)];
  const { id } = await ok(
    api.call("POST /api/posts", {
      cookies: author.cookies,
      body: {
        dragonId,
        description: options.description ?? "My dragon",
        images,
      },
    }),
  );
  if (options.approved ?? true)
    await ok(api.call("PUT /api/posts/:id/approve", { params: { id }, cookies: admin.cookies }));
  const [post] = (await ok(api.call("GET /api/posts/mine", { cookies: author.cookies }))).filter(
    (own) => own.id === id,
  );
  return { id, imageUrl: post!.images[0]!.imageUrl };
}

describe("reports", () => {
  it("takes one report per member and thing, shows it pending to its reporter, then reviewed once dismissed", async () => {
    const author = await createSignedInUser(t);
    const reporter = await createSignedInUser(t);
    const { id } = await newPost(author);
    const first = await api.call("POST /api/reports", {
      cookies: reporter.cookies,
      body: { postId: id, reason: "spam" },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ postId: id, commentId: null, reason: "spam", status: "pending" });
    const again = await api.call("POST /api/reports", {
      cookies: reporter.cookies,
      body: { postId: id, reason: "offensive" },
    });
    expect([again.statusCode, again.body]).toEqual([409, "You have already reported this"]);
    // 'Something else' needs a note; notes are at most 500 characters.
    expect(
      (await api.call("POST /api/reports", { cookies: reporter.cookies, body: { postId: id, reason: "other" } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await api.call("POST /api/reports", {
          cookies: reporter.cookies,
          body: { postId: id, reason: "other", note: "x".repeat(501) },
        })
      ).statusCode,
    ).toBe(400);

    expect((await ok(api.call("GET /api/reports/mine", { cookies: reporter.cookies }))).map((r) => r.status)).toEqual([
      "pending",
    ]);
    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: { action: "dismiss-post", postId: id },
      }),
    );
    expect((await ok(api.call("GET /api/reports/mine", { cookies: reporter.cookies }))).map((r) => r.status)).toEqual([
      "reviewed",
    ]);
    // Nobody else reads a member's reports.
    expect(await ok(api.call("GET /api/reports/mine", { cookies: author.cookies }))).toEqual([]);
  });

  it("reports a comment only on the post it belongs to, and only what the reporter can see", async () => {
    const author = await createSignedInUser(t);
    const reporter = await createSignedInUser(t);
    const { id } = await newPost(author);
    const other = await newPost(author);
    const comment = await ok(
      api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: author.cookies,
        body: { text: "Thanks all" },
      }),
    );
    expect(
      (
        await api.call("POST /api/reports", {
          cookies: reporter.cookies,
          body: {
            postId: other.id,
            commentId: comment.id,
            reason: "spam",
          },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api.call("POST /api/reports", {
          cookies: reporter.cookies,
          body: { postId: id, commentId: comment.id, reason: "spam" },
        })
      ).statusCode,
    ).toBe(201);
    const pending = await newPost(author, { approved: false });
    expect(
      (await api.call("POST /api/reports", { cookies: reporter.cookies, body: { postId: pending.id, reason: "spam" } }))
        .statusCode,
    ).toBe(404);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per member, then answers 429`, async () => {
    const author = await createSignedInUser(t);
    const reporter = await createSignedInUser(t);
    const { id } = await newPost(author);
    const commentIds: string[] = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++)
      commentIds.push(
        (
          await ok(
            api.call("POST /api/posts/:id/comment", {
              params: { id },
              cookies: author.cookies,
              body: { text: `Comment ${i}` },
            }),
          )
        ).id,
      );
    const statuses = [];
    for (const commentId of commentIds)
      statuses.push(
        (
          await api.call("POST /api/reports", {
            cookies: reporter.cookies,
            body: { postId: id, commentId, reason: "spam" },
          })
        ).statusCode,
      );
    expect(statuses.slice(0, REPORTS_PER_HOUR).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("the moderation queue", () => {
  it("lists reported things most reported first, with reasons and notes but not who reported, and counts them", async () => {
    const author = await createSignedInUser(t);
    const { id: twice } = await newPost(author, { description: "twice" });
    const { id: once } = await newPost(author, { description: "once" });
    const reporters = [await createSignedInUser(t), await createSignedInUser(t)];
    await ok(api.call("POST /api/reports", { cookies: reporters[0]!.cookies, body: { postId: once, reason: "spam" } }));
    for (const reporter of reporters)
      await ok(
        api.call("POST /api/reports", {
          cookies: reporter.cookies,
          body: { postId: twice, reason: "other", note: "Not mine" },
        }),
      );
    const queue = await ok(
      api.call("GET /api/admin/moderation/queue", { query: { tab: "reported" }, cookies: admin.cookies }),
    );
    const ours = queue.items
      .filter((item) => item.type === "post")
      .filter((item) => [once, twice].includes(item.post.id));
    expect(ours.map((item) => item.post.id)).toEqual([twice, once]);
    expect(ours[0]!.reports).toMatchObject({
      count: 2,
      reasons: [{ reason: "other", count: 2 }],
      notes: ["Not mine", "Not mine"],
    });
    expect(JSON.stringify(queue)).not.toContain(reporters[0]!.email);
    const counts = await ok(api.call("GET /api/admin/moderation/counts", { cookies: admin.cookies }));
    expect(counts.reported).toBeGreaterThanOrEqual(2);
  });

  it("lists posts waiting for approval oldest first; a rejected post leaves the list and its author reads why", async () => {
    const author = await createSignedInUser(t);
    const first = await newPost(author, { approved: false });
    const second = await newPost(author, { approved: false });
    const pendingIds = async () =>
      (
        await ok(
          api.call("GET /api/admin/moderation/queue", {
            query: { tab: "pending", offset: "0" },
            cookies: admin.cookies,
          }),
        )
      ).items
        .filter((item) => item.type === "post")
        .map((item) => item.post.id);
    const before = await pendingIds();
    expect(before.indexOf(first.id)).toBeLessThan(before.indexOf(second.id));
    expect(
      (await act({ action: "reject", postId: first.id, reason: "Please photograph the whole page" })).statusCode,
    ).toBe(200);
    expect(await pendingIds()).not.toContain(first.id);
    const mine = await ok(api.call("GET /api/posts/mine", { cookies: author.cookies }));
    expect(mine.find((post) => post.id === first.id)).toMatchObject({
      approved: false,
      rejectedReason: "Please photograph the whole page",
    });
    // The dashboard counts it as not approved, no longer as pending.
    const { overview } = await ok(api.call("GET /api/admin/stats", { cookies: admin.cookies }));
    expect(overview.totalPosts).toBe(overview.approvedPosts + overview.pendingPosts + overview.rejectedPosts);
    expect(overview.rejectedPosts).toBeGreaterThanOrEqual(1);
    // An approved post cannot be rejected (hide it instead).
    const approved = await newPost(author);
    expect([(await act({ action: "reject", postId: approved.id, reason: "x" })).body]).toEqual([
      "Only posts waiting for approval can be rejected",
    ]);
  });

  it("hides a post from everyone but its author and admins, photos included, and restores it", async () => {
    const author = await createSignedInUser(t);
    const member = await createSignedInUser(t);
    const { id, imageUrl } = await newPost(author);
    expect(await feedIds(member)).toContain(id);
    const served = await call("GET", imageUrl, member.cookies);
    expect(served.statusCode).toBe(200);
    // Caches may keep a feed photo but must ask again: a hidden post's photos stop showing at once.
    expect(served.headers["cache-control"]).toBe("public, no-cache");

    expect((await act({ action: "hide-post", postId: id, reason: "Copied from a book" })).statusCode).toBe(200);
    expect(await feedIds(member)).not.toContain(id);
    expect((await api.call("GET /api/posts/:id", { params: { id }, cookies: member.cookies })).statusCode).toBe(404);
    expect((await call("GET", imageUrl, member.cookies)).statusCode).toBe(404);
    expect((await api.call("POST /api/posts/:id/like", { params: { id }, cookies: member.cookies })).statusCode).toBe(
      404,
    );
    expect(await ok(api.call("GET /api/posts/:id", { params: { id }, cookies: author.cookies }))).toMatchObject({
      hiddenReason: "Copied from a book",
    });
    expect((await call("GET", imageUrl, author.cookies)).statusCode).toBe(200);
    expect(await feedIds(admin)).toContain(id);

    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: { action: "restore-post", postId: id },
      }),
    );
    expect(await feedIds(member)).toContain(id);
    expect((await call("GET", imageUrl, member.cookies)).statusCode).toBe(200);
  });

  it("hides a comment from everyone but admins (who see why), and deletes one with its reason logged", async () => {
    const author = await createSignedInUser(t);
    const commenter = await createSignedInUser(t);
    const { id } = await newPost(author);
    const rude = await ok(
      api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: commenter.cookies,
        body: { text: "Rude words" },
      }),
    );
    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: {
          action: "hide-comment",
          commentId: rude.id,
          reason: "Unkind",
        },
      }),
    );
    const commentsFor = async (who: TestUser) =>
      (await ok(api.call("GET /api/posts", { cookies: who.cookies }))).find((post) => post.id === id)!.comments;
    expect(await commentsFor(author)).toEqual([]);
    expect((await commentsFor(admin)).map((comment) => comment.hiddenReason)).toEqual(["Unkind"]);

    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: {
          action: "delete-comment",
          commentId: rude.id,
          reason: "Unkind again",
        },
      }),
    );
    expect(await commentsFor(admin)).toEqual([]);
    const log = await ok(api.call("GET /api/admin/moderation/log", { cookies: admin.cookies }));
    expect(log[0]).toMatchObject({
      action: "delete-comment",
      reason: "Unkind again",
      detail: "Rude words",
      commentId: rude.id,
      target: { id: commenter.id },
    });
  });
});

describe("sanctions", () => {
  it("stops a suspended member posting, commenting, liking and reporting, says until when and why, and lets them export their data", async () => {
    const member = await createSignedInUser(t);
    const author = await createSignedInUser(t);
    const { id } = await newPost(author);
    expect((await act({ action: "suspend", userId: member.id, days: 7, reason: "Spam links" })).statusCode).toBe(200);
    const refusals = [
      await api.call("POST /api/posts/:id/like", { params: { id }, cookies: member.cookies }),
      await api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: member.cookies,
        body: { text: "Buy now" },
      }),
      await api.call("POST /api/reports", { cookies: member.cookies, body: { postId: id, reason: "spam" } }),
      await api.call("POST /api/posts", {
        cookies: member.cookies,
        body: {
          dragonId,
          description: "",
          images: [await checkedUpload(t, member, picture)],
        },
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toMatch(
        /^Your account is suspended until .+ UTC: you cannot post, comment, like or report until then\. Reason: Spam links$/,
      );
    }
    const me = await ok(api.call("GET /api/auth/user", { cookies: member.cookies }));
    expect(me.sanction).toMatchObject({ banned: false, reason: "Spam links" });
    expect(Date.parse(me.sanction!.until!) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await api.call("GET /api/account/export", { cookies: member.cookies })).statusCode).toBe(200);
    expect(await feedIds(member)).toContain(id);

    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: { action: "lift", userId: member.id },
      }),
    );
    expect((await api.call("POST /api/posts/:id/like", { params: { id }, cookies: member.cookies })).statusCode).toBe(
      200,
    );
    expect((await ok(api.call("GET /api/auth/user", { cookies: member.cookies }))).sanction).toBeNull();
  });

  it("bans with no end, and never suspends or bans an admin", async () => {
    const member = await createSignedInUser(t);
    const author = await createSignedInUser(t);
    const { id } = await newPost(author);
    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: {
          action: "ban",
          userId: member.id,
          reason: "Harassment",
        },
      }),
    );
    const res = await api.call("POST /api/posts/:id/comment", {
      params: { id },
      cookies: member.cookies,
      body: { text: "Hello" },
    });
    expect([res.statusCode, res.body]).toEqual([
      403,
      "Your account has been banned from posting, commenting, liking and reporting. Reason: Harassment",
    ]);
    const other = await createSignedInUser(t, { isAdmin: true });
    const refused = await act({ action: "ban", userId: other.id, reason: "No" });
    expect([refused.statusCode, refused.body]).toEqual([400, "Admins cannot be suspended or banned"]);
    // A length the contract refuses, sent on purpose.
    const payload = { action: "suspend", userId: member.id, days: 3, reason: "x" };
    expect((await api.call("POST /api/admin/moderation/actions", { cookies: admin.cookies, payload })).statusCode).toBe(
      400,
    );
  });
});

describe("the audit log", () => {
  it("records who did what to whom and why, cannot be changed or deleted, and outlives the accounts it names", async () => {
    const member = await createSignedInUser(t);
    await t.database.db.update(users).set({ firstName: "Mallory", lastName: "Jones" }).where(eq(users.id, member.id));
    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: {
          action: "warn",
          userId: member.id,
          reason: "Be kind",
        },
      }),
    );
    const [entry] = await ok(api.call("GET /api/admin/moderation/log", { cookies: admin.cookies }));
    expect(entry).toMatchObject({
      action: "warn",
      reason: "Be kind",
      actor: { id: admin.id, name: "Test" },
      target: { id: member.id, name: "Mallory Jones" },
    });

    await expect(
      t.database.db.execute(sql`update ${moderationLog} set reason = 'edited' where id = ${entry!.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ${moderationLog} where id = ${entry!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate ${moderationLog}`)).rejects.toThrow();
    // Made anonymous only by the account's deletion, not by hand.
    await expect(
      t.database.db.execute(sql`update ${moderationLog} set actor_id = null where id = ${entry!.id}`),
    ).rejects.toThrow();

    await t.database.db.delete(users).where(eq(users.id, member.id));
    const [after] = (await ok(api.call("GET /api/admin/moderation/log", { cookies: admin.cookies }))).filter(
      (row: { id: number }) => row.id === entry!.id,
    );
    expect(after).toMatchObject({
      action: "warn",
      reason: "Be kind",
      target: { id: null, name: DELETED_ACCOUNT_NAME },
    });
  });

  it("keeps who acted, by the name they had then, after they rename and delete their own account (issue 41)", async () => {
    const acting = await createAccount(t, { isAdmin: true, firstName: "Grace" });
    await t.database.db.update(users).set({ lastName: "Hopper" }).where(eq(users.id, acting.id));
    const member = await createSignedInUser(t);
    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: acting.cookies,
        body: {
          action: "warn",
          userId: member.id,
          reason: "Be kind",
        },
      }),
    );
    await ok(
      api.call("PUT /api/admin/users/:id/pro", {
        params: { id: member.id },
        cookies: acting.cookies,
        body: { pro: true },
      }),
    );
    const entries = async () =>
      (await ok(api.call("GET /api/admin/moderation/log", { cookies: admin.cookies }))).slice(0, 2);
    const ids = (await entries()).map((entry) => entry.id);
    await expect(
      t.database.db.execute(sql`update ${moderationLog} set actor_name = 'Someone else' where id = ${ids[0]}`),
    ).rejects.toThrow();

    await ok(
      api.call("PUT /api/account/profile", { cookies: acting.cookies, body: { firstName: "Renamed", lastName: "" } }),
    );
    await ok(
      api.call("DELETE /api/account", { cookies: acting.cookies, body: { email: acting.email, password: PASSWORD } }),
    );
    expect(await entries()).toMatchObject([
      { id: ids[0], action: "grant-pro", actor: { id: null, name: "Grace Hopper" } },
      { id: ids[1], action: "warn", actor: { id: null, name: "Grace Hopper" } },
    ]);
  });
});

describe("blocks", () => {
  it("hide two people's posts, comments and likes from each other, both ways, until undone; the blocked person is not told", async () => {
    const blocker = await createSignedInUser(t);
    const blocked = await createSignedInUser(t);
    const bystander = await createSignedInUser(t);
    const byBlocker = await newPost(blocker);
    const byBlocked = await newPost(blocked);
    const byBystander = await newPost(bystander);
    await ok(
      api.call("POST /api/posts/:id/comment", {
        params: { id: byBystander.id },
        cookies: blocked.cookies,
        body: { text: "Nice" },
      }),
    );
    await ok(api.call("POST /api/posts/:id/like", { params: { id: byBystander.id }, cookies: blocked.cookies }));

    expect(
      await ok(api.call("PUT /api/blocks/:userId", { params: { userId: blocked.id }, cookies: blocker.cookies })),
    ).toEqual({ message: "Blocked" });
    const seenBy = async (who: TestUser) => await ok(api.call("GET /api/posts", { cookies: who.cookies }));
    const blockerView = await seenBy(blocker);
    expect(blockerView.map((post) => post.id)).not.toContain(byBlocked.id);
    const bystanderPost = blockerView.find((post) => post.id === byBystander.id)!;
    expect(bystanderPost.comments).toEqual([]);
    expect(bystanderPost.likes).toEqual([]);
    expect((await seenBy(blocked)).map((post) => post.id)).not.toContain(byBlocker.id);
    expect((await seenBy(bystander)).map((post) => post.id)).toEqual(
      expect.arrayContaining([byBlocker.id, byBlocked.id]),
    );
    // Neither can comment on (or like, or open) the other's posts.
    expect(
      (
        await api.call("POST /api/posts/:id/comment", {
          params: { id: byBlocker.id },
          cookies: blocked.cookies,
          body: { text: "Hi" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api.call("POST /api/posts/:id/comment", {
          params: { id: byBlocked.id },
          cookies: blocker.cookies,
          body: { text: "Hi" },
        })
      ).statusCode,
    ).toBe(404);

    const list = await ok(api.call("GET /api/blocks", { cookies: blocker.cookies }));
    expect(list).toEqual([
      expect.objectContaining({ userId: blocked.id, email: expect.stringMatching(/^u•••@example\.com$/) }),
    ]);
    expect(JSON.stringify(list)).not.toContain(blocked.email);
    expect(await ok(api.call("GET /api/blocks", { cookies: blocked.cookies }))).toEqual([]);

    // Likes are counted as each reader sees them: the blocked person's like is not counted for them.
    await ok(api.call("POST /api/posts/:id/like", { params: { id: byBystander.id }, cookies: blocker.cookies }));
    const seenCount = await ok(
      api.call("POST /api/posts/:id/like", { params: { id: byBystander.id }, cookies: bystander.cookies }),
    );
    expect(seenCount).toEqual({ liked: true, count: 3 });
    await ok(api.call("POST /api/posts/:id/like", { params: { id: byBystander.id }, cookies: bystander.cookies }));
    expect(
      await ok(api.call("POST /api/posts/:id/like", { params: { id: byBystander.id }, cookies: blocker.cookies })),
    ).toEqual({ liked: false, count: 0 });

    await ok(api.call("DELETE /api/blocks/:userId", { params: { userId: blocked.id }, cookies: blocker.cookies }));
    expect((await seenBy(blocker)).map((post) => post.id)).toContain(byBlocked.id);
  });

  it("take an id in capitals as the same person, and never block oneself", async () => {
    const blocker = await createSignedInUser(t);
    const blocked = await createSignedInUser(t);
    const { id } = await newPost(blocker);
    expect(await feedIds(blocked)).toContain(id); // the blocked person's view is kept in memory
    await ok(
      api.call("PUT /api/blocks/:userId", { params: { userId: blocked.id.toUpperCase() }, cookies: blocker.cookies }),
    );
    expect(await feedIds(blocked)).not.toContain(id);
    expect((await api.call("POST /api/posts/:id/like", { params: { id }, cookies: blocked.cookies })).statusCode).toBe(
      404,
    );
    const self = await api.call("PUT /api/blocks/:userId", {
      params: { userId: blocker.id.toUpperCase() },
      cookies: blocker.cookies,
    });
    expect([self.statusCode, self.body]).toEqual([400, "You cannot block yourself"]);
  });

  it("a member's block does not hide their posts from the admins who moderate them", async () => {
    const member = await createSignedInUser(t);
    const { id } = await newPost(member, { approved: false });
    await ok(api.call("PUT /api/blocks/:userId", { params: { userId: admin.id }, cookies: member.cookies }));
    expect(await feedIds(admin)).toContain(id);
    expect((await api.call("GET /api/posts/:id", { params: { id }, cookies: admin.cookies })).statusCode).toBe(200);
  });

  it("leave out of 'Download my data' the comments of people paired by a block, and others' hidden comments", async () => {
    const author = await createSignedInUser(t);
    const blocker = await createSignedInUser(t);
    const rude = await createSignedInUser(t);
    const { id } = await newPost(author);
    await ok(
      api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: blocker.cookies,
        body: { text: "From someone who blocks" },
      }),
    );
    const hidden = await ok(
      api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: rude.cookies,
        body: { text: "Hidden insult" },
      }),
    );
    await ok(
      api.call("POST /api/posts/:id/comment", { params: { id }, cookies: author.cookies, body: { text: "Thanks" } }),
    );
    await ok(api.call("PUT /api/blocks/:userId", { params: { userId: author.id }, cookies: blocker.cookies }));
    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: {
          action: "hide-comment",
          commentId: hidden.id,
          reason: "Unkind",
        },
      }),
    );
    const exported = JSON.parse((await api.call("GET /api/account/export", { cookies: author.cookies })).body);
    expect(exported.posts[0].comments.map((comment: { text: string }) => comment.text)).toEqual(["Thanks"]);
  });
});

describe("what the people concerned are told", () => {
  const texts = async (who: TestUser) =>
    (
      (await ok(api.call("GET /api/notifications", { cookies: who.cookies }))).items as Array<{
        text: string;
        href: string;
      }>
    ).map((item) => item.text);

  it("tells an author of approval, rejection with the reason, comments, grouped likes and a hidden post; the bell's count travels with the account", async () => {
    const author = await createSignedInUser(t);
    await t.database.db.update(users).set({ firstName: "Ana" }).where(eq(users.id, author.id));
    const approvedPost = await newPost(author);
    const rejectedPost = await newPost(author, { approved: false });
    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: {
          action: "reject",
          postId: rejectedPost.id,
          reason: "Blurry photo",
        },
      }),
    );
    const fans = [await createSignedInUser(t), await createSignedInUser(t), await createSignedInUser(t)];
    for (const fan of fans)
      await ok(api.call("POST /api/posts/:id/like", { params: { id: approvedPost.id }, cookies: fan.cookies }));
    await ok(
      api.call("POST /api/posts/:id/comment", {
        params: { id: approvedPost.id },
        cookies: fans[0]!.cookies,
        body: { text: "Great wings" },
      }),
    );
    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: {
          action: "hide-post",
          postId: approvedPost.id,
          reason: "Copied",
        },
      }),
    );

    expect(await texts(author)).toEqual([
      expect.stringContaining("hid your drawing"),
      "Test commented on your dragon",
      "Test and 2 others liked your dragon",
      "Your drawing was not approved: Blurry photo",
      "Your drawing was approved",
    ]);
    expect((await ok(api.call("GET /api/auth/user", { cookies: author.cookies }))).unreadNotifications).toBe(5);
    await ok(api.call("POST /api/notifications/read-all", { cookies: author.cookies }));
    expect((await ok(api.call("GET /api/auth/user", { cookies: author.cookies }))).unreadNotifications).toBe(0);
  });

  it("tells nobody of replies under a hidden post", async () => {
    const author = await createSignedInUser(t);
    const earlier = await createSignedInUser(t);
    const { id } = await newPost(author);
    await ok(
      api.call("POST /api/posts/:id/comment", { params: { id }, cookies: earlier.cookies, body: { text: "First" } }),
    );
    await ok(
      api.call("POST /api/admin/moderation/actions", {
        cookies: admin.cookies,
        body: {
          action: "hide-post",
          postId: id,
          reason: "Spam",
        },
      }),
    );
    await ok(
      api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: author.cookies,
        body: { text: "Still here" },
      }),
    );
    expect(await texts(earlier)).toEqual([]);
  });

  it("drops the notifications of a deleted comment from the count at once", async () => {
    const author = await createSignedInUser(t);
    const commenter = await createSignedInUser(t);
    const { id } = await newPost(author);
    await ok(api.call("POST /api/notifications/read-all", { cookies: author.cookies }));
    const comment = await ok(
      api.call("POST /api/posts/:id/comment", { params: { id }, cookies: commenter.cookies, body: { text: "Hi" } }),
    );
    expect((await ok(api.call("GET /api/auth/user", { cookies: author.cookies }))).unreadNotifications).toBe(1);
    await ok(
      api.call("DELETE /api/posts/:id/comments/:commentId", {
        params: { id, commentId: comment.id },
        cookies: commenter.cookies,
      }),
    );
    expect((await ok(api.call("GET /api/auth/user", { cookies: author.cookies }))).unreadNotifications).toBe(0);
  });
});
