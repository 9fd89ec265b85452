import { describe, expect, it } from "vitest";
import { LOCALE_CODES } from "../../../shared/i18n/locales";
import { uppyLocale } from "./uppy-locale";

describe("Uppy's own words", () => {
  it("come in every language of ours but English, which is Uppy's own", async () => {
    expect(await uppyLocale("en")).toBeNull();
    for (const locale of LOCALE_CODES.filter((code) => code !== "en")) {
      const words = await uppyLocale(locale);
      expect(words?.strings.cancel, locale).toBeTruthy();
      expect(words?.strings.cancel, locale).not.toBe("Cancel");
    }
    expect((await uppyLocale("es"))?.strings.cancel).toBe("Cancelar");
  });

  it("load once per language, and a language we do not have is English", async () => {
    expect(uppyLocale("de")).toBe(uppyLocale("de"));
    expect(await uppyLocale("xx")).toBeNull();
  });
});
