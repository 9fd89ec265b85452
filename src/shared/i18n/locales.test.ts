import { describe, expect, it } from "vitest";
import { localePath, negotiateLocale, splitLocalePath } from "./locales";

describe("a page's address in a language", () => {
  it("is the spec's route in English and the route under the language's prefix otherwise", () => {
    expect(localePath("en", "/home")).toBe("/home");
    expect(localePath("es", "/home")).toBe("/es/home");
    expect(localePath("pt-BR", "/")).toBe("/pt-br");
    expect(localePath("zh-Hans", "/dragon/x")).toBe("/zh-hans/dragon/x");
  });

  it("is read back to its language and route", () => {
    expect(splitLocalePath("/es/home")).toEqual({ locale: "es", path: "/home" });
    expect(splitLocalePath("/ar")).toEqual({ locale: "ar", path: "/" });
    expect(splitLocalePath("/home")).toEqual({ locale: "en", path: "/home" });
    // A route that merely starts like a prefix is English.
    expect(splitLocalePath("/essay")).toEqual({ locale: "en", path: "/essay" });
  });
});

describe("the language a browser asks for", () => {
  it("is the best of ours by quality, a region falling back to its language", () => {
    expect(negotiateLocale("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateLocale("en;q=0.5, fr;q=0.9")).toBe("fr");
    expect(negotiateLocale("es-MX")).toBe("es");
    expect(negotiateLocale("pt-PT,pt;q=0.9")).toBe("pt-BR");
    expect(negotiateLocale("zh-CN,zh;q=0.9")).toBe("zh-Hans");
    expect(negotiateLocale("ar-EG")).toBe("ar");
  });

  it("is none of ours for a language we do not have, Traditional Chinese, or nothing", () => {
    expect(negotiateLocale("nl-NL,nl;q=0.9")).toBeNull();
    expect(negotiateLocale("zh-TW")).toBeNull();
    expect(negotiateLocale("zh-Hant-HK, nl")).toBeNull();
    expect(negotiateLocale("")).toBeNull();
    expect(negotiateLocale(undefined)).toBeNull();
    expect(negotiateLocale("*")).toBeNull();
    expect(negotiateLocale("fr;q=0")).toBeNull();
  });
});
