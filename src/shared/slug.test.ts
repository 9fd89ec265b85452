import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SLUG_MAX, SLUG_PATTERN, numberedSlug, slugify } from "./slug";

// Titles as people write them: ASCII, accented Latin, other scripts, emoji, punctuation, spaces.
const titleCharacter = fc.oneof(
  fc.constantFrom(..."abcXYZ019 -_.,!?'\"&/\\:;()[]"),
  fc.constantFrom(..."éèêëàâäîïôöûüçñåøæœßðþłđıİÉÀÇÑÅØÆŒ"),
  fc.constantFrom("日本", "дракон", "ドラゴン", "🐉", "👨‍👩‍👧", "\u00A0", "\t", "\u0301", "ﬁ", "①"),
);
const title = fc.array(titleCharacter, { maxLength: 120 }).map((parts) => parts.join(""));
const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);

describe("slugify", () => {
  it.each([
    ["How to Draw a Dragon", "how-to-draw-a-dragon"],
    ["  Crème brûlée — déjà vu!  ", "creme-brulee-deja-vu"],
    ["Straße & Smørrebrød", "strasse-smorrebrod"],
    ["Łódź, Þór, Æsir, Œuvre, İstanbul", "lodz-thor-aesir-oeuvre-istanbul"],
    ["C++ / C# -- tips", "c-c-tips"],
    ["10 Tips: Grid Method (Part 2)", "10-tips-grid-method-part-2"],
    ["🐉🐉🐉", ""],
    ["日本のドラゴン", ""],
    ["---", ""],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("cuts at 80 characters without leaving a hyphen at the end", () => {
    const slug = slugify(`${"a".repeat(79)} b c`);
    expect(slug).toBe("a".repeat(79));
    expect(slugify("word ".repeat(40))).toHaveLength(79);
  });

  it("is a valid slug or empty, at most 80 characters, for any title", () => {
    fc.assert(
      fc.property(title, (value) => {
        const slug = slugify(value);
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
        if (slug !== "") expect(slug).toMatch(SLUG_PATTERN);
      }),
      { numRuns: 2000 },
    );
  });

  it("is idempotent: a slug is its own slug", () => {
    fc.assert(
      fc.property(title, (value) => {
        expect(slugify(slugify(value))).toBe(slugify(value));
      }),
      { numRuns: 1000 },
    );
  });

  it("joins plain lower-case words with single hyphens, whatever separates them", () => {
    const separator = fc.stringMatching(/^[ \-_.,!?/&:;]{1,4}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), separator, (words, sep) => {
        expect(slugify(words.join(sep))).toBe(words.join("-"));
      }),
    );
  });

  it("ignores case and accents: a title and its upper-case, accented twin give one slug", () => {
    const accent: Record<string, string> = { a: "á", e: "è", i: "î", o: "ö", u: "ú", c: "ç", n: "ñ" };
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        const plain = words.join(" ");
        const twin = plain.replace(/[aeioucn]/g, (c) => accent[c]!).toUpperCase();
        expect(slugify(twin)).toBe(slugify(plain));
      }),
    );
  });

  it("keeps every ASCII letter and digit of the title, in order", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ -~]{0,70}$/), (value) => {
        expect(slugify(value).replace(/-/g, "")).toBe(value.toLowerCase().replace(/[^a-z0-9]/g, ""));
      }),
    );
  });
});

describe("numberedSlug", () => {
  it("numbers from 2 and keeps within 80 characters", () => {
    expect(numberedSlug("dragon", 1)).toBe("dragon");
    expect(numberedSlug("dragon", 2)).toBe("dragon-2");
    const long = slugify("word ".repeat(40));
    expect(numberedSlug(long, 12)).toBe(`${"word-".repeat(15)}wo-12`);
    expect(numberedSlug(long, 12)).toHaveLength(SLUG_MAX);
  });

  it("gives a distinct valid slug for every number", () => {
    fc.assert(
      fc.property(title, fc.integer({ min: 2, max: 10_000 }), (value, n) => {
        const base = slugify(value) || "post";
        const numbered = numberedSlug(base, n);
        expect(numbered).toMatch(SLUG_PATTERN);
        expect(numbered.length).toBeLessThanOrEqual(SLUG_MAX);
        expect(numbered).not.toBe(base);
        expect(numbered.endsWith(`-${n}`)).toBe(true);
      }),
    );
  });
});
