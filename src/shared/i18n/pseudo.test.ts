import { compileMessage } from "@lingui/message-utils/compileMessage";
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { pseudolocalizeCompiled, pseudolocalizeText } from "./pseudo";

describe("the pseudo-locale's English", () => {
  it("is accented and about 40 % longer", () => {
    const text = "Mark this square as done";
    const pseudo = pseudolocalizeText(text);
    expect(pseudo).not.toMatch(/[A-Za-z]{3}/);
    expect(pseudo.length).toBeGreaterThanOrEqual(text.length * 1.3);
  });

  it("keeps placeholders, plurals and tags working", () => {
    const id = "{name} and {others, plural, one {# other} other {# others}} liked <0>your dragon</0>";
    const i18n = setupI18n({ locale: "en", messages: { en: { [id]: pseudolocalizeCompiled(compileMessage(id)) } } });
    const said = i18n._(id, { name: "Ana", others: 2 });
    expect(said).toContain("Ana");
    expect(said).toContain("2");
    expect(said).toContain("<0>");
    expect(said).toContain("</0>");
    expect(said).not.toMatch(/others|liked|dragon/);
  });
});
