import { describe, expect, it } from "vitest";
import {
  PAGES,
  canonicalPath,
  isKnownRoute,
  matchPage,
  pageQueries,
  serverRenderedPage,
  serverRenderedScreen,
} from "./pages";
import { getScreenPageMeta } from "./screen-page-meta";
import { getStaticPageMeta } from "./static-page-meta";

describe("the page table", () => {
  it("matches each screen's address with its parameters, decoded as the router hands them over", () => {
    expect(matchPage("/")?.page.screen).toBe("landing");
    expect(matchPage("/home/")?.page.screen).toBe("library");
    expect(matchPage("/dragon/abc")).toMatchObject({ page: { screen: "dragon" }, params: { id: "abc" } });
    expect(matchPage("/blog/caf%C3%A9")).toMatchObject({ page: { screen: "blogPost" }, params: { slug: "café" } });
    expect(matchPage("/admin/blog/list")).toMatchObject({ page: { screen: "adminBlog" }, params: { action: "list" } });
    expect(matchPage("/admin/blog/edit/42")).toMatchObject({ params: { action: "edit", id: "42" } });
  });

  it("spells each page's address one way: no trailing slash, ids and slugs decoded and in lower case", () => {
    const id = "0b6e1c52-6f0e-4b4e-9d61-3f1a2b3c4d5e";
    expect(canonicalPath("/home//")).toBe("/home");
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath(`/dragon/${id.toUpperCase()}/`)).toBe(`/dragon/${id}`);
    expect(canonicalPath(`/draw/%30${id.slice(1)}`)).toBe(`/draw/${id}`);
    expect(canonicalPath("/blog/My%2Dfirst-Dragon")).toBe("/blog/my-first-dragon");
    expect(canonicalPath("/admin/blog/edit/X/")).toBe("/admin/blog/edit/x");
    // One that cannot be decoded, or spells no id or slug, stays as it came (a 404 at once, kept by
    // no cache); spelling an address twice changes nothing.
    expect(canonicalPath("/dragon/%ff")).toBe("/dragon/%ff");
    expect(canonicalPath("/blog/Caf%c3%a9")).toBe("/blog/Caf%c3%a9");
    expect(canonicalPath("/blog/Not%20A%20Slug")).toBe("/blog/Not%20A%20Slug");
    for (const path of ["/blog/a%2Fb%00", "/dragon/%E2%80%AE", `/dragon/${id}`, "/admin/blog/list"])
      expect(canonicalPath(canonicalPath(path)!), path).toBe(canonicalPath(path));
    for (const path of ["/nope", "/HOME", "//home", "/dragon/a/b"]) expect(canonicalPath(path), path).toBeNull();
  });

  it("knows no other address", () => {
    for (const path of ["/nope", "/dragon", "/dragon/a/b", "/admin/blog/delete", "/admin/blog", "/home/x", "/blog/a/b"])
      expect(isKnownRoute(path), path).toBe(false);
  });

  it("says which pages the server renders, with the data their first screen reads", () => {
    expect(PAGES.filter((page) => page.serverRendered).map((page) => page.path)).toEqual([
      "/",
      "/home",
      "/dragon/:id",
      "/blog",
      "/blog/:slug",
    ]);
    expect(serverRenderedPage("/draw/abc")).toBeUndefined();
    expect(pageQueries("/dragon/a%20b")).toEqual([{ queryKey: ["/api/dragons", "a b"], url: "/api/dragons/a%20b" }]);
    expect(pageQueries("/")).toEqual([]);
    expect(pageQueries("/profile")).toEqual([]);
  });

  it("finds a rendered page's screen in the browser as the server does", () => {
    const paths = ["/", "/home", "/dragon/abc", "/blog", "/blog/my-first-dragon", "/draw/abc", "/login", "/feed"];
    for (const path of [...paths, "/nope", "/dragon", "/dragon/a/b", "/blog/a/b", "/home/x", "/admin/blog/list"])
      expect(serverRenderedScreen(path), path).toBe(serverRenderedPage(path));
    expect(serverRenderedScreen("/dragon/abc")).toBe("dragon");
  });

  it("gives pages without data their own head tags", () => {
    expect(getScreenPageMeta("/login")?.title).toBe("Sign In · Dragon Grid");
    expect(getScreenPageMeta("/dragon/abc")).toBeNull();
    expect(getScreenPageMeta("/nope")).toBeNull();
    // Found by address as written: a page with parameters cannot have words of its own here.
    for (const page of PAGES.filter((page) => page.path.includes(":")))
      expect(getScreenPageMeta(page.path), page.path).toBeNull();
    // The public pages' words, which their first load carries, are the same in both tables.
    for (const path of ["/", "/home", "/blog"]) expect(getStaticPageMeta(path), path).toEqual(getScreenPageMeta(path));
    expect(getStaticPageMeta("/login")).toBeNull();
  });

  it("lists each address and screen once", () => {
    expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
    expect(new Set(PAGES.map((page) => page.screen)).size).toBe(PAGES.length);
  });
});
