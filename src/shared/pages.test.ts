import { describe, expect, it } from "vitest";
import { PAGES, isKnownRoute, matchPage, pageQueries, serverRenderedPage } from "./pages";
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

  it("knows no other address", () => {
    for (const path of ["/nope", "/dragon", "/dragon/a/b", "/admin/blog/delete", "/admin/blog", "/home/x", "/blog/a/b"]) expect(isKnownRoute(path), path).toBe(false);
  });

  it("says which pages the server renders, with the data their first screen reads", () => {
    expect(PAGES.filter((page) => page.serverRendered).map((page) => page.path)).toEqual(["/", "/home", "/dragon/:id", "/blog", "/blog/:slug"]);
    expect(serverRenderedPage("/draw/abc")).toBeUndefined();
    expect(pageQueries("/dragon/a%20b")).toEqual([{ queryKey: ["/api/dragons", "a b"], url: "/api/dragons/a%20b" }]);
    expect(pageQueries("/")).toEqual([]);
    expect(pageQueries("/profile")).toEqual([]);
  });

  it("gives pages without data their own head tags", () => {
    expect(getStaticPageMeta("/login")?.title).toBe("Sign In · Dragon Grid");
    expect(getStaticPageMeta("/dragon/abc")).toBeNull();
    expect(getStaticPageMeta("/nope")).toBeNull();
  });

  it("lists each address and screen once", () => {
    expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
    expect(new Set(PAGES.map((page) => page.screen)).size).toBe(PAGES.length);
  });
});
