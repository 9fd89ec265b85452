import { describe, expect, it } from "vitest";
import { COMMENT_MAX, commentSchema } from "./posts";
import { characterCount, upToCharacters } from "./text";

describe("counting characters as the schemas do", () => {
  it("counts an emoji as one, and cuts a text to what the schema accepts", () => {
    const dragons = "🐉".repeat(COMMENT_MAX + 5);
    expect(characterCount("🐉é")).toBe(2);
    const cut = upToCharacters(dragons, COMMENT_MAX);
    expect(characterCount(cut)).toBe(COMMENT_MAX);
    expect(commentSchema.safeParse({ text: cut }).success).toBe(true);
    expect(commentSchema.safeParse({ text: `${cut}a` }).success).toBe(false);
    // No emoji is cut in half.
    expect(cut.endsWith("🐉")).toBe(true);
    expect(upToCharacters("short", 10)).toBe("short");
  });
});
