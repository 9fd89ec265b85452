import { afterEach, describe, expect, it, vi } from "vitest";
import type { Post } from "../../../shared/posts/responses";
import { createFeedPages, type FeedPage, type PostPatch } from "./feed-pages";

// The races of the kept feed pages, with a database whose answers the test releases by hand.

function postRow(id: string, likes: string[] = []): Post {
  const user = { id: "u", firstName: "Ann", lastName: null, profileImageUrl: null, email: "a•••@example.com" };
  return {
    id,
    description: "",
    createdAt: "2026-11-22T10:00:00.000Z",
    approved: true,
    rejectedReason: null,
    hiddenReason: null,
    dragonId: null,
    dragonName: null,
    user,
    images: [],
    likes: likes.map((userId) => ({ userId })),
    comments: [],
  };
}

/** A database read the test answers when it chooses. */
function controlledLoad() {
  const waiting: ((list: Post[]) => void)[] = [];
  const load = vi.fn(() => new Promise<Post[]>((resolve) => waiting.push(resolve)));
  return { load, answer: (list: Post[]) => waiting.shift()!(list) };
}

const read = (page: FeedPage) => JSON.parse(page.json.toString()) as Post[];
const like =
  (userId: string): PostPatch =>
  (post) => {
    post.likes = post.likes.filter((l) => l.userId !== userId);
    post.likes.push({ userId });
  };

afterEach(() => {
  vi.useRealTimers();
});

describe("kept feed pages", () => {
  it("write a change into a page still being built, whether or not its read saw the change", async () => {
    for (const readSawIt of [false, true]) {
      const { load, answer } = controlledLoad();
      const pages = createFeedPages(load);
      const first = pages.page("member", undefined);
      pages.patch("p1", like("ann"));
      answer([postRow("p1", readSawIt ? ["ann"] : [])]);
      // The reader who came before the change may get either; everyone after gets it, once.
      await first;
      expect(read(await pages.page("member", undefined))[0]!.likes).toEqual([{ userId: "ann" }]);
      expect(load).toHaveBeenCalledTimes(1);
    }
  });

  it("keep a change made while an aged page was being refreshed from an older read", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { load, answer } = controlledLoad();
    const pages = createFeedPages(load);
    const first = pages.page("member", undefined);
    answer([postRow("p1")]);
    await first;

    vi.setSystemTime(Date.now() + 15_000);
    await pages.page("member", undefined); // Aged: sent as it is, and a refresh starts.
    expect(load).toHaveBeenCalledTimes(2);
    pages.patch("p1", like("ann"));
    answer([postRow("p1")]); // The refresh read the database before the like.
    // Time for the refresh to be encoded (a right answer does not depend on it; a wrong one shows after).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(read(await pages.page("member", undefined))[0]!.likes).toEqual([{ userId: "ann" }]);
  });

  it("re-encode a page once for a burst of changes, and make them all in the order they came", async () => {
    const { load, answer } = controlledLoad();
    const pages = createFeedPages(load);
    const first = pages.page("member", undefined);
    answer([postRow("p1"), postRow("p2")]);
    await first;

    // Each re-encoding reads the page afresh: the post objects the changes see tell them apart.
    const seen = new Set<Post>();
    const seeing =
      (patch: PostPatch): PostPatch =>
      (post, reader) => {
        seen.add(post);
        patch(post, reader);
      };
    const unlike =
      (userId: string): PostPatch =>
      (post) => {
        post.likes = post.likes.filter((l) => l.userId !== userId);
      };
    for (let i = 0; i < 20; i++) pages.patch("p1", seeing(like(`user-${i}`)));
    pages.patch("p1", seeing(unlike("user-3")));
    pages.patch("p2", like("ann"));
    const after = read(await pages.page("member", undefined));
    expect(seen.size).toBe(1);
    expect(after[0]!.likes.map((l) => l.userId)).toEqual(
      Array.from({ length: 20 }, (_, i) => `user-${i}`).filter((id) => id !== "user-3"),
    );
    expect(after[1]!.likes).toEqual([{ userId: "ann" }]);

    // A change that comes while a re-encoding runs waits for it and makes the next one.
    seen.clear();
    pages.patch("p1", seeing(unlike("user-0")));
    await Promise.resolve(); // The re-encoding has started.
    pages.patch("p1", seeing(unlike("user-1")));
    pages.patch("p1", seeing(unlike("user-2")));
    const last = read(await pages.page("member", undefined));
    expect(seen.size).toBe(2);
    expect(last[0]!.likes.map((l) => l.userId)).not.toContain("user-2");
    expect(last[0]!.likes).toHaveLength(16);
  });

  it("leave pages without the post as they are, and patch admins' and members' pages each their way", async () => {
    const { load, answer } = controlledLoad();
    const pages = createFeedPages(load);
    const member = pages.page("member", undefined);
    answer([postRow("p1")]);
    const admin = pages.page("admin", undefined);
    answer([postRow("p2"), postRow("p1")]);
    const before = { member: await member, admin: await admin };

    const readers: string[] = [];
    pages.patch("p2", (_post, reader) => readers.push(reader));
    expect(await pages.page("member", undefined)).toBe(before.member);
    expect(await pages.page("admin", undefined)).not.toBe(before.admin);
    expect(readers).toEqual(["admin"]);
  });

  it("forget a page whose build failed, so the next reader reads again", async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error("connection lost"))
      .mockResolvedValue([postRow("p1")]);
    const pages = createFeedPages(load);
    await expect(pages.page("member", undefined)).rejects.toThrow("connection lost");
    expect(read(await pages.page("member", undefined))).toHaveLength(1);
  });
});

describe("cursors", () => {
  const at = "2026-11-22T10:00:00.000Z";
  /** A database whose every page is three posts named after the cursor: `p1..p3` first, `{cursor}-1..3` after one. */
  function pagedLoad() {
    return vi.fn(async (_reader: string, before: { before: string } | undefined) =>
      [1, 2, 3].map((n) => postRow(before ? `${before.before}-${n}` : `p${n}`)),
    );
  }

  it("keep the pages at cursors they handed out: each kept page's last post, with or without its time", async () => {
    const load = pagedLoad();
    const pages = createFeedPages(load);
    const first = await pages.page("member", undefined);
    expect(first.precompressed).toBeDefined();
    const second = await pages.page("member", { before: "p3", at });
    expect(read(second).map((post) => post.id)).toEqual(["p3-1", "p3-2", "p3-3"]);
    expect(second.precompressed).toBeDefined();
    expect(await pages.page("member", { before: "p3", at })).toBe(second);
    await pages.page("member", { before: "p3" });
    // ...and the page after the kept second page.
    await pages.page("member", { before: "p3-3", at });
    await pages.page("member", { before: "p3-3", at });
    expect(load.mock.calls.map(([, before]) => before?.before ?? "first")).toEqual(["first", "p3", "p3", "p3-3"]);
  });

  it("answer any other cursor from the database each time, uncompressed, without pushing out a kept page", async () => {
    const load = pagedLoad();
    const pages = createFeedPages(load);
    const first = await pages.page("member", undefined);
    const second = await pages.page("member", { before: "p3", at });
    // More made-up cursors than pages are kept: a post inside a kept page, another time for a
    // handed-out post, posts never shown, and another reader's cursor.
    const madeUp = [
      { before: "p2", at },
      { before: "p3", at: "2026-11-22T09:59:59.999Z" },
      ...Array.from({ length: 300 }, (_, i) => ({ before: `x${i}`, at })),
      { before: "p3-3" },
    ];
    for (const cursor of madeUp) {
      const page = await pages.page(cursor.before === "p3-3" ? "admin" : "member", cursor);
      expect(read(page).map((post) => post.id)).toEqual([1, 2, 3].map((n) => `${cursor.before}-${n}`));
      expect(page.precompressed).toBeUndefined();
    }
    await pages.page("member", { before: "x299", at }); // Asked again: read again.
    expect(load).toHaveBeenCalledTimes(2 + madeUp.length + 1);
    // The kept pages are still the ones sent, without another read.
    expect(await pages.page("member", undefined)).toBe(first);
    expect(await pages.page("member", { before: "p3", at })).toBe(second);
    expect(load).toHaveBeenCalledTimes(2 + madeUp.length + 1);
  });
});
