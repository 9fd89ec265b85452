import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { levelOfScore, measureLevel } from "./template-level";
import { renderPencil } from "./pencil";
import { TEMPLATE_LEVELS } from "../../shared/dragons/levels";

const SAMPLES = path.resolve("assets/samples");
const sample = (file: string) => fs.readFileSync(path.join(SAMPLES, file));

/** The same dragon as one black shape: every pixel drawn on, filled. */
async function silhouetteOf(image: Buffer): Promise<Buffer> {
  return sharp(image).flatten({ background: "#ffffff" }).greyscale().threshold(245).png().toBuffer();
}

describe("a template's level (decision 072)", () => {
  it("is the same for the same picture, at any resolution", async () => {
    const jade = sample("jade-sky-dragon.png");
    const first = await measureLevel(jade);
    expect(await measureLevel(jade)).toEqual(first);
    const half = await sharp(jade).resize(800).png().toBuffer();
    expect((await measureLevel(half)).level).toBe(first.level);
  });

  it("rates a silhouette lower than the same dragon as detailed line art", async () => {
    const emerald = sample("emerald-dragon.png");
    const silhouette = await measureLevel(await silhouetteOf(emerald));
    const lineArt = await measureLevel((await renderPencil(emerald)).hires);
    expect(silhouette.shapes).toBeLessThan(lineArt.shapes);
    expect(silhouette.contourPerSquare).toBeLessThan(lineArt.contourPerSquare);
    expect(silhouette.level).toBeLessThan(lineArt.level);
    expect(silhouette.level).toBe(1);
  });

  it("spreads the bundled templates over all five levels", async () => {
    const samples = JSON.parse(fs.readFileSync(path.join(SAMPLES, "samples.json"), "utf8")) as { file: string }[];
    const levels = new Map<number, number>();
    for (const { file } of samples) {
      const { level } = await measureLevel(sample(file));
      levels.set(level, (levels.get(level) ?? 0) + 1);
    }
    expect(samples.length).toBeGreaterThanOrEqual(36);
    // Every level has at least three templates to choose from.
    for (const level of TEMPLATE_LEVELS) expect(levels.get(level) ?? 0).toBeGreaterThanOrEqual(3);
  });

  it("takes its level from the score's thresholds", () => {
    expect(levelOfScore(0)).toBe(1);
    expect(levelOfScore(3.19)).toBe(1);
    expect(levelOfScore(3.2)).toBe(2);
    expect(levelOfScore(4.5)).toBe(4);
    expect(levelOfScore(9)).toBe(5);
  });

  it("rates a blank picture level 1", async () => {
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(await measureLevel(blank)).toMatchObject({ level: 1, shapes: 0, contourPerSquare: 0 });
  });
});
