// From the photo to the paper: a perspective transform (homography) fixed by the grid's four corners,
// and the photo sampled through it onto a raster of the paper at a few pixels per millimetre.
import { apply, homography, type Point } from "./homography";
import { pixelWords, type RgbaImage } from "./raster";

export type { Point };

/** The grid's outer corners in the photo, in pixels: top-left, top-right, bottom-right, bottom-left of the paper. */
export type Corners = [Point, Point, Point, Point];

/** Where each point of the paper (millimetres from its top-left corner) lies in the photo. */
export function paperToPhoto(corners: Corners, widthMm: number, heightMm: number): (xMm: number, yMm: number) => Point {
  const h = homography(rectangle(0, 0, widthMm, heightMm), corners);
  if (!h) throw new RangeError("The corners do not make a quadrilateral");
  return (x, y) => apply(h, x, y);
}

const rectangle = (x: number, y: number, width: number, height: number): Point[] => [
  { x, y },
  { x: x + width, y },
  { x: x + width, y: y + height },
  { x, y: y + height },
];

/**
 * Is the quadrilateral a plausible sheet: convex, its corners clockwise on the photo (a photo turned
 * any way keeps them so; two handles swapped would mirror the paper), not a sliver?
 */
export function isPlausibleQuad(corners: Corners): boolean {
  for (let i = 0; i < 4; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % 4]!;
    const c = corners[(i + 2) % 4]!;
    // y grows downwards: a clockwise turn on screen is a positive cross product.
    if ((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) <= 0) return false;
  }
  const area =
    Math.abs(corners.reduce((sum, p, i) => sum + p.x * corners[(i + 1) % 4]!.y - corners[(i + 1) % 4]!.x * p.y, 0)) / 2;
  return area > 400;
}

/**
 * The paper as the photo shows it, straightened: `pxPerMm` pixels per millimetre, bilinear samples
 * of the photo, with `marginPx` more on every side (corners placed a little inside the grid still
 * leave its outer lines on the raster); outside the photo is white.
 */
export function straighten(
  photo: RgbaImage,
  corners: Corners,
  widthMm: number,
  heightMm: number,
  pxPerMm: number,
  marginPx = 0,
): RgbaImage {
  const paperWidth = widthMm * pxPerMm;
  const paperHeight = heightMm * pxPerMm;
  const width = Math.max(1, Math.round(paperWidth) + 2 * marginPx);
  const height = Math.max(1, Math.round(paperHeight) + 2 * marginPx);
  const transform = homography(rectangle(marginPx, marginPx, paperWidth, paperHeight), corners);
  if (!transform) throw new RangeError("The corners do not make a quadrilateral");
  const [a, b, c, d, e, f, g, h] = transform;
  const out = new Uint8ClampedArray(width * height * 4);
  const { width: pw, height: ph } = photo;
  const words = pixelWords(photo);
  /** One channel (0 red, 8 green, 16 blue) between the four pixels round (x, y), bilinear. */
  const between = (p00: number, p01: number, p10: number, p11: number, shift: number, fx: number, fy: number) => {
    const c00 = (p00 >>> shift) & 0xff;
    const c10 = (p10 >>> shift) & 0xff;
    const top = c00 + (((p01 >>> shift) & 0xff) - c00) * fx;
    const bottom = c10 + (((p11 >>> shift) & 0xff) - c10) * fx;
    return top + (bottom - top) * fy;
  };
  for (let v = 0; v < height; v++) {
    const vc = v + 0.5;
    for (let u = 0; u < width; u++) {
      const uc = u + 0.5;
      const w = g * uc + h * vc + 1;
      const x = (a * uc + b * vc + c) / w - 0.5;
      const y = (d * uc + e * vc + f) / w - 0.5;
      const o = (v * width + u) * 4;
      if (!(x >= 0 && y >= 0 && x < pw - 1 && y < ph - 1)) {
        out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 255;
        continue;
      }
      const x0 = x | 0;
      const y0 = y | 0;
      const fx = x - x0;
      const fy = y - y0;
      const p = y0 * pw + x0;
      const p00 = words[p]!;
      const p01 = words[p + 1]!;
      const p10 = words[p + pw]!;
      const p11 = words[p + pw + 1]!;
      out[o] = between(p00, p01, p10, p11, 0, fx, fy);
      out[o + 1] = between(p00, p01, p10, p11, 8, fx, fy);
      out[o + 2] = between(p00, p01, p10, p11, 16, fx, fy);
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}
