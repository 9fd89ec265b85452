import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderOutline } from "./outline";
import { OUTLINE_DETAIL_TONES, OUTLINE_DETAILS, outlineToneTable } from "../../shared/grid/outline";

const sample = (file: string) => fs.readFileSync(path.resolve("assets/samples", file));

/** The outline's pixels: a one-channel PNG, read one grey byte each. */
async function pixels(png: Buffer) {
  expect((await sharp(png).metadata()).channels).toBe(1);
  const { data, info } = await sharp(png).toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  return { data, width: info.width, height: info.height };
}

/** How many pixels the outline shows at `detail`. */
function shownAt(data: Uint8Array, detail: (typeof OUTLINE_DETAILS)[number]): number {
  const table = outlineToneTable(detail);
  return data.reduce((sum, value) => sum + (table[value]! < 128 ? 1 : 0), 0);
}

describe("a template's outline (decision 073)", () => {
  it("draws a filled square as its four sides, nothing inside or outside", async () => {
    const square = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#ffffff" } })
      .composite([
        {
          input: await sharp({ create: { width: 200, height: 150, channels: 3, background: "#1d6b4f" } })
            .png()
            .toBuffer(),
          left: 100,
          top: 75,
        },
      ])
      .png()
      .toBuffer();
    const outline = await renderOutline(square);
    expect([outline.width, outline.height]).toEqual([400, 300]);
    const { data, width } = await pixels(outline.hires);
    const at = (x: number, y: number) => data[y * width + x]!;
    // The sides are main contours (seen at every scale); the middle and the paper stay white.
    for (const [x, y] of [
      [100, 150],
      [299, 150],
      [200, 75],
      [200, 224],
    ] as const)
      expect(Math.min(at(x - 1, y - 1), at(x, y), at(x + 1, y + 1), at(x - 1, y + 1), at(x + 1, y - 1))).toBe(
        OUTLINE_DETAIL_TONES[0],
      );
    expect(at(200, 150)).toBe(255);
    expect(at(30, 30)).toBe(255);
    expect(at(370, 270)).toBe(255);
  });

  it("shows more lines at each detail, and is the same every time", async () => {
    const dragon = sample("jade-sky-dragon.png");
    const first = await renderOutline(dragon);
    expect((await renderOutline(dragon)).hires.equals(first.hires)).toBe(true);
    const { data } = await pixels(first.hires);
    const [main, some, all] = OUTLINE_DETAILS.map((detail) => shownAt(data, detail));
    expect(main).toBeGreaterThan(0);
    expect(some).toBeGreaterThan(main!);
    expect(all).toBeGreaterThan(some!);
    // Lines, not areas: even every detail covers a small part of the picture.
    expect(all! / data.length).toBeLessThan(0.3);
  });

  it("keeps the picture's proportions at most 2048 px on its long side, with a preview", async () => {
    const tall = await sharp(sample("emerald-dragon.png"))
      .resize({ width: 1500, height: 3000, fit: "fill" })
      .png()
      .toBuffer();
    const outline = await renderOutline(tall);
    expect([outline.width, outline.height]).toEqual([1024, 2048]);
    const preview = await sharp(outline.preview).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual(["webp", 400, 800]);
  });

  it("draws a blank picture as blank paper", async () => {
    const blank = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const { data } = await pixels((await renderOutline(blank)).hires);
    expect(data.every((value) => value === 255)).toBe(true);
  });

  it("refuses what is not a picture", async () => {
    await expect(renderOutline(Buffer.from("not a picture"))).rejects.toThrow();
  });
});

describe("the outline's detail", () => {
  it("shows the main contours at 1, details too at 2, everything at 3, in one dark tone", () => {
    const [main, detail, fine] = OUTLINE_DETAIL_TONES;
    const tables = OUTLINE_DETAILS.map(outlineToneTable);
    for (const table of tables) expect(table[255]).toBe(255);
    expect(tables.map((table) => table[main])).toEqual([40, 40, 40]);
    expect(tables.map((table) => table[detail])).toEqual([255, 40, 40]);
    expect(tables.map((table) => table[fine])).toEqual([255, 255, 40]);
    // A line's softened edge fades from the line's tone to the paper, never back.
    for (const table of tables) for (let i = 1; i < 256; i++) expect(table[i]!).toBeGreaterThanOrEqual(table[i - 1]!);
    expect(tables[2]![Math.floor((fine + 255) / 2) - 10]).toBeGreaterThan(40);
    expect(tables[2]![Math.floor((fine + 255) / 2) - 10]).toBeLessThan(255);
  });
});
