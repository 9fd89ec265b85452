import { loadSharp } from "./sharp";
import { thinEdges, type Rgb } from "./edges";
import type { TemplateLevel } from "../../shared/dragons/levels";

// How much there is to draw in a template, as a level from 1 (a simple shape) to 5 (detailed line
// art), computed from its picture (decision 072). The picture is read at a fixed working size, so
// the same drawing gets the same level whatever its resolution, and the grid a learner copies it
// with is taken as eight squares along its long side.

/** Working size: the long side, in pixels. */
const WORK = 400;
/** Squares along the long side, and so a square's side in working pixels. */
const SQUARES = 8;
const SQUARE = WORK / SQUARES;
/** How far from white a pixel is drawn on (largest channel difference, 0–255). */
const DRAWN = 28;
/** An edge: a colour step of at least this many levels per pixel (the strongest channel). */
const EDGE = 30;
/** A separate shape: a region bounded by edges of at least this many working pixels. */
const MIN_SHAPE = 24;

/** What the level is made of: each is reported with the level so an admin can see why. */
export interface LevelMeasure {
  /** Contour length per square that holds some drawing, in square sides. */
  contourPerSquare: number;
  /** Separate shapes: regions of the drawing bounded by its edges. */
  shapes: number;
  /** Share of the contour that is fine detail: gone when the picture is seen four times smaller. */
  fineDetail: number;
  /** The three combined, 0 (nothing) upwards. */
  score: number;
  level: TemplateLevel;
}

const count = (mask: Uint8Array) => mask.reduce((sum, on) => sum + on, 0);

/**
 * Separate shapes: regions bounded by the edges (widened by one pixel) of at least `MIN_SHAPE`
 * pixels, drawn on or enclosed, not the paper around the drawing (what touches the picture's border).
 */
function shapes(width: number, height: number, edge: Uint8Array): number {
  const open = new Uint8Array(width * height).fill(1);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (edge[y * width + x])
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < width && ny < height) open[ny * width + nx] = 0;
          }
  let found = 0;
  const stack: number[] = [];
  for (let start = 0; start < open.length; start++) {
    if (!open[start]) continue;
    open[start] = 0;
    stack.push(start);
    let size = 0;
    let paper = false;
    while (stack.length > 0) {
      const i = stack.pop()!;
      size++;
      const x = i % width;
      if (x === 0 || x === width - 1 || i < width || i >= open.length - width) paper = true;
      for (const next of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (next >= 0 && next < open.length && open[next]) {
          open[next] = 0;
          stack.push(next);
        }
      }
    }
    if (size >= MIN_SHAPE && !paper) found++;
  }
  return found;
}

/** Squares of the eight-along grid that hold some drawing. */
function drawnSquares({ width, height, data }: Rgb): number {
  let squares = 0;
  for (let top = 0; top < height; top += SQUARE)
    for (let left = 0; left < width; left += SQUARE) {
      let drawn = 0;
      let all = 0;
      for (let y = top; y < Math.min(height, top + SQUARE); y++)
        for (let x = left; x < Math.min(width, left + SQUARE); x++) {
          const i = (y * width + x) * 3;
          all++;
          if (Math.max(255 - data[i]!, 255 - data[i + 1]!, 255 - data[i + 2]!) > DRAWN) drawn++;
        }
      if (drawn > all * 0.02) squares++;
    }
  return Math.max(1, squares);
}

/** The level's thresholds on the score (decision 072): from level 2 up. */
const LEVEL_FROM = [3.2, 3.9, 4.5, 5.15];

export function levelOfScore(score: number): TemplateLevel {
  return (1 + LEVEL_FROM.filter((from) => score >= from).length) as TemplateLevel;
}

/** Read `image` (bytes or a file, any format sharp reads) at the working size, on white. */
async function working(image: Buffer | string, side: number): Promise<Rgb> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image, { limitInputPixels: false })
    .flatten({ background: "#ffffff" })
    .resize({ width: side, height: side, fit: "inside" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** The level of a template's picture, and the measures it comes from. */
export async function measureLevel(image: Buffer | string): Promise<LevelMeasure> {
  const [fine, coarse] = await Promise.all([working(image, WORK), working(image, WORK / 4)]);
  const fineEdges = thinEdges(fine, EDGE);
  const contour = count(fineEdges);
  const coarseContour = count(thinEdges(coarse, EDGE)) * 4;
  const contourPerSquare = contour / drawnSquares(fine) / SQUARE;
  const found = shapes(fine.width, fine.height, fineEdges);
  const fineDetail = contour > 0 ? Math.max(0, Math.min(1, 1 - coarseContour / contour)) : 0;
  const score = 1 + Math.log2(1 + contourPerSquare) + Math.log2(found + 1) / 2 + 2 * fineDetail;
  return { contourPerSquare, shapes: found, fineDetail, score, level: levelOfScore(score) };
}
