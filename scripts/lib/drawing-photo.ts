// A phone photo of a learner's drawing of a real template, made in software for the drawing check's
// journeys: the template placed on the paper as the canvas places it, its outlines drawn in pencil
// on a printed grid page (the app's own PDF page, or one drawn like it; some cells moved, if
// asked), then photographed turned, in perspective, lit unevenly, blurred and noisy
// (src/shared/drawing-check/synthetic-photo.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { gridDimensions, imagePlacement } from "../../src/shared/grid/grid";
import type { Unit } from "../../src/shared/grid/paper";
import { paperInMm } from "../../src/shared/drawing-check/paper-geometry";
import { templateLines } from "../../src/shared/drawing-check/reference";
import {
  syntheticPhoto,
  type SyntheticOptions,
  type SyntheticPhoto,
} from "../../src/shared/drawing-check/synthetic-photo";
import { cellOnPaper, type PracticeLayout } from "../../src/shared/drawing-check/practice-sheet";
import type { Corners } from "../../src/shared/drawing-check/straighten";
import type { CellBlock } from "../../src/shared/drawing-check/proportion";
import type { PaperMm } from "../../src/shared/drawing-check/paper-geometry";
import type { Mask } from "../../src/shared/drawing-check/raster";

/** Five sample dragons of different kinds (flat colour, shaded, line art) that the check's benchmarks draw from. */
export const BENCH_DRAGONS = [
  "blocky-dragon-face.png",
  "emerald-dragon.png",
  "roaring-dragon-mask.png",
  "teal-dragon-head.png",
  "whiskered-line-art-dragon-face.png",
];

const PX_PER_MM = 4;

export interface CanvasPaper {
  paperWidth: number;
  paperHeight: number;
  gridSize: number;
  unit: Unit;
}

/** The canvas's default paper: 11 × 8.5 in, 1 in squares, the picture fitted and centred. */
export const DEFAULT_CANVAS_PAPER: CanvasPaper = { paperWidth: 11, paperHeight: 8.5, gridSize: 1, unit: "in" };
const inMm = (canvas: CanvasPaper) =>
  paperInMm(canvas, gridDimensions(canvas.paperWidth, canvas.paperHeight, canvas.gridSize));

export interface DrawingPhoto {
  file: string;
  width: number;
  height: number;
  /** Where the grid's corners really are in the photo. */
  corners: Corners;
}

/**
 * The template as the canvas places it on `canvas` paper, rendered at 4 px/mm (what the check
 * compares with), its outlines (the lines a learner copies in pencil) and its colours as shading.
 */
export async function templateOnPaper(templateBytes: Buffer, canvas: CanvasPaper = DEFAULT_CANVAS_PAPER) {
  const paper = inMm(canvas);
  const image = sharp(templateBytes);
  const meta = await image.metadata();
  const placement = imagePlacement(
    { width: meta.width!, height: meta.height! },
    canvas.paperWidth,
    canvas.paperHeight,
    1,
    0,
    0,
  );
  const toPx = (paper.widthMm / canvas.paperWidth) * PX_PER_MM;
  const width = Math.round(paper.widthMm * PX_PER_MM);
  const height = Math.round(paper.heightMm * PX_PER_MM);
  const picture = await image
    .flatten({ background: "#ffffff" })
    .resize(Math.round(placement.width * toPx), Math.round(placement.height * toPx))
    .png()
    .toBuffer();
  const rendered = await sharp({ create: { width, height, channels: 4, background: "#ffffff" } })
    .composite([{ input: picture, left: Math.round(placement.x * toPx), top: Math.round(placement.y * toPx) }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const template = { width, height, data: new Uint8ClampedArray(rendered.data) };
  const { edges } = templateLines(template);
  // Shading as a grey print of the colour picture: 1 (a pencil line's darkness) where it is darkest.
  const tone = new Float32Array(width * height);
  for (let i = 0; i < tone.length; i++) {
    const luma = (template.data[i * 4]! * 77 + template.data[i * 4 + 1]! * 150 + template.data[i * 4 + 2]! * 29) / 256;
    tone[i] = Math.min(1, Math.max(0, (250 - luma) / 155));
  }
  return { paper, pxPerMm: PX_PER_MM, template, pencil: { mask: edges, pxPerMm: PX_PER_MM }, tone };
}

/**
 * The parts of a drawing three squares by three with lines in at least six of their squares (a
 * part a learner could draw out of proportion), those with the most lines first.
 */
export function partsWithLines(pencil: { mask: Mask; pxPerMm: number }, paper: PaperMm): CellBlock[] {
  const { width, data } = pencil.mask;
  const cellPx = paper.gridMm * pencil.pxPerMm;
  const inkOf = (column: number, row: number) => {
    let ink = 0;
    for (let y = Math.round(row * cellPx); y < Math.round((row + 1) * cellPx); y++)
      for (let x = Math.round(column * cellPx); x < Math.round((column + 1) * cellPx); x++) ink += data[y * width + x]!;
    return ink;
  };
  const ink = Array.from({ length: paper.rows }, (_, row) =>
    Array.from({ length: paper.columns }, (_, column) => inkOf(column, row)),
  );
  const parts: { block: CellBlock; ink: number }[] = [];
  for (let top = 0; top + 3 <= paper.rows; top++)
    for (let left = 0; left + 3 <= paper.columns; left++) {
      const cells = [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => ink[top + r]![left + c]!));
      if (cells.filter((amount) => amount > cellPx).length >= 6)
        parts.push({ block: { left, top, right: left + 2, bottom: top + 2 }, ink: cells.reduce((a, b) => a + b, 0) });
    }
  return parts.sort((a, b) => b.ink - a.ink).map((part) => part.block);
}

/** One part of the shading at a third of its tone ("lighter"), or darker by half a pencil line's darkness. */
export function shadedOff(
  tone: Float32Array,
  pencil: { mask: Mask; pxPerMm: number },
  paper: PaperMm,
  { block, way }: { block: CellBlock; way: "lighter" | "darker" },
): Float32Array {
  const { width } = pencil.mask;
  const px = pencil.pxPerMm * paper.gridMm;
  const changed = new Float32Array(tone);
  for (let y = Math.round(block.top * px); y < Math.round((block.bottom + 1) * px); y++)
    for (let x = Math.round(block.left * px); x < Math.min(width, Math.round((block.right + 1) * px)); x++) {
      const i = y * width + x;
      if (i < changed.length) changed[i] = way === "lighter" ? changed[i]! / 3 : Math.min(1, changed[i]! + 0.5);
    }
  return changed;
}

export async function photoOfDrawing(
  templateBytes: Buffer,
  options: Omit<SyntheticOptions, "pencil" | "paper" | "tone"> & {
    canvas?: CanvasPaper;
    format?: "jpeg" | "png";
    /** The colour picture shaded over the outlines in grey, and one part of it shaded off if asked. */
    shaded?: boolean | Parameters<typeof shadedOff>[3];
  } = {},
): Promise<DrawingPhoto> {
  const { paper, pencil, tone } = await templateOnPaper(templateBytes, options.canvas);
  const { shaded } = options;
  const shading = !shaded ? undefined : shaded === true ? tone : shadedOff(tone, pencil, paper, shaded);
  const shot = syntheticPhoto({ ...options, paper, pencil, tone: shading });
  return saved(shot, options.format ?? "jpeg");
}

/**
 * A photo of a practice sheet as printed (`sheet`: its page at 8 px/mm, and where its grid's
 * top-left corner is), each cell of `layout` copied in pencil into the empty square beside it,
 * the row `lowRow` 3 mm low (what would fall below its square left out: a learner copying one
 * square stays inside it).
 */
export async function photoOfPracticeSheet(
  templateBytes: Buffer,
  layout: PracticeLayout,
  options: PracticeShot,
): Promise<DrawingPhoto> {
  return saved(await practiceSheetShot(templateBytes, layout, options), "jpeg");
}

export type PracticeShot = {
  sheet: NonNullable<SyntheticOptions["sheet"]>;
  lowRow: number;
  canvas?: CanvasPaper;
} & Pick<SyntheticOptions, "photoWidth" | "photoHeight" | "tiltDegrees" | "seed">;

/** The photo of `photoOfPracticeSheet` in memory (3000 × 2250, turned 8°, unless said). */
export async function practiceSheetShot(
  templateBytes: Buffer,
  layout: PracticeLayout,
  { sheet, lowRow, canvas, ...shot }: PracticeShot,
): Promise<SyntheticPhoto> {
  const { paper, pencil } = await templateOnPaper(templateBytes, canvas);
  const px = (mm: number) => Math.round(mm * PX_PER_MM);
  const square = px(layout.grid.gridMm);
  const width = px(layout.grid.widthMm);
  const height = px(layout.grid.heightMm);
  const copied = new Uint8Array(width * height);
  layout.labels.forEach((label, row) => {
    const cell = cellOnPaper(paper, label);
    const low = row === lowRow ? px(3) : 0;
    for (let y = 0; y + low < Math.min(px(cell.height), square); y++)
      for (let x = 0; x < Math.min(px(cell.width), square); x++)
        copied[(row * square + y + low) * width + square + x] =
          pencil.mask.data[(px(cell.y) + y) * pencil.mask.width + px(cell.x) + x]!;
  });
  return syntheticPhoto({
    paper: layout.grid,
    pencil: { mask: { width, height, data: copied }, pxPerMm: PX_PER_MM },
    sheet,
    photoWidth: 3000,
    photoHeight: 2250,
    tiltDegrees: 8,
    ...shot,
  });
}

async function saved(shot: SyntheticPhoto, format: "jpeg" | "png"): Promise<DrawingPhoto> {
  const raw = sharp(Buffer.from(shot.photo.data.buffer, shot.photo.data.byteOffset, shot.photo.data.length), {
    raw: { width: shot.photo.width, height: shot.photo.height, channels: 4 },
  });
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), "drawing-photo-")),
    `paper.${format === "jpeg" ? "jpg" : "png"}`,
  );
  await (format === "jpeg" ? raw.jpeg({ quality: 90 }) : raw.png()).toFile(file);
  return { file, width: shot.photo.width, height: shot.photo.height, corners: shot.corners };
}
