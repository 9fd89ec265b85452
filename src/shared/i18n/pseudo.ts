// Pseudo-localization (issue 44's check, `npm run check:pseudo`): a build whose English words are
// all accented and about 40 % longer, so a word that does not go through a message stands out (it
// is still plain ASCII) and a control too small for a longer language clips. Only a build made with
// PSEUDO_LOCALE set uses it; see docs/translating.md.

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
// One accented letter for each: every ASCII letter changes, so a run of plain letters on a pseudo
// page is a word that was never a message.
const ACCENTED = "áƀçďëƒĝĥíĵķļɱñöþǫŕšţúṽŵẋýžÁƁÇĎËƑĜĤÍĴĶĻṀÑÖÞǪŔŠŢÚṼŴẊÝŽ";
const LETTERS = new Map([...PLAIN].map((letter, index) => [letter, [...ACCENTED][index]!]));

// Kept as they are inside a compiled message's text: Lingui's tags (<0>, </0>, <0/>), which
// wrap links and bold words, and HTML entities.
const KEPT = /(<\/?\d+\s*\/?>|&[a-z]+;|&#\d+;)/;

/** How much longer a message's words become. */
const LONGER = 0.4;

/**
 * One piece of a message's literal text, accented and padded: "Mark done" → "Ṁáŕķ ďöñë ····".
 * Text without letters (", ", "#", " / ") stays as it is, and so do tags and entities.
 */
export function pseudolocalizeText(text: string): string {
  let letters = 0;
  const accented = text
    .split(KEPT)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : [...part]
            .map((char) => {
              const changed = LETTERS.get(char);
              if (changed) letters++;
              return changed ?? char;
            })
            .join(""),
    )
    .join("");
  if (letters === 0) return text;
  // The padding goes before trailing spaces, so the words after a placeholder keep their spacing.
  const padding = "·".repeat(Math.max(1, Math.ceil(letters * LONGER) - 1));
  const [, body = "", trailing = ""] = /^([\s\S]*?)(\s*)$/.exec(accented) ?? [];
  return `${body} ${padding}${trailing}`;
}

/**
 * A compiled message (Lingui's: a string, or tokens that are strings or [name, type?, choices])
 * with every literal piece pseudolocalized: placeholders, plural and select arguments and their
 * keys stay; the words inside each choice change. "#" (a plural's number) is a token of its own and
 * has no letters, so it stays. A format's style ([name, "date", "short"]) stays too.
 */
export function pseudolocalizeCompiled<T>(message: T): T {
  if (typeof message === "string") return pseudolocalizeText(message) as T;
  if (!Array.isArray(message)) return message;
  return message.map((token: unknown) => {
    if (typeof token === "string") return pseudolocalizeText(token);
    if (!Array.isArray(token)) return token;
    const [name, type, choices, ...rest] = token as unknown[];
    if (!choices || typeof choices !== "object") return token;
    // A plural's `offset` is a number, not a choice; it stays.
    const changed = Object.fromEntries(
      Object.entries(choices).map(([key, choice]) => [key, pseudolocalizeCompiled(choice)]),
    );
    return [name, type, changed, ...rest];
  }) as T;
}

/** Every message of a compiled catalog (id → compiled message), pseudolocalized. */
export function pseudolocalizeCatalog<T>(messages: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, pseudolocalizeCompiled(message)]));
}
