import { describe, expect, it } from "vitest";
import { BLOG_TAGS_MAX, blogPostInputSchema, isAllowedImageUrl, normalizeTags } from "./index";
import { ANONYMOUS_AUTHOR, blogAuthorName, blogPostMeta } from "./posts";

const valid = { title: "Drawing scales", content: "<p>Start with the grid.</p>" };

describe("blogPostInputSchema", () => {
  it("drops the fields the server sets itself and stores empty optional text as null", () => {
    const parsed = blogPostInputSchema.parse({
      ...valid,
      id: "x",
      createdAt: "2020-01-01",
      updatedAt: "2020-01-01",
      publishedAt: "2020-01-01",
      authorId: "someone",
      authorEmail: "a@example.com",
      slug: "",
      excerpt: "  ",
      metaTitle: null,
    });
    expect(parsed).toEqual({
      title: "Drawing scales",
      slug: null,
      content: valid.content,
      excerpt: null,
      featuredImageUrl: null,
      metaTitle: null,
      metaDescription: null,
      tags: [],
      language: "en",
      published: false,
    });
  });

  it("takes a post's language from the app's languages only, English when left out", () => {
    expect(blogPostInputSchema.parse({ ...valid, language: "zh-Hans" }).language).toBe("zh-Hans");
    expect(blogPostInputSchema.parse({ ...valid, language: undefined }).language).toBe("en");
    const wrong = blogPostInputSchema.safeParse({ ...valid, language: "zh" });
    expect(wrong.error?.issues[0]?.path).toEqual(["language"]);
    expect(wrong.error?.issues[0]?.message).toBe("must be one of en, es, pt-BR, fr, de, ja, zh-Hans, ar");
  });

  it("trims, drops empty and merges duplicate tags, keeping the first spelling", () => {
    const parsed = blogPostInputSchema.parse({
      ...valid,
      tags: ["  Dragons ", "", "dragons", "  ", "Grid  method", "DRAGONS"],
    });
    expect(parsed.tags).toEqual(["Dragons", "Grid method"]);
  });

  it("allows 10 tags after merging, not 11, and tags of at most 30 characters", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `tag ${i}`);
    expect(blogPostInputSchema.safeParse({ ...valid, tags: [...ten, "TAG 0", " "] }).success).toBe(true);
    const eleven = blogPostInputSchema.safeParse({ ...valid, tags: [...ten, "tag 10"] });
    expect(eleven.success).toBe(false);
    expect(eleven.error?.issues[0]?.message).toBe(`At most ${BLOG_TAGS_MAX} tags`);
    expect(blogPostInputSchema.safeParse({ ...valid, tags: ["x".repeat(30)] }).success).toBe(true);
    const long = blogPostInputSchema.safeParse({ ...valid, tags: ["ok", "x".repeat(31)] });
    expect(long.error?.issues[0]?.path).toEqual(["tags", 1]);
  });

  it.each([
    ["title", { title: "   " }, "Title is required"],
    ["title", { title: "x".repeat(201) }, "Titles can be at most 200 characters"],
    ["content", { content: "  " }, "Content is required"],
    ["content", { content: "x".repeat(200_001) }, "Content can be at most 200000 characters"],
    ["excerpt", { excerpt: "x".repeat(501) }, "Excerpts can be at most 500 characters"],
    ["metaTitle", { metaTitle: "x".repeat(71) }, "Meta titles can be at most 70 characters"],
    ["metaDescription", { metaDescription: "x".repeat(161) }, "Meta descriptions can be at most 160 characters"],
    ["slug", { slug: "Has Spaces" }, "Use lower-case letters, digits and single hyphens (like my-first-dragon)"],
    ["slug", { slug: "double--hyphen" }, "Use lower-case letters, digits and single hyphens (like my-first-dragon)"],
    ["slug", { slug: "-leading" }, "Use lower-case letters, digits and single hyphens (like my-first-dragon)"],
    ["slug", { slug: "x".repeat(81) }, "Slugs can be at most 80 characters"],
    [
      "featuredImageUrl",
      { featuredImageUrl: "javascript:alert(1)" },
      "must be an uploaded image (/objects/…) or an https URL",
    ],
    ["title", { title: "Evil\u202Etitle" }, "must not contain invisible or text-direction characters"],
  ])("refuses a bad %s", (field, patch, message) => {
    const result = blogPostInputSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("accepts limits exactly", () => {
    const result = blogPostInputSchema.safeParse({
      title: "x".repeat(200),
      content: "x".repeat(200_000),
      excerpt: "x".repeat(500),
      metaTitle: "x".repeat(70),
      metaDescription: "x".repeat(160),
      slug: "a".repeat(80),
      published: true,
    });
    expect(result.success).toBe(true);
  });
});

describe("isAllowedImageUrl", () => {
  it.each([
    ["/objects/uploads/2b1f4b8e-0a52-4f0a-9d3e-5d6c1f2e3a4b", true],
    ["/objects/dragons/abc/preview.webp", true],
    ["https://images.example.com/a.png", true],
    ["HTTPS://images.example.com/a.png", true],
    ["http://images.example.com/a.png", false],
    ["//images.example.com/a.png", false],
    ["/objects/../secret", false],
    ["/objects/uploads/./x", false],
    ["/other/a.png", false],
    ["data:image/png;base64,AAAA", false],
    ["javascript:alert(1)", false],
    ["https://user:pass@example.com/a.png", false],
    ["https://", false],
  ])("%s → %s", (url, allowed) => {
    expect(isAllowedImageUrl(url)).toBe(allowed);
  });
});

describe("authors and meta", () => {
  it("names the author by full name, else Anonymous, never by e-mail", () => {
    expect(blogAuthorName({ authorFirstName: "Ada", authorLastName: "Lovelace" })).toBe("Ada Lovelace");
    expect(blogAuthorName({ authorFirstName: " Ada ", authorLastName: null })).toBe("Ada");
    expect(blogAuthorName({ authorFirstName: null, authorLastName: "Lovelace" })).toBe("Lovelace");
    expect(blogAuthorName({ authorFirstName: " ", authorLastName: null })).toBe(ANONYMOUS_AUTHOR);
    expect(ANONYMOUS_AUTHOR).toBe("Anonymous");
  });

  it("titles a post's page with the meta title, else the title; describes it with the meta description, else the excerpt", () => {
    expect(blogPostMeta({ title: "T", metaTitle: "Meta T", metaDescription: "Meta D", excerpt: "E" })).toEqual({
      title: "Meta T",
      description: "Meta D",
    });
    expect(blogPostMeta({ title: "T", metaTitle: null, metaDescription: null, excerpt: "E" })).toEqual({
      title: "T · Dragon Grid",
      description: "E",
    });
    expect(blogPostMeta({ title: "T", metaTitle: null, metaDescription: null, excerpt: null }).description).toContain(
      "T",
    );
  });

  it("normalises tags idempotently", () => {
    const once = normalizeTags([" a ", "A", "b  c", ""]);
    expect(once).toEqual(["a", "b c"]);
    expect(normalizeTags(once)).toEqual(once);
  });
});
