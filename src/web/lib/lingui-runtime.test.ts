import fs from "node:fs";
import path from "node:path";
import { createElement, Fragment, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import PO from "pofile";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { setupI18n as linguiSetupI18n, type Messages } from "@lingui/core";
import { I18nProvider as LinguiI18nProvider, Trans as LinguiTrans } from "@lingui/react";
import { setupI18n } from "./lingui-core";
import { I18nProvider, Trans } from "./lingui-react";

// Here (Node, no Vite aliases) "@lingui/core" and "@lingui/react" are the packages themselves: the
// app's smaller runtime (decision 058) must say every message of every catalog as they do.

const LOCALES_DIR = path.resolve("src/web/locales");

/** Every catalog, compiled as Lingui's Vite plugin compiles it, by the English text (its source). */
function catalogs(): { locale: string; messages: Messages }[] {
  return fs.readdirSync(LOCALES_DIR).flatMap((locale) =>
    ["public.po", "members.po"].map((file) => {
      const po = PO.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, file), "utf8"));
      const messages: Messages = {};
      for (const item of po.items) messages[item.msgid] = compileMessage(item.msgstr[0] || item.msgid);
      return { locale, messages };
    }),
  );
}

/** The names of a compiled message's placeholders. */
function placeholders(tokens: unknown, names = new Set<string>()): Set<string> {
  if (!Array.isArray(tokens)) return names;
  for (const token of tokens) {
    if (!Array.isArray(token)) continue;
    const [name, , cases] = token as [string, string?, Record<string, unknown>?];
    names.add(name);
    if (cases && typeof cases === "object") Object.values(cases).forEach((value) => placeholders(value, names));
  }
  return names;
}

const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 102, 1000000];

describe("the app's Lingui runtime (src/web/lib/lingui-core.ts, lingui-react.ts)", () => {
  it("says every message of every catalog as Lingui does, whatever the numbers", () => {
    let said = 0;
    for (const { locale, messages } of catalogs()) {
      const theirs = linguiSetupI18n({ locale, messages: { [locale]: messages } });
      const ours = setupI18n({ locale, messages: { [locale]: messages } });
      for (const [id, message] of Object.entries(messages)) {
        const names = [...placeholders(message)];
        for (const n of NUMBERS) {
          const values = Object.fromEntries(names.map((name) => [name, n]));
          expect(ours._(id, values), `${locale} ${id} ${n}`).toBe(theirs._(id, values));
          said++;
        }
        expect(ours._({ id, values: { name: "Ember" } })).toBe(theirs._({ id, values: { name: "Ember" } }));
      }
    }
    expect(said).toBeGreaterThan(1000);
  });

  it("formats as Lingui does: select, ordinals, offsets, escapes, missing ids; numbers and dates asked for", () => {
    const source: Record<string, string> = {
      select: "{who, select, me {Mine} other {Theirs: {who}}}",
      ordinal: "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
      offset: "{n, plural, offset:1 =0 {Nobody} =1 {Only you} one {You and # other} other {You and # others}}",
      exact: "{n, plural, =0 {None} one {One} other {#}}",
      escaped: "Caf\\u00e9 \\x41",
    };
    const messages = Object.fromEntries(Object.entries(source).map(([id, text]) => [id, compileMessage(text)]));
    const when = new Date(Date.UTC(2026, 10, 28, 15, 4, 5));
    for (const locale of ["en", "ar", "ja", "de", "fr"]) {
      const theirs = linguiSetupI18n({ locale, messages: { [locale]: messages } });
      const ours = setupI18n({ locale, messages: { [locale]: messages } });
      for (const values of [
        { who: "me", n: 1, d: when },
        { who: "Ann", n: 2, d: when.toISOString() },
        { who: "x", n: 23, d: when },
        { n: 0.25 },
        { n: 1234567.891 },
      ]) {
        for (const id of [...Object.keys(source), "not in the catalog"])
          expect(ours._(id, values), `${locale} ${id}`).toBe(theirs._(id, values));
      }
      expect(ours._("unknown", {}, { message: "Fallback" })).toBe(theirs._("unknown", {}, { message: "Fallback" }));
      expect(ours.number(1234.5)).toBe(theirs.number(1234.5));
      expect(ours.number(0.5, { style: "percent" })).toBe(theirs.number(0.5, { style: "percent" }));
      expect(ours.date(when, { dateStyle: "medium" })).toBe(theirs.date(when, { dateStyle: "medium" }));
      expect(ours.date(when.toISOString())).toBe(theirs.date(when.toISOString()));
    }
  });

  it("says a value formatted inside a message ({n, number}, which npm run i18n:check refuses) as it is", () => {
    const ours = setupI18n({ locale: "de", messages: { de: { n: compileMessage("{n, number} / {d, date}") } } });
    expect(ours._("n", { n: 1234.5, d: "heute" })).toBe("1234.5 / heute");
  });

  it("tells its listeners of loads and changes of language, as Lingui's I18nProvider needs", () => {
    const ours = setupI18n({});
    const events: string[] = [];
    const stop = ours.on("change", () => events.push(ours.locale));
    ours.load("es", { hi: "Hola" });
    ours.activate("es");
    stop();
    ours.activate("en");
    expect(events).toEqual(["", "es"]);
    expect(ours.locale).toBe("en");
    expect(() => setupI18n({})._("hi")).toThrow();
    expect(setupI18n({ locale: "es", messages: { es: { hi: "Hola" } } })._("hi")).toBe("Hola");
  });

  it("renders <Trans> as Lingui's does: elements of the message, values that are elements, void tags", () => {
    const messages: Messages = {
      plain: compileMessage("Hello"),
      tags: compileMessage("Read <0>the guide</0>, then <1>start <2>now</2></1>.<3/>"),
      values: compileMessage("Hello {name}, you have {count, plural, one {# dragon} other {# dragons}}"),
      voidWithChildren: compileMessage("Broken <0>text</0> here"),
      undeclared: compileMessage("Missing <5>this</5> element"),
    };
    const components: Record<string, ReactElement | ReactElement[]> = {
      0: createElement("a", { href: "/guide" }),
      1: createElement("strong", { className: "x" }, "ignored"),
      2: createElement("em"),
      3: [createElement("br", { key: "a" }), createElement("hr", { key: "b" })],
    };
    const cases = [
      { id: "plain" },
      { id: "tags", components },
      { id: "values", values: { name: "Ann", count: 3 } },
      { id: "values", values: { name: createElement("b", null, "Ann"), count: 1 } },
      { id: "voidWithChildren", components: { 0: createElement("br") } },
      { id: "undeclared", components },
      { id: "not in the catalog", message: "Fallback <0>text</0>", components },
      {
        id: "plain",
        render: ({ translation }: { translation: unknown }) => createElement("i", null, translation as string),
      },
      {
        id: "plain",
        component: ({ children }: { children?: unknown }) => createElement("u", null, children as string),
      },
    ];
    for (const locale of ["en", "ar"]) {
      const theirs = linguiSetupI18n({ locale, messages: { [locale]: messages } });
      const ours = setupI18n({ locale, messages: { [locale]: messages } });
      for (const props of cases) {
        const expected = renderToStaticMarkup(
          createElement(
            LinguiI18nProvider,
            { i18n: theirs },
            createElement(Fragment, null, createElement(LinguiTrans, props as never)),
          ),
        );
        const actual = renderToStaticMarkup(
          createElement(I18nProvider, { i18n: ours as never }, createElement(Trans, props as never)),
        );
        expect(actual, `${locale} ${JSON.stringify(props)}`).toBe(expected);
      }
    }
  });
});
