import { loadSharp } from "./sharp";
import { thinEdges, type Rgb } from "./edges";
import { OUTLINE_DETAIL_TONES } from "../../shared/grid/outline";

/** A template's outline version: its contours as lines on white paper (decision 073). */
export interface OutlineResult {
  /** PNG, 8-bit grey: white paper, each line as dark as the coarsest scale it is seen at. */
  hires: Buffer;
  /** WebP, long side at most 800 px. */
  preview: Buffer;
  width: number;
  height: number;
}

/** Working size, the long side in pixels: the canvas draws the paper from a bitmap this size. */
const WORK = 2048;
/** A line: a colour step of at least this many levels per pixel in the strongest channel. */
const EDGE = 24;
/** Blur before looking for edges, in working pixels: smooths a photo's grain, keeps corners. */
const BLUR = 1;
const PREVIEW_SIZE = 800;
/** The lines' softening, a Gaussian's sigma in working pixels. */
const SOFTEN = 0.8;

type Edges = Pick<Rgb, "width" | "height"> & { mask: Uint8Array };

/** Whether `edges` (at 1/`factor` of the working size) has an edge next to working pixel (x, y). */
function seenAt(edges: Edges, factor: number, x: number, y: number): boolean {
  const cx = Math.min(edges.width - 1, Math.floor(x / factor));
  const cy = Math.min(edges.height - 1, Math.floor(y / factor));
  for (let dy = -1; dy <= 1; dy++) {
    const row = cy + dy;
    if (row < 0 || row >= edges.height) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const column = cx + dx;
      if (column >= 0 && column < edges.width && edges.mask[row * edges.width + column]) return true;
    }
  }
  return false;
}

/** Each pixel the darkest of its 3 × 3 neighbourhood: a line one pixel across becomes three. */
function widen(tones: Uint8Array, width: number, height: number): Uint8Array {
  const across = new Uint8Array(tones.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let darkest = tones[row + x]!;
      if (x > 0 && tones[row + x - 1]! < darkest) darkest = tones[row + x - 1]!;
      if (x < width - 1 && tones[row + x + 1]! < darkest) darkest = tones[row + x + 1]!;
      across[row + x] = darkest;
    }
  }
  const out = new Uint8Array(tones.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let darkest = across[row + x]!;
      if (y > 0 && across[row - width + x]! < darkest) darkest = across[row - width + x]!;
      if (y < height - 1 && across[row + width + x]! < darkest) darkest = across[row + width + x]!;
      out[row + x] = darkest;
    }
  }
  return out;
}

/**
 * Draw the outline of `input` (a template's hi-res PNG: its bytes or a file holding them): its
 * edges, one pixel across, found at the working size and at a half and a quarter of it. A line
 * also seen at a quarter size is a main contour and drawn black; one seen at half size, a detail,
 * mid grey; one seen only at full size, a fine detail, light grey. The canvas shows the lines up
 * to the detail a learner chooses, all in one dark tone (shared/grid/outline.ts), so the detail
 * can change without the server drawing again.
 */
export async function renderOutline(input: Buffer | string): Promise<OutlineResult> {
  const sharp = await loadSharp();
  const base = await sharp(input, { limitInputPixels: false })
    .flatten({ background: "#ffffff" })
    .resize({ width: WORK, height: WORK, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = base.info;
  const raw = { width, height, channels: 3 as const };
  const scaled = async (factor: number) => {
    const { data, info } = await sharp(base.data, { raw })
      .resize({ width: Math.max(8, Math.round(width / factor)), height: Math.max(8, Math.round(height / factor)) })
      .blur(BLUR)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
    return { ...rgb, mask: thinEdges(rgb, EDGE) };
  };
  const [fine, half, quarter] = await Promise.all([scaled(1), scaled(2), scaled(4)]);

  const tones = new Uint8Array(width * height).fill(255);
  const [main, detail, fineDetail] = OUTLINE_DETAIL_TONES;
  const quarterFactor = width / quarter.width;
  const halfFactor = width / half.width;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!fine.mask[i]) continue;
      tones[i] = seenAt(quarter, quarterFactor, x, y) ? main : seenAt(half, halfFactor, x, y) ? detail : fineDetail;
    }
  // Five pixels across at the working size: still a line where a phone shows the whole paper at a
  // fifth of it, and a pencil line's width on a printed page.
  const lines = widen(widen(tones, width, height), width, height);
  const grey = { raw: { width, height, channels: 1 as const } };
  const [hires, preview] = await Promise.all([
    // Softened by a fraction of a pixel, so a line keeps smooth edges where the cell viewer
    // enlarges it (the tone tables fade with it: shared/grid/outline.ts).
    sharp(lines, grey).blur(SOFTEN).toColourspace("b-w").png({ compressionLevel: 6 }).toBuffer(),
    sharp(lines, grey)
      .toColourspace("b-w")
      .resize({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer(),
  ]);
  return { hires, preview, width, height };
}
