// Synthetic photos of a learner's drawing for the check's tests and benchmark (never bundled into
// the app): a template of outlines and fills, the learner's pencil copy of its lines drawn on a
// printed grid page (one cell's lines moved, if asked), and that page "photographed": turned,
// seen in perspective on a table, lit unevenly, blurred and noisy.
import { apply, homography } from "./homography";
import { drawnLinesMm, type PaperMm } from "./paper-geometry";
import { MARK_MM, MARK_QUIET_MM, markCentres, type MarkPlacement } from "./mark-layout";
import { markModules } from "./mark-modules";
import type { Mask, RgbaImage } from "./raster";
import type { CellBlock } from "./proportion";
import { paperToPhoto, type Corners, type Point } from "./straighten";
import { forward as drawnAt, inverse, transform } from "./whole-drawing";

/** Default paper: 11 × 8.5 in, 1 in squares (11 columns, 9 rows, the last one half a square). */
export const SYNTHETIC_PAPER: PaperMm = { widthMm: 279.4, heightMm: 215.9, gridMm: 25.4, columns: 11, rows: 9 };

type Stroke = Point[];

/** The template's lines in paper millimetres: a wave, a ring, a body outline and a zigzag tail. */
export function templateStrokes(paper: PaperMm): Stroke[] {
  const strokes: Stroke[] = [];
  const wave: Stroke = [];
  for (let x = 20; x <= paper.widthMm - 20; x += 0.5) wave.push({ x, y: 45 + 18 * Math.sin(x / 22) });
  strokes.push(wave);
  const ellipse: Stroke = [];
  for (let t = 0; t <= Math.PI * 2 + 0.01; t += 0.01)
    ellipse.push({ x: 120 + 75 * Math.cos(t), y: 130 + 48 * Math.sin(t) });
  strokes.push(ellipse);
  const ring: Stroke = [];
  for (let t = 0; t <= Math.PI * 2 + 0.01; t += 0.01)
    ring.push({ x: 235 + 26 * Math.cos(t), y: 150 + 26 * Math.sin(t) });
  strokes.push(ring);
  const zigzag: Stroke = [];
  for (let i = 0; i <= 8; i++) zigzag.push({ x: 30 + i * 9, y: 190 + (i % 2 ? -10 : 8) });
  strokes.push(densify(zigzag));
  return strokes;
}

function densify(points: Stroke, step = 0.4): Stroke {
  const out: Stroke = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 0; k < n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  out.push(points[points.length - 1]!);
  return out;
}

/** Stamp a stroke as discs of `radius` mm into an RGB raster at `scale` px/mm. */
function stamp(
  image: RgbaImage,
  strokes: Stroke[],
  scale: number,
  radius: number,
  colour: [number, number, number],
  alpha = 1,
  origin = { x: 0, y: 0 },
) {
  const { width, height, data } = image;
  const r = radius * scale;
  for (const stroke of strokes) {
    for (const point of stroke) {
      const cx = (point.x + origin.x) * scale;
      const cy = (point.y + origin.y) * scale;
      for (let y = Math.floor(cy - r - 1); y <= Math.ceil(cy + r + 1); y++) {
        if (y < 0 || y >= height) continue;
        for (let x = Math.floor(cx - r - 1); x <= Math.ceil(cx + r + 1); x++) {
          if (x < 0 || x >= width) continue;
          const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
          const cover = Math.max(0, Math.min(1, r + 0.5 - d)) * alpha;
          if (cover <= 0) continue;
          const p = (y * width + x) * 4;
          for (let k = 0; k < 3; k++)
            data[p + k] = Math.min(data[p + k]!, Math.round(data[p + k]! * (1 - cover) + colour[k]! * cover));
        }
      }
    }
  }
}

const blank = (width: number, height: number, value: [number, number, number]): RgbaImage => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = value[0];
    data[i + 1] = value[1];
    data[i + 2] = value[2];
    data[i + 3] = 255;
  }
  return { width, height, data };
};

/** The template as the canvas would render it on the paper: a green body with dark outlines, on white. */
export function syntheticTemplate(paper: PaperMm, pxPerMm: number): RgbaImage {
  const width = Math.round(paper.widthMm * pxPerMm);
  const height = Math.round(paper.heightMm * pxPerMm);
  const image = blank(width, height, [255, 255, 255]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / pxPerMm - 120;
      const v = y / pxPerMm - 130;
      if ((u / 75) ** 2 + (v / 48) ** 2 < 1) image.data.set([90, 200, 120], (y * width + x) * 4);
    }
  }
  stamp(image, templateStrokes(paper), pxPerMm, 0.8, [40, 40, 40]);
  return image;
}

export interface SyntheticOptions {
  paper?: PaperMm;
  /** The learner's pencil as a mask of the paper at `pxPerMm` (default: the synthetic template's strokes). */
  pencil?: { mask: Mask; pxPerMm: number };
  /**
   * The learner's shading over the pencil's lines: how dark each point of the paper is shaded, 0
   * (none) to 1 (as dark as a line), on the same raster as `pencil` (a grey copy of the colour picture).
   */
  tone?: Float32Array;
  /** Cells whose lines the learner drew moved by this much (mm; y positive is lower). */
  moved?: { column: number; row: number; dx: number; dy: number }[];
  /**
   * The whole drawing copied too large or small (`scale`), too wide for its height (`stretch`, width
   * against height), turned (`degrees`, clockwise) about `aboutMm` (where the learner began; the
   * grid's top-left corner by default) and shifted (mm).
   */
  drawnAs?: { scale?: number; stretch?: number; degrees?: number; shiftMm?: Point; aboutMm?: Point };
  /**
   * One part drawn too large or small for the rest: what the template has in the squares of
   * `block` (column and row indices, both ends included) drawn `scale` times its size about the
   * block's middle, the rest as it is.
   */
  partDrawnAs?: { block: CellBlock; scale: number };
  /**
   * The learner's grid not square, and the drawing copied into it with it: its upright lines turned
   * `upright` degrees from square (clockwise: their tops lean right), its level lines `level` degrees
   * (clockwise: they slope down to the right), about the grid's top-left corner. The sheet stays square.
   */
  gridLeans?: { upright?: number; level?: number };
  /** One line of the grid ruled off by `mm` (right or down when more than 0), as by hand. */
  gridLineOff?: { axis: "vertical" | "horizontal"; line: number; mm: number };
  /**
   * The sheet is the paper (the default paper on Letter): no room around the grid, and nothing
   * printed in the printer's blank strip of `blankStripMm` along its edges, so no outer grid line.
   */
  edgeToEdge?: { blankStripMm: number };
  /** The printed grid lines' grey (0 black … 255 white; 70 unless said): a faint print is lighter. */
  gridGrey?: number;
  /** The grid ruled by hand in pencil: no labels, each line wandering up to `wobbleMm` from straight. */
  handRuled?: { wobbleMm: number };
  /** A printed page with nothing drawn on it. */
  blank?: boolean;
  /** The corner marks' ids (mark-layout.ts), printed as 'Print / PDF' does; none when left out. */
  marks?: readonly number[];
  /** Where those marks sit: outside the grid's corners (the default) or inside them. */
  markPlacement?: MarkPlacement;
  /** The printed sheet itself (RGBA at 8 px/mm, e.g. a page of the app's PDF) and where the grid's top-left corner is on it, in mm. */
  sheet?: { image: RgbaImage; gridOrigin: Point };
  photoWidth?: number;
  photoHeight?: number;
  /** How large the sheet is in the photo (1 unless said: the whole sheet with room around it); above about 1.3 its edges are cut off. */
  zoom?: number;
  tiltDegrees?: number;
  /** Pseudo-random seed for the noise. */
  seed?: number;
}

export interface SyntheticPhoto {
  photo: RgbaImage;
  /** Where the grid's corners really are in the photo. */
  corners: Corners;
  /** Where a point of the paper (mm) really is in the photo. */
  toPhoto: (x: number, y: number) => Point;
  /** Where a point of the photo really is on the paper (mm). */
  toPaper: (x: number, y: number) => Point;
}

/** Paper around the grid: room for the corner marks. */
const SHEET_MARGIN_MM = 20;
export const PAGE_PX_PER_MM = 8;

/**
 * A sheet drawn here: paper-white, the grid's thin printed lines, a label in each cell's corner
 * (bars standing for letters) and the corner marks if asked; or the grid ruled by hand in pencil.
 */
function printedSheet(
  paper: PaperMm,
  options: Pick<SyntheticOptions, "marks" | "gridLineOff" | "edgeToEdge" | "handRuled" | "seed" | "gridGrey">,
  placement: MarkPlacement,
): { image: RgbaImage; gridOrigin: Point } {
  const { gridLineOff: lineOff, edgeToEdge, handRuled } = options;
  const off = (axis: "vertical" | "horizontal", line: number) =>
    lineOff && lineOff.axis === axis && lineOff.line === line ? lineOff.mm : 0;
  const scale = PAGE_PX_PER_MM;
  const around = edgeToEdge ? 0 : SHEET_MARGIN_MM;
  const image = blank(
    Math.round((paper.widthMm + 2 * around) * scale),
    Math.round((paper.heightMm + 2 * around) * scale),
    [250, 248, 242],
  );
  const origin = { x: around, y: around };
  const random = randomFrom((options.seed ?? 7) * 31 + 5);
  // A ruled line wanders: two slow waves of random phase, and each end a little off.
  const wander = (length: number) => {
    if (!handRuled) return () => 0;
    const amplitude = handRuled.wobbleMm;
    const [p1, p2, tilt, shift] = [random(), random(), random() - 0.5, random() - 0.5];
    return (t: number) =>
      amplitude *
      (0.35 * Math.sin((t / length) * Math.PI * 2 * 1.3 + p1 * 6.3) +
        0.25 * Math.sin((t / length) * Math.PI * 2 * 3.7 + p2 * 6.3) +
        0.25 * tilt * (t / length - 0.5) * 2 +
        0.15 * shift * 2);
  };
  const strip = edgeToEdge?.blankStripMm ?? 0;
  const printable = (point: Point) =>
    point.x >= strip && point.y >= strip && point.x <= paper.widthMm - strip && point.y <= paper.heightMm - strip;
  const gridStrokes: Stroke[] = [];
  // Only the lines of the paper's step of the grid ladder, when it has fewer.
  const drawn = drawnLinesMm(paper);
  // A line's number in the full grid (the far border's the last), for `gridLineOff`.
  const lineIndex = (place: number, length: number, count: number) =>
    place >= length ? count : Math.round(place / paper.gridMm);
  for (const place of drawn.xs) {
    const x = place + off("vertical", lineIndex(place, paper.widthMm, paper.columns));
    const drift = wander(paper.heightMm);
    gridStrokes.push(
      densify([
        { x, y: 0 },
        { x, y: paper.heightMm },
      ]).map((point) => ({ x: point.x + drift(point.y), y: point.y })),
    );
  }
  for (const place of drawn.ys) {
    const y = place + off("horizontal", lineIndex(place, paper.heightMm, paper.rows));
    const drift = wander(paper.widthMm);
    gridStrokes.push(
      densify([
        { x: 0, y },
        { x: paper.widthMm, y },
      ]).map((point) => ({ x: point.x, y: point.y + drift(point.x) })),
    );
  }
  const printed = (strokes: Stroke[]) => strokes.map((stroke) => stroke.filter(printable));
  if (handRuled) {
    stamp(image, gridStrokes, scale, 0.25, [120, 120, 125], 0.8, origin);
    return { image, gridOrigin: origin };
  }
  const grey = options.gridGrey ?? 70;
  stamp(image, printed(gridStrokes), scale, 0.12, [grey, grey, grey], 0.85, origin);
  const labels: Stroke[] = [];
  for (let r = 0; r < paper.rows; r++) {
    for (let c = 0; c < paper.columns; c++) {
      const x = c * paper.gridMm + 1.2;
      const y = r * paper.gridMm + 1.2;
      labels.push(
        densify([
          { x, y },
          { x, y: y + 2.2 },
        ]),
        densify([
          { x: x + 1.3, y },
          { x: x + 1.3, y: y + 2.2 },
        ]),
        densify([
          { x, y: y + 1.1 },
          { x: x + 1.3, y: y + 1.1 },
        ]),
      );
    }
  }
  stamp(image, printed(labels), scale, 0.15, [70, 70, 70], 0.9, origin);
  if (options.marks) drawMarks(image, paper, options.marks, placement, origin);
  return { image, gridOrigin: origin };
}

export function syntheticPhoto(options: SyntheticOptions = {}): SyntheticPhoto {
  const paper = options.paper ?? SYNTHETIC_PAPER;
  const scale = PAGE_PX_PER_MM;
  // A real printed sheet (a PDF page rendered at 8 px/mm) or one drawn here; drawn on in pencil below.
  const sheet = options.sheet ?? printedSheet(paper, options, options.markPlacement ?? "outside");
  const page = { ...sheet.image, data: new Uint8ClampedArray(sheet.image.data) };
  const sheetW = page.width / scale;
  const sheetH = page.height / scale;
  const origin = sheet.gridOrigin;

  // The learner's pencil: the template's lines, those in the moved cells moved.
  if (!options.blank && options.pencil) drawMask(page, paper, origin, { ...options, pencil: options.pencil });
  else if (!options.blank) {
    const moved = options.moved ?? [];
    const strokes = templateStrokes(paper).map((stroke) =>
      stroke.map((point) => {
        const shift = moved.find(
          (m) => Math.floor(point.x / paper.gridMm) === m.column && Math.floor(point.y / paper.gridMm) === m.row,
        );
        return shift ? { x: point.x + shift.dx, y: point.y + shift.dy } : point;
      }),
    );
    if (options.partDrawnAs) {
      const { block, scale: partScale } = options.partDrawnAs;
      const [left, right] = [block.left * paper.gridMm, (block.right + 1) * paper.gridMm];
      const [top, bottom] = [block.top * paper.gridMm, (block.bottom + 1) * paper.gridMm];
      const centre = { x: (left + right) / 2, y: (top + bottom) / 2 };
      for (const stroke of strokes)
        stroke.forEach((point, i) => {
          if (point.x >= left && point.x < right && point.y >= top && point.y < bottom)
            stroke[i] = {
              x: centre.x + partScale * (point.x - centre.x),
              y: centre.y + partScale * (point.y - centre.y),
            };
        });
    }
    if (options.drawnAs) {
      const copy = drawnAsTransform(options.drawnAs);
      for (const stroke of strokes) stroke.forEach((point, i) => (stroke[i] = drawnAt(copy, point)));
    }
    stamp(page, strokes, scale, 0.3, [95, 95, 100], 0.9, origin);
  }

  // A grid not square leans, and the drawing in its squares leans with it; the sheet's edges do not.
  const lean = leaning(options.gridLeans);
  if (options.gridLeans) leanPage(page, origin, lean);

  // The photo: the sheet turned and in perspective on a table.
  const width = options.photoWidth ?? 4000;
  const height = options.photoHeight ?? 3000;
  const tilt = ((options.tiltDegrees ?? 25) * Math.PI) / 180;
  const cx = width / 2;
  const cy = height / 2;
  const fit = ((options.zoom ?? 1) * Math.min(width, height) * 0.8) / Math.max(sheetW, sheetH);
  const quad = [
    { x: -sheetW / 2, y: -sheetH / 2, squeeze: 0.92 },
    { x: sheetW / 2, y: -sheetH / 2, squeeze: 0.92 },
    { x: sheetW / 2, y: sheetH / 2, squeeze: 1.06 },
    { x: -sheetW / 2, y: sheetH / 2, squeeze: 1.06 },
  ].map(({ x, y, squeeze }) => {
    // Farther edge smaller (perspective), then turned.
    const px = x * fit * squeeze;
    const py = y * fit * (0.95 + 0.05 * squeeze);
    return { x: cx + px * Math.cos(tilt) - py * Math.sin(tilt), y: cy + px * Math.sin(tilt) + py * Math.cos(tilt) };
  });
  const sheetCorners = [
    { x: 0, y: 0 },
    { x: sheetW, y: 0 },
    { x: sheetW, y: sheetH },
    { x: 0, y: sheetH },
  ];
  const forward = homography(sheetCorners, quad)!;
  const inverse = homography(quad, sheetCorners)!;
  const toPhoto = (x: number, y: number) => {
    const leant = lean.forward({ x, y });
    return apply(forward, leant.x + origin.x, leant.y + origin.y);
  };
  const toPaper = (x: number, y: number) => {
    const sheet = apply(inverse, x, y);
    return lean.back({ x: sheet.x - origin.x, y: sheet.y - origin.y });
  };

  const data = new Uint8ClampedArray(width * height * 4);
  const [ia, ib, ic, id, ie, iff, ig, ih] = inverse;
  const random = randomFrom(options.seed ?? 7);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w = ig * x + ih * y + 1;
      const sx = ((ia * x + ib * y + ic) / w) * scale;
      const sy = ((id * x + ie * y + iff) / w) * scale;
      const o = (y * width + x) * 4;
      let rgb: [number, number, number] = [112, 92, 74];
      if (sx >= 0 && sy >= 0 && sx < page.width - 1 && sy < page.height - 1) {
        const p = ((sy | 0) * page.width + (sx | 0)) * 4;
        rgb = [page.data[p]!, page.data[p + 1]!, page.data[p + 2]!];
      }
      // Uneven light: brighter at the top left, a shadow towards the bottom right.
      const light = 0.62 + 0.38 * (1 - (x / width) * 0.6 - (y / height) * 0.4);
      data[o] = rgb[0] * light;
      data[o + 1] = rgb[1] * light;
      data[o + 2] = rgb[2] * light * 0.97;
      data[o + 3] = 255;
    }
  }
  boxBlur(data, width, height, 1);
  boxBlur(data, width, height, 1);
  for (let i = 0; i < data.length; i += 4) {
    const n = (random() + random() + random() - 1.5) * 10;
    data[i] = data[i]! + n;
    data[i + 1] = data[i + 1]! + n;
    data[i + 2] = data[i + 2]! + n;
  }
  const gridCorners = [
    toPhoto(0, 0),
    toPhoto(paper.widthMm, 0),
    toPhoto(paper.widthMm, paper.heightMm),
    toPhoto(0, paper.heightMm),
  ] as Corners;
  return { photo: { width, height, data }, corners: gridCorners, toPhoto, toPaper };
}

/** Where a point of the grid (mm from its corner) is once the grid leans as `gridLeans` says, and back. */
function leaning(leans: SyntheticOptions["gridLeans"]) {
  const across = -Math.tan(((leans?.upright ?? 0) * Math.PI) / 180);
  const down = Math.tan(((leans?.level ?? 0) * Math.PI) / 180);
  const determinant = 1 - across * down;
  return {
    forward: ({ x, y }: Point): Point => ({ x: x + across * y, y: y + down * x }),
    back: ({ x, y }: Point): Point => ({ x: (x - across * y) / determinant, y: (y - down * x) / determinant }),
  };
}

/** The page's content (the grid and the drawing) leant about the grid's corner at `origin` (mm), on the same paper. */
function leanPage(page: RgbaImage, origin: Point, lean: ReturnType<typeof leaning>) {
  const source = new Uint8ClampedArray(page.data);
  const scale = PAGE_PX_PER_MM;
  for (let y = 0; y < page.height; y++)
    for (let x = 0; x < page.width; x++) {
      const from = lean.back({ x: x / scale - origin.x, y: y / scale - origin.y });
      const sx = Math.round((from.x + origin.x) * scale);
      const sy = Math.round((from.y + origin.y) * scale);
      const p = (y * page.width + x) * 4;
      if (sx < 0 || sy < 0 || sx >= page.width || sy >= page.height) page.data.set([250, 248, 242], p);
      else for (let k = 0; k < 3; k++) page.data[p + k] = source[(sy * page.width + sx) * 4 + k]!;
    }
}

/** The corner marks, black modules on white (over the grid, inside it), where mark-layout.ts places them. */
function drawMarks(page: RgbaImage, paper: PaperMm, ids: readonly number[], placement: MarkPlacement, origin: Point) {
  const module = MARK_MM / 8;
  markCentres(paper, placement).forEach((centre, corner) => {
    const modules = markModules(ids[corner]!);
    const half = MARK_MM / 2 + MARK_QUIET_MM;
    const px = (v: number) => Math.round(v * PAGE_PX_PER_MM);
    for (let y = px(origin.y + centre.y - half); y < px(origin.y + centre.y + half); y++)
      for (let x = px(origin.x + centre.x - half); x < px(origin.x + centre.x + half); x++)
        page.data.set([250, 248, 242], (y * page.width + x) * 4);
    for (let my = 0; my < 8; my++) {
      for (let mx = 0; mx < 8; mx++) {
        if (!modules[my]![mx]) continue;
        const x0 = Math.round((origin.x + centre.x - MARK_MM / 2 + mx * module) * PAGE_PX_PER_MM);
        const y0 = Math.round((origin.y + centre.y - MARK_MM / 2 + my * module) * PAGE_PX_PER_MM);
        const x1 = Math.round((origin.x + centre.x - MARK_MM / 2 + (mx + 1) * module) * PAGE_PX_PER_MM);
        const y1 = Math.round((origin.y + centre.y - MARK_MM / 2 + (my + 1) * module) * PAGE_PX_PER_MM);
        for (let y = y0; y < y1; y++)
          for (let x = x0; x < x1; x++) page.data.set([30, 30, 30], (y * page.width + x) * 4);
      }
    }
  });
}

/** The learner's copy of the whole drawing as `how` says (about the grid's top-left corner by default). */
const drawnAsTransform = ({ scale, degrees, stretch, shiftMm, aboutMm }: NonNullable<SyntheticOptions["drawnAs"]>) =>
  transform({ scale, degrees, stretch, shift: shiftMm, about: aboutMm ?? { x: 0, y: 0 } });

/**
 * Pencil where a mask of the paper says (and shading as `tone` says), cells listed in `moved`
 * moved, one part drawn out of proportion and the whole drawing as `drawnAs` says.
 */
function drawMask(
  page: RgbaImage,
  paper: PaperMm,
  origin: Point,
  {
    pencil,
    tone,
    moved = [],
    partDrawnAs: part,
    drawnAs: how,
  }: Pick<SyntheticOptions, "tone" | "moved" | "partDrawnAs" | "drawnAs"> & {
    pencil: NonNullable<SyntheticOptions["pencil"]>;
  },
) {
  const { mask, pxPerMm } = pencil;
  // How dark the pencil is at each point: 1 on a line, the shading's darkness elsewhere.
  let placed = new Float32Array(mask.width * mask.height);
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      const i = y * mask.width + x;
      const amount = mask.data[i] ? 1 : (tone?.[i] ?? 0);
      if (!amount) continue;
      const shift = moved.find(
        (m) => Math.floor(x / pxPerMm / paper.gridMm) === m.column && Math.floor(y / pxPerMm / paper.gridMm) === m.row,
      );
      const tx = Math.round(x + (shift?.dx ?? 0) * pxPerMm);
      const ty = Math.round(y + (shift?.dy ?? 0) * pxPerMm);
      if (tx >= 0 && ty >= 0 && tx < mask.width && ty < mask.height) {
        const t = ty * mask.width + tx;
        placed[t] = Math.max(placed[t]!, amount);
      }
    }
  }
  // Each pencil pixel takes the template's point the learner put there (no gaps when enlarged).
  const warp = (from: (x: number, y: number) => Point | null) => {
    const warped = new Float32Array(placed.length);
    for (let y = 0; y < mask.height; y++)
      for (let x = 0; x < mask.width; x++) {
        const source = from(x / pxPerMm, y / pxPerMm);
        if (!source) continue;
        const sx = Math.round(source.x * pxPerMm);
        const sy = Math.round(source.y * pxPerMm);
        if (sx >= 0 && sy >= 0 && sx < mask.width && sy < mask.height)
          warped[y * mask.width + x] = placed[sy * mask.width + sx]!;
      }
    return warped;
  };
  if (part) {
    const { block, scale } = part;
    const inside = (p: Point) =>
      p.x >= block.left * paper.gridMm &&
      p.x < (block.right + 1) * paper.gridMm &&
      p.y >= block.top * paper.gridMm &&
      p.y < (block.bottom + 1) * paper.gridMm;
    const centre = {
      x: ((block.left + block.right + 1) / 2) * paper.gridMm,
      y: ((block.top + block.bottom + 1) / 2) * paper.gridMm,
    };
    // The part where it was drawn, over the rest where the rest was drawn.
    const drawnPart = warp((x, y) => {
      const source = { x: centre.x + (x - centre.x) / scale, y: centre.y + (y - centre.y) / scale };
      return inside(source) ? source : null;
    });
    const rest = warp((x, y) => (inside({ x, y }) ? null : { x, y }));
    for (let i = 0; i < placed.length; i++) placed[i] = Math.max(drawnPart[i]!, rest[i]!);
  }
  if (how) {
    const back = inverse(drawnAsTransform(how));
    placed = warp((x, y) => drawnAt(back, { x, y }));
  }
  const scale = PAGE_PX_PER_MM;
  const x0 = Math.round(origin.x * scale);
  const y0 = Math.round(origin.y * scale);
  const pencilGrey = [95, 95, 100];
  for (let y = 0; y < Math.round(paper.heightMm * scale); y++) {
    for (let x = 0; x < Math.round(paper.widthMm * scale); x++) {
      const mx = Math.floor((x / scale) * pxPerMm);
      const my = Math.floor((y / scale) * pxPerMm);
      if (mx >= mask.width || my >= mask.height) continue;
      const amount = placed[my * mask.width + mx]!;
      if (!amount) continue;
      const p = ((y + y0) * page.width + x + x0) * 4;
      for (let k = 0; k < 3; k++)
        page.data[p + k] = Math.min(page.data[p + k]!, page.data[p + k]! * (1 - amount) + pencilGrey[k]! * amount);
    }
  }
}

/** A pseudo-random sequence in [0, 1) from a seed (a linear congruential generator: the same photo every run). */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** A (2r+1) box blur along rows, then columns, in place: a lens not quite in focus. */
function boxBlur(data: Uint8ClampedArray, width: number, height: number, r: number) {
  const line = new Float32Array(Math.max(width, height) * 3);
  const pass = (count: number, length: number, index: (a: number, b: number) => number) => {
    for (let a = 0; a < count; a++) {
      for (let b = 0; b < length; b++) for (let k = 0; k < 3; k++) line[b * 3 + k] = data[index(a, b) + k]!;
      for (let b = 0; b < length; b++) {
        for (let k = 0; k < 3; k++) {
          let sum = 0;
          let n = 0;
          for (let t = Math.max(0, b - r); t <= Math.min(length - 1, b + r); t++, n++) sum += line[t * 3 + k]!;
          data[index(a, b) + k] = sum / n;
        }
      }
    }
  };
  pass(height, width, (y, x) => (y * width + x) * 4);
  pass(width, height, (x, y) => (y * width + x) * 4);
}

/** How far (mm on the paper) the worst of `corners` found in the photo is from the grid's real corner. */
export function worstCornerMm(shot: SyntheticPhoto, paper: PaperMm, corners: Corners): number {
  const truth = [
    [0, 0],
    [paper.widthMm, 0],
    [paper.widthMm, paper.heightMm],
    [0, paper.heightMm],
  ];
  return Math.max(
    ...corners.map((corner, i) => {
      const onPaper = shot.toPaper(corner.x, corner.y);
      return Math.hypot(onPaper.x - truth[i]![0]!, onPaper.y - truth[i]![1]!);
    }),
  );
}

/** Corners as a learner's thumb places them: each `mm` off the grid's corner, in a direction of its own. */
export function cornersByHand(shot: SyntheticPhoto, paper: PaperMm, mm: number): Corners {
  const directions = [
    [1, 0.5],
    [-0.6, 1],
    [-1, -0.4],
    [0.7, -1],
  ];
  const at = [
    [0, 0],
    [paper.widthMm, 0],
    [paper.widthMm, paper.heightMm],
    [0, paper.heightMm],
  ];
  return at.map(([x, y], i) => {
    const [ux, uy] = directions[i]!;
    const length = Math.hypot(ux!, uy!);
    return shot.toPhoto(x! + (ux! / length) * mm, y! + (uy! / length) * mm);
  }) as Corners;
}

/**
 * Registration: for each cell's middle, how far (mm on the paper) the point the check takes for it
 * (the corners' perspective plus the cell's grid correction) really is from it.
 */
export function registrationErrorsMm(
  shot: SyntheticPhoto,
  paper: PaperMm,
  corners: Corners,
  offsets: Float32Array,
  pxPerMm: number,
): number[] {
  const estimate = paperToPhoto(corners, paper.widthMm, paper.heightMm);
  const errors: number[] = [];
  for (let row = 0; row < paper.rows; row++) {
    for (let column = 0; column < paper.columns; column++) {
      const x = (column * paper.gridMm + Math.min(paper.widthMm, (column + 1) * paper.gridMm)) / 2;
      const y = (row * paper.gridMm + Math.min(paper.heightMm, (row + 1) * paper.gridMm)) / 2;
      const i = (row * paper.columns + column) * 2;
      const seen = estimate(x + offsets[i]! / pxPerMm, y + offsets[i + 1]! / pxPerMm);
      const truth = shot.toPaper(seen.x, seen.y);
      errors.push(Math.hypot(truth.x - x, truth.y - y));
    }
  }
  return errors;
}
