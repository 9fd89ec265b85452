import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, type TestUser } from "../../test/users";
import type { BlogPostPayload } from "../../../shared/blog";
import { BLOG_HTML_ELEMENTS } from "../../../shared/blog/html";
import type { AdminBlogPost } from "../../../shared/blog/responses";
import { testClient, type TestClient } from "../../test/api-client";

let t: TestApp;
let api: TestClient;
let admin: TestUser;
let otherAdmin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  admin = await createSignedInUser(t, { isAdmin: true });
  otherAdmin = await createSignedInUser(t, { isAdmin: true });
  user = await createSignedInUser(t);
  await t.database.db.update(users).set({ firstName: "Ada", lastName: "Lovelace" }).where(eq(users.id, admin.id));
  await t.database.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, otherAdmin.id));
});
afterAll(() => t.close());

type Cookies = Record<string, string> | undefined;
const roles = () =>
  [
    ["visitor", undefined],
    ["user", user.cookies],
    ["admin", admin.cookies],
  ] as [string, Cookies][];

let titleNumber = 0;
const uniqueTitle = (prefix = "Post") => `${prefix} ${++titleNumber} ${Date.now()}`;

async function createPost(
  patch: Partial<BlogPostPayload> & Record<string, unknown> = {},
  as: TestUser = admin,
): Promise<AdminBlogPost> {
  const res = await api.call("POST /api/admin/blog", {
    cookies: as.cookies,
    body: {
      title: uniqueTitle(),
      content: "<p>Body</p>",
      ...patch,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** PUT /api/admin/blog/:id as `as` (the admin by default): the response, whatever its status. */
const editPost = (id: string, body: BlogPostPayload, as: TestUser = admin) =>
  api.call("PUT /api/admin/blog/:id", { params: { id }, cookies: as.cookies, body });

const publicList = async (cookies?: Cookies) => (await api.call("GET /api/blog/posts", { cookies })).json();

describe("GET /api/blog/posts", () => {
  it("lists published posts only, newest publication first, with the author's name, for everyone", async () => {
    const older = await createPost({ published: true });
    const draft = await createPost({ published: false });
    const newer = await createPost({ published: true });
    for (const [, cookies] of roles()) {
      const res = await api.call("GET /api/blog/posts", { cookies });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("application/json");
      const ids = res.json().map((post) => post.id);
      expect(ids).not.toContain(draft.id);
      expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    }
    const listed = (await publicList()).find((post) => post.id === newer.id)!;
    expect(listed).toMatchObject({
      authorId: admin.id,
      authorFirstName: "Ada",
      authorLastName: "Lovelace",
      published: true,
      content: "<p>Body</p>",
    });
  });

  it("orders by publishedAt, not by creation", async () => {
    const first = await createPost({ published: false });
    const second = await createPost({ published: true });
    // Published later than the second, so listed before it.
    await editPost(first.id, {
      title: first.title,
      content: first.content,
      published: true,
    });
    const ids = (await publicList()).map((post) => post.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });

  it("never sends an author's e-mail address to the public", async () => {
    const named = await createPost({ published: true });
    const nameless = await createPost({ published: true }, otherAdmin);
    for (const [, cookies] of roles()) {
      const list = await api.call("GET /api/blog/posts", { cookies });
      expect(list.body).not.toContain(admin.email);
      expect(list.body).not.toContain(otherAdmin.email);
      for (const post of [named, nameless]) {
        const one = await api.call("GET /api/blog/posts/:slug", { params: { slug: post.slug }, cookies });
        expect(one.statusCode).toBe(200);
        expect(one.body).not.toContain("@example.com");
        expect(one.json()).not.toHaveProperty("authorEmail");
      }
    }
    expect((await api.call("GET /api/blog/posts/:slug", { params: { slug: nameless.slug } })).json()).toMatchObject({
      authorFirstName: null,
      authorLastName: null,
    });
  });

  it("shows this process's saves at once, despite the list cache", async () => {
    await publicList();
    const post = await createPost({ published: true });
    expect((await publicList()).map((p) => p.id)).toContain(post.id);
    await editPost(post.id, {
      title: "Renamed at once",
      content: "<p>x</p>",
      published: true,
    });
    expect((await publicList()).find((p) => p.id === post.id)?.title).toBe("Renamed at once");
    await editPost(post.id, {
      title: "Renamed at once",
      content: "<p>x</p>",
      published: false,
    });
    expect((await publicList()).map((p) => p.id)).not.toContain(post.id);
    await editPost(post.id, {
      title: "Renamed at once",
      content: "<p>x</p>",
      published: true,
    });
    await api.call("DELETE /api/admin/blog/:id", { params: { id: post.id }, cookies: admin.cookies });
    expect((await publicList()).map((p) => p.id)).not.toContain(post.id);
  });
});

describe("a post's language", () => {
  it("is English unless the admin says otherwise, and is stored, answered and changed", async () => {
    const english = await createPost({ published: true });
    expect(english.language).toBe("en");
    const arabic = await createPost({ published: true, language: "ar" });
    expect(arabic.language).toBe("ar");
    const [stored] = await t.database.db
      .select({ language: blogPosts.language })
      .from(blogPosts)
      .where(eq(blogPosts.id, arabic.id));
    expect(stored).toEqual({ language: "ar" });
    expect((await publicList()).find((post) => post.id === arabic.id)?.language).toBe("ar");
    const one = await api.call("GET /api/blog/posts/:slug", { params: { slug: arabic.slug } });
    expect(one.json().language).toBe("ar");
    const admins = (await api.call("GET /api/admin/blog", { cookies: admin.cookies })).json();
    expect(admins.find((post) => post.id === arabic.id)?.language).toBe("ar");

    const changed = await editPost(arabic.id, {
      title: arabic.title,
      content: arabic.content,
      language: "pt-BR",
      published: true,
    });
    expect(changed.json().language).toBe("pt-BR");
    // PUT replaces every field: a body without a language is an English post, as one without `published` is a draft.
    const reset = await editPost(arabic.id, { title: arabic.title, content: arabic.content, published: true });
    expect(reset.json().language).toBe("en");
  });

  it("is English for a post written before posts had a language (the column's default)", async () => {
    const slug = `old-post-${Date.now()}`;
    await t.database.db.execute(
      sql`insert into blog_posts (title, slug, content, published) values ('Old', ${slug}, '<p>Old</p>', false)`,
    );
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
    expect(row?.language).toBe("en");
    await t.database.db.delete(blogPosts).where(eq(blogPosts.slug, slug));
  });

  it.each([
    ["a code we do not have", "it"],
    ["a code in the wrong case", "PT-BR"],
    ["a region of a language", "es-MX"],
    ["an empty code", ""],
    ["not text", 3],
  ])("refuses %s with a 400 naming the field and the codes, storing nothing", async (_label, language) => {
    const before = (await t.database.db.select().from(blogPosts)).length;
    // Bodies the contract refuses, sent on purpose.
    const res = await api.call("POST /api/admin/blog", {
      cookies: admin.cookies,
      payload: { title: "T", content: "<p>x</p>", language },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe("Invalid language: must be one of en, es, pt-BR, fr, de, ja, zh-Hans, ar");
    expect(await t.database.db.select().from(blogPosts)).toHaveLength(before);
  });

  it("filters the public list: ?language=es answers the published Spanish posts only, newest first", async () => {
    const spanishOld = await createPost({ published: true, language: "es" });
    const spanishDraft = await createPost({ published: false, language: "es" });
    const english = await createPost({ published: true });
    // Asked before the next save: the cached list must not keep a language's answer past a save.
    await api.call("GET /api/blog/posts", { query: { language: "es" } });
    const spanishNew = await createPost({ published: true, language: "es" });
    for (const [, cookies] of roles()) {
      const res = await api.call("GET /api/blog/posts", { query: { language: "es" }, cookies });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("application/json");
      const posts = res.json();
      expect(posts.every((post) => post.language === "es")).toBe(true);
      const ids = posts.map((post) => post.id);
      expect(ids).toEqual(expect.arrayContaining([spanishNew.id, spanishOld.id]));
      expect(ids.indexOf(spanishNew.id)).toBeLessThan(ids.indexOf(spanishOld.id));
      expect(ids).not.toContain(spanishDraft.id);
      expect(ids).not.toContain(english.id);
    }
    const englishIds = (await api.call("GET /api/blog/posts", { query: { language: "en" } })).json().map((p) => p.id);
    expect(englishIds).toContain(english.id);
    expect(englishIds).not.toContain(spanishNew.id);
    // No filter: every language.
    const all = (await publicList()).map((post) => post.id);
    expect(all).toEqual(expect.arrayContaining([english.id, spanishNew.id, spanishOld.id]));
    // A language nobody has written in yet: an empty list, not an error.
    const german = await api.call("GET /api/blog/posts", { query: { language: "de" } });
    expect(german.statusCode).toBe(200);
    expect(german.json().filter((post) => post.language !== "de")).toEqual([]);
  });

  it("refuses a ?language= that is not one of ours with a 400 naming the codes", async () => {
    for (const language of ["xx", "ES", ""]) {
      // A query the contract refuses, sent on purpose.
      const res = await t.app.inject({ method: "GET", url: `/api/blog/posts?language=${language}` });
      expect(res.statusCode, language).toBe(400);
      expect(res.body).toBe("Invalid language: must be one of en, es, pt-BR, fr, de, ja, zh-Hans, ar");
    }
  });
});

describe("GET /api/blog/posts/{slug}", () => {
  it("answers a published post to everyone", async () => {
    const post = await createPost({ published: true, excerpt: "Short", tags: ["grid"] });
    for (const [, cookies] of roles()) {
      const res = await api.call("GET /api/blog/posts/:slug", { params: { slug: post.slug }, cookies });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: post.id,
        slug: post.slug,
        excerpt: "Short",
        tags: ["grid"],
        published: true,
      });
    }
  });

  it("is a 404 for a draft, except for admins, who may preview it", async () => {
    const draft = await createPost({ published: false });
    for (const [role, cookies] of roles()) {
      const res = await api.call("GET /api/blog/posts/:slug", { params: { slug: draft.slug }, cookies });
      if (role === "admin") {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: draft.id, published: false, publishedAt: null });
        expect(res.headers["cache-control"]).toBe("no-store");
      } else {
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe("Blog post not found");
      }
    }
  });

  it("is a 404 for an unknown slug, for everyone", async () => {
    for (const [, cookies] of roles()) {
      const res = await api.call("GET /api/blog/posts/:slug", { params: { slug: "no-such-post" }, cookies });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe("Blog post not found");
    }
  });
});

describe("GET /api/admin/blog", () => {
  it("is for admins only and lists drafts too, with the author's e-mail", async () => {
    const draft = await createPost({ published: false });
    expect((await api.call("GET /api/admin/blog")).statusCode).toBe(401);
    const member = await api.call("GET /api/admin/blog", { cookies: user.cookies });
    expect(member.statusCode).toBe(403);
    expect(member.body).toBe("Admin access required");
    const res = await api.call("GET /api/admin/blog", { cookies: admin.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const listed = res.json().find((post) => post.id === draft.id);
    expect(listed).toMatchObject({ published: false, authorEmail: admin.email, authorFirstName: "Ada" });
  });
});

describe("POST /api/admin/blog", () => {
  it("is for admins only: 401 for visitors, 403 for users, and nothing is stored", async () => {
    const title = uniqueTitle("Forbidden");
    const visitor = await api.call("POST /api/admin/blog", { body: { title, content: "<p>x</p>" } });
    const member = await api.call("POST /api/admin/blog", {
      cookies: user.cookies,
      body: { title, content: "<p>x</p>" },
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).toBe("Unauthorized");
    expect(member.statusCode).toBe(403);
    expect(await t.database.db.select().from(blogPosts).where(eq(blogPosts.title, title))).toHaveLength(0);
  });

  it("creates a post, setting id, times and author itself whatever the body says", async () => {
    const before = Date.now();
    const res = await api.call("POST /api/admin/blog", {
      cookies: admin.cookies,
      // Fields the contract does not take, sent on purpose.
      payload: {
        id: "00000000-0000-4000-8000-000000000000",
        title: "  Server Fields  ",
        content: "<p>Hello</p>",
        excerpt: " An excerpt ",
        featuredImageUrl: "/objects/uploads/2b1f4b8e-0a52-4f0a-9d3e-5d6c1f2e3a4b",
        metaTitle: "Meta",
        metaDescription: "Meta description",
        tags: ["Dragons", " dragons ", ""],
        published: true,
        createdAt: "2001-01-01T00:00:00.000Z",
        updatedAt: "2001-01-01T00:00:00.000Z",
        publishedAt: "2001-01-01T00:00:00.000Z",
        authorId: user.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({
      title: "Server Fields",
      slug: "server-fields",
      content: "<p>Hello</p>",
      excerpt: "An excerpt",
      featuredImageUrl: "/objects/uploads/2b1f4b8e-0a52-4f0a-9d3e-5d6c1f2e3a4b",
      metaTitle: "Meta",
      metaDescription: "Meta description",
      tags: ["Dragons"],
      published: true,
      authorId: admin.id,
      authorEmail: admin.email,
    });
    expect(post.id).not.toBe("00000000-0000-4000-8000-000000000000");
    for (const time of [post.createdAt, post.updatedAt, post.publishedAt!])
      expect(Date.parse(time)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("leaves publishedAt empty for a draft", async () => {
    const draft = await createPost({ published: false });
    expect(draft.publishedAt).toBeNull();
    const noFlag = await createPost({});
    expect(noFlag).toMatchObject({ published: false, publishedAt: null });
  });

  it.each([
    ["title missing", { content: "<p>x</p>" }, /^Invalid title: /],
    ["title blank", { title: "   ", content: "<p>x</p>" }, "Invalid title: Title is required"],
    [
      "title too long",
      { title: "x".repeat(201), content: "<p>x</p>" },
      "Invalid title: Titles can be at most 200 characters",
    ],
    ["content missing", { title: "T" }, /^Invalid content: /],
    ["content blank", { title: "T", content: "  " }, "Invalid content: Content is required"],
    [
      "content too long",
      { title: "T", content: `<p>${"x".repeat(200_000)}</p>` },
      "Invalid content: Content can be at most 200000 characters",
    ],
    [
      "content only unsafe markup",
      { title: "T", content: "<script>alert(1)</script><iframe src=x></iframe>" },
      "Invalid content: nothing is left once unsafe or unsupported markup is removed",
    ],
    [
      "slug with capitals",
      { title: "T", content: "<p>x</p>", slug: "My-Post" },
      "Invalid slug: Use lower-case letters, digits and single hyphens (like my-first-dragon)",
    ],
    [
      "slug too long",
      { title: "T", content: "<p>x</p>", slug: "a".repeat(81) },
      "Invalid slug: Slugs can be at most 80 characters",
    ],
    [
      "excerpt too long",
      { title: "T", content: "<p>x</p>", excerpt: "x".repeat(501) },
      "Invalid excerpt: Excerpts can be at most 500 characters",
    ],
    [
      "metaTitle too long",
      { title: "T", content: "<p>x</p>", metaTitle: "x".repeat(71) },
      "Invalid metaTitle: Meta titles can be at most 70 characters",
    ],
    [
      "metaDescription too long",
      { title: "T", content: "<p>x</p>", metaDescription: "x".repeat(161) },
      "Invalid metaDescription: Meta descriptions can be at most 160 characters",
    ],
    [
      "featuredImageUrl not ours nor https",
      { title: "T", content: "<p>x</p>", featuredImageUrl: "http://example.com/a.png" },
      "Invalid featuredImageUrl: must be an uploaded image (/objects/…) or an https URL",
    ],
    [
      "too many tags",
      { title: "T", content: "<p>x</p>", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      "Invalid tags: At most 10 tags",
    ],
    [
      "a tag too long",
      { title: "T", content: "<p>x</p>", tags: ["ok", "x".repeat(31)] },
      "Invalid tags.1: Tags can be at most 30 characters",
    ],
    ["tags not a list", { title: "T", content: "<p>x</p>", tags: "dragons" }, /^Invalid tags: /],
    ["published not a boolean", { title: "T", content: "<p>x</p>", published: "yes" }, /^Invalid published: /],
  ])("refuses %s with a 400 naming the field, storing nothing", async (_label, payload, message) => {
    const before = (await t.database.db.select().from(blogPosts)).length;
    // Bodies the contract refuses, sent on purpose.
    const res = await api.call("POST /api/admin/blog", { cookies: admin.cookies, payload });
    expect(res.statusCode).toBe(400);
    if (typeof message === "string") expect(res.body).toBe(message);
    else expect(res.body).toMatch(message);
    expect(await t.database.db.select().from(blogPosts)).toHaveLength(before);
  });
});

describe("slugs", () => {
  it("makes one from the title: lower case, accents folded, other runs one hyphen", async () => {
    const post = await createPost({ title: "Crème Brûlée: Drawing   Dragons!" });
    expect(post.slug).toBe("creme-brulee-drawing-dragons");
  });

  it("numbers a taken generated slug -2, -3…", async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await createPost({ title: "Same Title Twice", slug: "" })).slug);
    expect(slugs).toEqual(["same-title-twice", "same-title-twice-2", "same-title-twice-3"]);
  });

  it("gives different slugs to posts of one title saved at the same moment", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.call("POST /api/admin/blog", {
          cookies: admin.cookies,
          body: { title: "Racing Title", content: "<p>x</p>" },
        }),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
    const slugs = results.map((res) => res.json().slug);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs.sort()).toEqual([
      "racing-title",
      "racing-title-2",
      "racing-title-3",
      "racing-title-4",
      "racing-title-5",
      "racing-title-6",
    ]);
  });

  it("falls back to 'post' for a title with nothing to keep, and keeps long ones within 80 characters", async () => {
    expect((await createPost({ title: "🐉🐉" })).slug).toMatch(/^post(-\d+)?$/);
    const long = await createPost({ title: "Dragon ".repeat(25) });
    const again = await createPost({ title: "Dragon ".repeat(25) });
    expect(long.slug.length).toBeLessThanOrEqual(80);
    expect(again.slug.length).toBeLessThanOrEqual(80);
    expect(again.slug).toMatch(/-2$/);
  });

  it("uses an explicit slug as given and answers 409 naming a taken one", async () => {
    const first = await createPost({ slug: "my-explicit-slug" });
    expect(first.slug).toBe("my-explicit-slug");
    const before = (await t.database.db.select().from(blogPosts)).length;
    const res = await api.call("POST /api/admin/blog", {
      cookies: admin.cookies,
      body: {
        title: "Another",
        content: "<p>x</p>",
        slug: "my-explicit-slug",
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toBe('The slug "my-explicit-slug" is already taken');
    expect(await t.database.db.select().from(blogPosts)).toHaveLength(before);
  });

  it("keeps a post's own slug on update, refuses another post's with 409, regenerates when cleared", async () => {
    const a = await createPost({ title: "Slug Owner A", slug: "slug-owner-a" });
    const b = await createPost({ title: "Slug Owner B" });
    const same = await editPost(a.id, {
      title: "Changed title",
      content: "<p>x</p>",
      slug: "slug-owner-a",
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().slug).toBe("slug-owner-a");
    const taken = await editPost(b.id, {
      title: "Slug Owner B",
      content: "<p>x</p>",
      slug: "slug-owner-a",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toBe('The slug "slug-owner-a" is already taken');
    const cleared = await editPost(a.id, {
      title: "Changed title",
      content: "<p>x</p>",
      slug: "",
    });
    expect(cleared.json().slug).toBe("changed-title");
    // Cleared again with the same title: its own slug is not "taken" by itself.
    const again = await editPost(a.id, {
      title: "Changed title",
      content: "<p>x</p>",
    });
    expect(again.json().slug).toBe("changed-title");
  });
});

describe("PUT /api/admin/blog/{id}", () => {
  it("is for admins only: 401 for visitors, 403 for users, and the post is unchanged", async () => {
    const post = await createPost();
    const visitor = await api.call("PUT /api/admin/blog/:id", {
      params: { id: post.id },
      body: {
        title: "Hacked",
        content: "<p>x</p>",
      },
    });
    const member = await editPost(
      post.id,
      {
        title: "Hacked",
        content: "<p>x</p>",
      },
      user,
    );
    expect(visitor.statusCode).toBe(401);
    expect(member.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.title).toBe(post.title);
  });

  it("replaces the fields, sets updatedAt on every change, publishedAt when first published only, and keeps the author", async () => {
    const draft = await createPost({ published: false, tags: ["a"] });
    const edited = (
      await api.call("PUT /api/admin/blog/:id", {
        params: { id: draft.id },
        cookies: otherAdmin.cookies,
        // Fields the contract does not take, sent on purpose.
        payload: {
          title: "Edited",
          content: "<p>new</p>",
          tags: ["b"],
          authorId: otherAdmin.id,
          publishedAt: "2001-01-01T00:00:00.000Z",
        },
      })
    ).json();
    expect(edited).toMatchObject({
      title: "Edited",
      content: "<p>new</p>",
      tags: ["b"],
      excerpt: null,
      published: false,
      publishedAt: null,
      authorId: admin.id,
      createdAt: draft.createdAt,
    });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(draft.updatedAt));

    const published = (
      await editPost(draft.id, {
        title: "Edited",
        content: "<p>new</p>",
        published: true,
      })
    ).json();
    expect(published.publishedAt).not.toBeNull();
    const unpublished = (
      await editPost(draft.id, {
        title: "Edited",
        content: "<p>new</p>",
        published: false,
      })
    ).json();
    expect(unpublished).toMatchObject({ published: false, publishedAt: published.publishedAt });
    const republished = (
      await editPost(draft.id, {
        title: "Edited",
        content: "<p>new</p>",
        published: true,
      })
    ).json();
    expect(republished).toMatchObject({ published: true, publishedAt: published.publishedAt });
    expect(Date.parse(republished.updatedAt)).toBeGreaterThan(Date.parse(unpublished.updatedAt));
  });

  it("answers 404 for an unknown post and 400 for an id that is not one", async () => {
    const missing = await editPost("3f1c9b9e-6a43-4c55-9a57-2f3f3d7f1a10", {
      title: "T",
      content: "<p>x</p>",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe("Blog post not found");
    const bad = await editPost("not-an-id", { title: "T", content: "<p>x</p>" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe("Invalid id: Blog post not found");
  });

  it("validates the body like POST", async () => {
    const post = await createPost();
    const res = await editPost(post.id, { title: "", content: "<p>x</p>" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe("Invalid title: Title is required");
  });
});

describe("DELETE /api/admin/blog/{id}", () => {
  it("is for admins only, removes the post, then answers 404", async () => {
    const post = await createPost({ published: true });
    expect((await api.call("DELETE /api/admin/blog/:id", { params: { id: post.id } })).statusCode).toBe(401);
    expect(
      (await api.call("DELETE /api/admin/blog/:id", { params: { id: post.id }, cookies: user.cookies })).statusCode,
    ).toBe(403);
    expect((await api.call("GET /api/blog/posts/:slug", { params: { slug: post.slug } })).statusCode).toBe(200);
    const res = await api.call("DELETE /api/admin/blog/:id", { params: { id: post.id }, cookies: admin.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Blog post deleted" });
    expect((await api.call("GET /api/blog/posts/:slug", { params: { slug: post.slug } })).statusCode).toBe(404);
    const again = await api.call("DELETE /api/admin/blog/:id", { params: { id: post.id }, cookies: admin.cookies });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe("Blog post not found");
  });
});

describe("the body is sanitised on every save", () => {
  it("keeps the allowlisted markup, writes b and i as strong and em, and marks external links", async () => {
    const content = [
      "<h2>Heading</h2><h3>Sub</h3><h4>Small</h4>",
      '<p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <a href="https://example.com/a">ext</a> <a href="/blog">in</a> <a href="mailto:hi@example.com">mail</a></p>',
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>",
      '<pre><code class="language-js">let x = 1 &lt; 2;</code></pre><hr /><br />',
      '<figure><img src="/objects/uploads/abc-123" alt="A dragon" /><figcaption>Caption</figcaption></figure>',
      '<img src="https://images.example.com/d.png" alt="" />',
    ].join("");
    const post = await createPost({ content });
    expect(post.content).toBe(
      content
        .replace('href="https://example.com/a"', 'href="https://example.com/a" rel="noopener noreferrer nofollow"')
        .replace("<b>b</b>", "<strong>b</strong>")
        .replace("<i>i</i>", "<em>i</em>"),
    );
  });

  it("sanitises again on update", async () => {
    const post = await createPost();
    const res = await editPost(post.id, {
      title: post.title,
      content: '<p onclick="x()">Safe</p><script>alert(1)</script>',
    });
    expect(res.json().content).toBe("<p>Safe</p>");
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.content).toBe("<p>Safe</p>");
  });
});

// Classic cross-site scripting payloads (OWASP's filter-evasion cheat sheet, PortSwigger's list,
// known DOMPurify and sanitize-html bypasses). Each is saved between two harmless paragraphs; what
// is stored and what is served must hold nothing a browser would run.
const XSS_PAYLOADS: string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<script>/*</script><script>*/alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<img src="/objects/uploads/abc" onerror="alert(1)">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  "<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>",
  '<img src="https://example.com/a.png" srcset="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  "<svg onload=alert(1)>",
  "<svg/onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<math href="javascript:alert(1)">click</math>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="https://example.com" onclick="alert(1)">x</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  "<body onload=alert(1)>",
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="width: expression(alert(1))">old IE</div>',
  "<style>@import 'javascript:alert(1)';</style>",
  '<div onmouseover="alert(1)">hover</div>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  "<input autofocus onfocus=alert(1)>",
  "<details open ontoggle=alert(1)>",
  '<video><source onerror="alert(1)"></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  "<template><script>alert(1)</script></template>",
  "<<script>script>alert(1)<</script>/script>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<img """><script>alert(1)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  "<xmp><img src=x onerror=alert(1)></xmp>",
  '<a href="#" onclick="alert(1)" style="position:fixed">overlay</a>',
  "\u003cscript\u003ealert(1)\u003c/script\u003e",
  "<isindex action=javascript:alert(1) type=image>",
];

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = BLOG_HTML_ELEMENTS;
const ALLOWED_TAGS = new Set(Object.keys(BLOG_HTML_ELEMENTS));

/** Every problem that would let stored HTML run script in a browser; empty when there is none. */
function executableParts(html: string): string[] {
  const problems: string[] = [];
  if (
    /<\s*(script|svg|math|iframe|object|embed|style|link|meta|base|form|template|input|button|body|frame|frameset|applet)\b/i.test(
      html,
    )
  )
    problems.push("dangerous element");
  // The sanitiser writes tags in one normalised form; anything it left unparsed is a stray "<".
  const tag = /<(\/?)([a-zA-Z0-9]+)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>/g;
  for (const match of html.matchAll(tag)) {
    const name = match[2]!.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) problems.push(`tag <${name}>`);
    for (const attr of match[3]!.matchAll(/\s+([^\s=/>]+)(?:="([^"]*)")?/g)) {
      const attribute = attr[1]!.toLowerCase();
      const value = (attr[2] ?? "").replace(/&amp;/g, "&");
      if (!(ALLOWED_ATTRIBUTES[name] ?? []).includes(attribute)) problems.push(`attribute ${attribute} on <${name}>`);
      if (/^on/.test(attribute)) problems.push(`event handler ${attribute}`);
      if ((attribute === "href" || attribute === "src") && !/^(https?:\/\/|mailto:|\/(?![/\\])|#)/i.test(value))
        problems.push(`${attribute}=${value}`);
      // Browsers ignore tabs, newlines and other controls inside a scheme name.
      const compact = [...value].filter((c) => c.charCodeAt(0) > 0x20).join("");
      if (/(javascript|vbscript|data):/i.test(compact)) problems.push(`script URL ${value}`);
      if (name === "img" && attribute === "src" && !/^(https:\/\/|\/objects\/)/.test(value))
        problems.push(`image from ${value}`);
    }
  }
  // Outside tags, "<" only appears escaped.
  if (html.replace(tag, "").includes("<")) problems.push("unescaped <");
  return problems;
}

describe("XSS catalogue", () => {
  it("has at least 30 payloads, and the checker catches each of them unsanitised", () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const payload of XSS_PAYLOADS) expect(executableParts(payload), payload).not.toEqual([]);
  });

  it("accepts what the sanitiser keeps", () => {
    expect(
      executableParts(
        '<p>a &lt;script&gt; <a href="https://x.example/" rel="noopener noreferrer nofollow">x</a><img src="/objects/u/1" alt="" /></p>',
      ),
    ).toEqual([]);
  });

  it.each(XSS_PAYLOADS.map((payload, i) => [i + 1, payload]))(
    "payload %i is stored and served with nothing executable: %s",
    async (_n, payload) => {
      const res = await api.call("POST /api/admin/blog", {
        cookies: admin.cookies,
        body: {
          title: uniqueTitle("XSS"),
          content: `<p>Before</p>${payload}<p>After</p>`,
          published: true,
        },
      });
      expect(res.statusCode).toBe(201);
      const post = res.json();
      const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
      const served = (await api.call("GET /api/blog/posts/:slug", { params: { slug: post.slug } })).json();
      for (const html of [row!.content, post.content, served.content]) {
        expect(executableParts(html), html).toEqual([]);
        // An unclosed raw-text element (<style>, <noscript>…) may take the rest with it; the start stays.
        expect(html).toMatch(/^<p>Before<\/p>/);
      }
    },
  );
});
