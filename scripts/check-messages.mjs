// `npm run i18n:check` (CI runs it): the catalogs say what the code says, in every language.
// - The catalogs are up to date with the code: extracting again changes nothing (a message added
//   in the code and not extracted, or one removed from the code and still in the catalogs, fails).
// - Every message is translated in every language.
// - A translation has the English message's placeholders ({name}), tags (<0>…</0>) and plural
//   arguments, no others, and every plural form its language needs (Intl.PluralRules).
// - Every translation is valid ICU MessageFormat.
// Decision 056. On a failure after extraction, the extracted catalogs are left in place to commit.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import PO from "pofile";
import { parse } from "@messageformat/parser";

// The web's catalogs and the server's (decision 057).
const LOCALES_DIRS = ["src/web/locales", "src/server/locales"];
const SOURCE = "en";
const problems = [];

/** Every PO file under the catalogs' folders, by locale. */
function catalogFiles() {
  return LOCALES_DIRS.flatMap((dir) =>
    fs.readdirSync(dir).flatMap((locale) =>
      fs
        .readdirSync(path.join(dir, locale))
        .filter((name) => name.endsWith(".po"))
        .map((name) => ({ locale, name, file: path.join(dir, locale, name) })),
    ),
  );
}

// The header's creation date changes at every extraction; nothing else may.
const withoutDate = (text) => text.replace(/^"POT-Creation-Date: .*\\n"\n/m, "");

// 1. Up to date with the code.
const before = new Map(catalogFiles().map(({ file }) => [file, fs.readFileSync(file, "utf8")]));
execFileSync("npx", ["lingui", "extract", "--clean"], { stdio: "ignore" });
const stale = catalogFiles().filter(
  ({ file }) => withoutDate(fs.readFileSync(file, "utf8")) !== withoutDate(before.get(file) ?? ""),
);
if (stale.length) {
  problems.push(
    `Catalogs out of date with the code (now extracted; translate and commit them): ${stale.map((s) => s.file).join(", ")}`,
  );
} else {
  for (const [file, text] of before) fs.writeFileSync(file, text);
}

/** What a message's words depend on: its arguments, its plural/select arguments, its tags. */
function shape(message) {
  const args = new Set();
  const plurals = new Map();
  const visit = (tokens) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") args.add(token.arg);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        args.add(token.arg);
        if (token.type !== "select") plurals.set(token.arg, new Set(token.cases.map((c) => c.key)));
        for (const c of token.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(message));
  const tags = new Set([...message.matchAll(/<(\d+)\/?>/g)].map((m) => m[1]));
  return { args, plurals, tags };
}

// French, Spanish and Portuguese have a "many" form only for millions ("1 000 000 de cases"), which no
// count in the app reaches; their translations may leave it out.
const OPTIONAL_FORMS = { fr: ["many"], es: ["many"], "pt-BR": ["many"] };

const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));

/** Whether a message formats an argument itself ({n, number}, {d, date}, {t, time}). */
const formatsArgument = (tokens) =>
  tokens.some((token) => token.type === "function" || (token.cases ?? []).some((c) => formatsArgument(c.tokens)));

// 5. No argument formatted inside a message: the app's Lingui runtime (src/web/lib/lingui-core.ts,
// decision 058) leaves that out; format with i18n.number() or i18n.date() and pass the text.
for (const { locale, name, file } of catalogFiles()) {
  for (const item of PO.parse(fs.readFileSync(file, "utf8")).items) {
    for (const text of [item.msgid, item.msgstr[0] ?? ""]) {
      let tokens;
      try {
        tokens = parse(text);
      } catch {
        continue; // reported below, or by Lingui itself
      }
      if (formatsArgument(tokens))
        problems.push(
          `${locale}/${name}: "${item.msgid.slice(0, 70)}" formats an argument ({x, number|date|time}): use i18n.number() or i18n.date() and pass the text (decision 058)`,
        );
    }
  }
}

// 2–4. Translated, same placeholders, every plural form, valid.
for (const { locale, name, file } of catalogFiles()) {
  if (locale === SOURCE) continue;
  const po = PO.parse(fs.readFileSync(file, "utf8"));
  const needed = new Intl.PluralRules(locale)
    .resolvedOptions()
    .pluralCategories.filter((form) => !(OPTIONAL_FORMS[locale] ?? []).includes(form));
  for (const item of po.items) {
    const where = `${locale}/${name}: "${item.msgid.slice(0, 70)}"`;
    const translation = item.msgstr[0] ?? "";
    if (!translation.trim()) {
      problems.push(`${where} is not translated`);
      continue;
    }
    let english, translated;
    try {
      english = shape(item.msgid);
    } catch {
      continue; // not ICU in English (reported by Lingui itself when compiling)
    }
    try {
      translated = shape(translation);
    } catch (error) {
      problems.push(`${where}: the translation is not valid ICU (${error.message})`);
      continue;
    }
    if (!sameSet(english.args, translated.args))
      problems.push(`${where}: placeholders {${[...translated.args]}} differ from English {${[...english.args]}}`);
    if (!sameSet(english.tags, translated.tags))
      problems.push(`${where}: tags <${[...translated.tags]}> differ from English <${[...english.tags]}>`);
    for (const [arg, forms] of translated.plurals) {
      const missing = needed.filter((form) => !forms.has(form) && !forms.has(`=${form}`));
      if (missing.length) problems.push(`${where}: {${arg}} lacks the plural forms ${missing.join(", ")}`);
    }
  }
}

if (problems.length) {
  console.error(`Messages: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log("Messages: every catalog is up to date, translated and consistent in every language.");
