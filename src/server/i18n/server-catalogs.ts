import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setupI18n, type Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import PO from "pofile";
import type { Locale } from "../../shared/i18n/locales";
import type { TranslateMessage } from "../../shared/i18n/translate";
import { pseudolocalizeCompiled } from "../../shared/i18n/pseudo";

// The words the server writes (API errors, e-mails, notifications) are messages of their own
// catalog, src/server/locales/{locale}/server.po (decision 057). Their ids are their English
// ICU text (marked `/*i18n*/` where written), so a message the catalog lacks still reads in
// English. A language's catalog is read and compiled the first time it is needed: a few dozen
// short messages, a millisecond.

// In the source tree the catalogs sit one folder up; the server build copies them beside its
// entry files, and this code may be in one of the entries or in a chunk one folder below them.
function catalogsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, "..", "locales"), path.join(here, "locales")]) {
    if (fs.existsSync(path.join(candidate, "en", "server.po"))) return candidate;
  }
  throw new Error("The server's message catalogs (locales/{locale}/server.po) were not found");
}

function readCatalog(locale: Locale): Messages {
  const po = PO.parse(fs.readFileSync(path.join(catalogsFolder(), locale, "server.po"), "utf8"));
  const messages: Messages = {};
  // A server started with PSEUDO_LOCALE set (the pseudo build of `npm run check:pseudo`) says its
  // English accented and longer, as the pseudo build's pages do.
  const pseudo = locale === "en" && Boolean(process.env.PSEUDO_LOCALE);
  for (const item of po.items) {
    const compiled = compileMessage(item.msgstr[0] || item.msgid);
    messages[item.msgid] = pseudo ? pseudolocalizeCompiled(compiled) : compiled;
  }
  return messages;
}

const translators = new Map<Locale, TranslateMessage>();

/** The server's words in a language: `translate(id, values)`, English for an id it does not know. */
export function serverTranslator(locale: Locale): TranslateMessage {
  let translate = translators.get(locale);
  if (!translate) {
    const messages = readCatalog(locale);
    const words = setupI18n({ locale, messages: { [locale]: messages } });
    translate = (id, values) =>
      id in messages
        ? words._(id, values)
        : // An id the catalog lacks (a reason a schema gives, made of data) is compiled as it comes,
          // and not kept: such words are few, and some come from elsewhere (a remote server's).
          words._({ id, message: compileMessage(id) as never, ...(values ? { values } : {}) });
    translators.set(locale, translate);
  }
  return translate;
}
