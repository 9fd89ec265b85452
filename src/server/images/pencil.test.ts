import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderPencil } from "./pencil";

const W = 400;
const H = 300;

function svgPng(body: string, width = W, height = H): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** One grey value per pixel (PNG grey-scale decodes to RGB in sharp unless asked otherwise). */
async function greyPixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function regionMean(img: { data: Buffer; width: number }, x0: number, y0: number, x1: number, y1: number): number {
  let sum = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += img.data[y * img.width + x]!;
  return sum / ((x1 - x0) * (y1 - y0));
}

const colourful = () =>
  svgPng(
    `<rect width="${W}" height="${H}" fill="#3060c0"/><circle cx="120" cy="150" r="90" fill="#e03030"/>` +
      `<rect x="220" y="40" width="150" height="120" fill="#20b040"/><circle cx="300" cy="230" r="50" fill="#f0c020"/>`,
  );

describe("renderPencil", () => {
  it("keeps the input's size and writes a grey-scale PNG", async () => {
    const input = await colourful();
    const result = await renderPencil(input);
    expect(result.width).toBe(W);
    expect(result.height).toBe(H);
    const meta = await sharp(result.hires).metadata();
    expect(meta.format).toBe("png");
    expect([meta.width, meta.height]).toEqual([W, H]);
    if (meta.channels !== 1) {
      // Not a 1-channel PNG: every pixel must still be grey.
      const { data, info } = await sharp(result.hires).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      for (let i = 0; i < data.length; i += info.channels) {
        expect(data[i + 1]).toBe(data[i]);
        expect(data[i + 2]).toBe(data[i]);
      }
    }
  });

  it("makes a WebP preview, 800 px on the long side for large inputs and never enlarged", async () => {
    const large = await renderPencil(await svgPng(`<rect width="1000" height="600" fill="#c08040"/>`, 1000, 600));
    const largeMeta = await sharp(large.preview).metadata();
    expect(largeMeta.format).toBe("webp");
    expect([largeMeta.width, largeMeta.height]).toEqual([800, 480]);

    const small = await renderPencil(await colourful());
    const smallMeta = await sharp(small.preview).metadata();
    expect(smallMeta.format).toBe("webp");
    expect([smallMeta.width, smallMeta.height]).toEqual([W, H]);
  });

  it("turns transparent areas into white paper", async () => {
    // Left half fully transparent (its colour channels are black), right half opaque red.
    const input = await svgPng(`<rect x="200" width="200" height="${H}" fill="#c02020"/>`);
    expect((await sharp(input).metadata()).hasAlpha).toBe(true);
    const img = await greyPixels((await renderPencil(input)).hires);
    let min = 255;
    for (let y = 0; y < H; y++) for (let x = 0; x < 180; x++) min = Math.min(min, img.data[y * W + x]!);
    expect(min).toBeGreaterThanOrEqual(250);
  });

  it("draws flat areas as light paper and the edge between them as a dark stroke", async () => {
    for (const [left, right] of [
      ["#808080", "#ffffff"],
      ["#d02020", "#2040c0"],
      ["#808080", "#000000"],
    ]) {
      const input = await svgPng(
        `<rect width="200" height="${H}" fill="${left}"/><rect x="200" width="200" height="${H}" fill="${right}"/>`,
      );
      const img = await greyPixels((await renderPencil(input)).hires);
      // Flat mid-grey / colour: paper-ish light shading.
      expect(regionMean(img, 40, 50, 160, 250)).toBeGreaterThan(200);
      if (right !== "#000000") expect(regionMean(img, 240, 50, 360, 250)).toBeGreaterThan(190);
      // At the boundary every row has a clearly darker stroke.
      for (let y = 20; y < H - 20; y++) {
        let min = 255;
        for (let x = 195; x < 205; x++) min = Math.min(min, img.data[y * W + x]!);
        expect(min).toBeLessThan(160);
      }
    }
  });

  it("looks nothing like a plain grey-scale copy", async () => {
    const input = await colourful();
    const pencil = await greyPixels((await renderPencil(input)).hires);
    const plain = await greyPixels(await sharp(input).greyscale().png().toBuffer());
    let diff = 0;
    for (let i = 0; i < pencil.data.length; i++) diff += Math.abs(pencil.data[i]! - plain.data[i]!);
    expect(diff / pencil.data.length).toBeGreaterThan(20);
  });

  it("reads grey-scale and grey+alpha PNGs", async () => {
    const rgb = await colourful();
    for (const input of [
      await sharp(rgb).toColourspace("b-w").png().toBuffer(),
      await sharp(await svgPng(`<circle cx="200" cy="150" r="100" fill="#404040"/>`))
        .toColourspace("b-w")
        .png()
        .toBuffer(),
    ]) {
      expect((await sharp(input).metadata()).channels).toBeLessThanOrEqual(2);
      const result = await renderPencil(input);
      const img = await greyPixels(result.hires);
      expect([img.width, img.height]).toEqual([W, H]);
      expect(regionMean(img, 0, 0, 40, 40)).toBeGreaterThan(200);
    }
  });
});
