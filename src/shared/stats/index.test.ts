import { describe, expect, it } from "vitest";
import { pageSubject } from "./index";

describe("pageSubject", () => {
  const id = "dac31e66-4f0b-4c6e-9a43-7d1f0c2b9e10";

  it("finds the dragon of a dragon page and of a canvas", () => {
    expect(pageSubject(`/dragon/${id}`)).toEqual({ kind: "dragon", dragonId: id });
    expect(pageSubject(`/draw/${id.toUpperCase()}`)).toEqual({ kind: "canvas", dragonId: id });
  });

  it("finds a blog post's slug, decoded", () => {
    expect(pageSubject("/blog/how-to-grid")).toEqual({ kind: "blogPost", slug: "how-to-grid" });
    expect(pageSubject("/blog/caf%C3%A9")).toEqual({ kind: "blogPost", slug: "café" });
  });

  it("gives nothing for other pages, malformed ids and undecodable slugs", () => {
    for (const path of ["/", "/home", "/blog", "/feed", "/draw/not-an-id", `/draw/${id}/x`, "/blog/a/b", "/blog/%E0"])
      expect(pageSubject(path), path).toBeNull();
  });
});
