import { describe, expect, it } from "vitest";
import { setupI18n, type Messages } from "@lingui/core";
import { LOCALE_CODES } from "../../../shared/i18n/locales";
import { uppyStrings } from "./uppy-strings";

const CATALOGS = import.meta.glob<{ messages: Messages }>("../../locales/*/members.po");

async function wordsIn(locale: string) {
  const { messages } = await CATALOGS[`../../locales/${locale}/members.po`]!();
  return uppyStrings(setupI18n({ locale, messages: { [locale]: messages } }));
}

describe("the upload widget's words that Uppy's locales lack", () => {
  it("are in every language, with Uppy's own placeholders kept", async () => {
    const english = await wordsIn("en");
    expect(english.pluginNameUrl).toBe("Link");
    expect(english.dropPasteFiles).toBe("Drop files here or %{browseFiles}");
    for (const locale of LOCALE_CODES.filter((code) => code !== "en")) {
      const words = await wordsIn(locale);
      expect(Object.keys(words)).toEqual(Object.keys(english));
      for (const [key, text] of Object.entries(words)) {
        // In another script every word differs from the English; in a Latin one some are the same ("Error").
        if (["ar", "ja", "zh-Hans"].includes(locale)) expect(text, `${locale} ${key}`).not.toBe(english[key]);
        // Uppy fills %{name}-style places itself; a translation keeps each one.
        expect(text.match(/%\{\w+\}/g) ?? [], `${locale} ${key}`).toEqual(english[key]!.match(/%\{\w+\}/g) ?? []);
      }
    }
  });

  it("tell a link that could not be fetched in our words, not Uppy's (which name its server, Companion)", async () => {
    for (const locale of LOCALE_CODES) expect((await wordsIn(locale)).failedToFetch).not.toMatch(/Companion/);
  });
});
