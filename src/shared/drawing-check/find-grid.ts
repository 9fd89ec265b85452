// The learner's grid found in a photo by its lines alone (decision 062): no corner marks needed, so
// the default paper printed edge to edge, a page whose marks are out of the picture and a grid
// ruled by hand in pencil are all found. Four steps:
// 1. (photo-lines.ts) On a copy about 1,200 pixels across, every pixel darker than the paper on both sides of it
//    (a thin line, not the edge of a shadow or of the sheet) votes for the straight lines through
//    it (a Hough transform), within 45° of upright or level.
// 2. The strongest lines fall into the nearly upright and nearly level ones; in each, the longest
//    run of evenly spaced lines (the spacing may change slowly, as perspective does; one line may
//    be missing) is the grid's lattice.
// 3. Each way those runs can sit in the learner's grid (which column the first line is), the
//    perspective they fix predicts every line of the grid; the one whose lines are all there wins.
//    An outer line that is not printed (the printer's blank strip on a sheet the paper fills) may
//    instead be the sheet's edge, paper-white inside and darker outside.
// 4. On the full photo, every line is looked for across its predicted place, fitted straight, and
//    the perspective fitted again through all their crossings, twice: the corners are exact to a
//    fraction of a millimetre, and the cells' own corrections (grid-lines.ts) do the rest.
// With fewer lines (the grid ladder's steps, decision 077) the lines looked for are those drawn:
// every other one, border and centre, or the border alone (runs of two).
// The page may lie any way up in the photo (a landscape page in a portrait photo lies on its
// side); where two ways fit its lines equally well (a grid of whole squares turned half round),
// both are answered, and the check keeps the one its drawing matches.
import { apply, homography, type Homography, type Point } from "./homography";
import { GRID_LINE_SETS } from "../grid/ladder";
import { drawnLinesMm, type PaperMm } from "./paper-geometry";
import { shrink, toGrey, type GreyImage, type RgbaImage } from "./raster";
import {
  crossing,
  evenRuns,
  lineThrough,
  MIN_RIDGE,
  ridges,
  strongLines,
  type Line,
  type Run,
  type RunShape,
} from "./photo-lines";
import { isPlausibleQuad, type Corners } from "./straighten";

const WORK_LONG_SIDE = 1200;
/** Share of each predicted line that must be seen for the grid to count as found. */
const MIN_SCORE = 0.6;
/** How far across its predicted place each line is looked for on the full photo, first and second time (mm). */
const SEARCH_MM = [2, 0.8];

interface Lattice {
  /** The learner's paper to the small copy's pixels. */
  transform: Homography;
  score: number;
}

/**
 * How much of every predicted line is there (a share of samples on a ridge, or, for the outer
 * lines, on the sheet's edge, brighter inside than outside), less how much the lattice goes on
 * beyond them or has lines between them.
 */
function score(transform: Homography, paper: PaperMm, grey: GreyImage, strength: Float32Array): number {
  const { width, height, data } = grey;
  const { xs, ys } = drawnLinesMm(paper);
  const SAMPLES = 24;
  const ridgeAt = (p: Point) => {
    const x0 = Math.round(p.x);
    const y0 = Math.round(p.y);
    let best = 0;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = x0 + dx;
        const y = y0 + dy;
        if (x >= 0 && y >= 0 && x < width && y < height) best = Math.max(best, strength[y * width + x]!);
      }
    return best;
  };
  const greyAt = (p: Point) => {
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    return x >= 0 && y >= 0 && x < width && y < height ? data[y * width + x]! : -1;
  };
  /** Share of a line's samples (`at(t)` on the paper, t from 0 to 1) on a ridge, or, with `outward`, on the sheet's edge. */
  const seenAlong = (at: (t: number) => Point, outward: Point | null) => {
    let seen = 0;
    for (let s = 0; s < SAMPLES; s++) {
      const onPaper = at((s + 0.5) / SAMPLES);
      const p = apply(transform, onPaper.x, onPaper.y);
      if (p.x < 0 || p.y < 0 || p.x >= width || p.y >= height) continue;
      if (ridgeAt(p) >= MIN_RIDGE) {
        seen++;
        continue;
      }
      if (!outward) continue;
      const inside = greyAt(apply(transform, onPaper.x - 2 * outward.x, onPaper.y - 2 * outward.y));
      const outside = greyAt(apply(transform, onPaper.x + 2 * outward.x, onPaper.y + 2 * outward.y));
      if (inside >= 0 && outside >= 0 && inside - outside > Math.max(20, 0.15 * inside)) seen++;
    }
    return seen / SAMPLES;
  };
  const upright = (x: number) => (t: number) => ({ x, y: t * paper.heightMm });
  const level = (y: number) => (t: number) => ({ x: t * paper.widthMm, y });
  const outwardOf = (i: number, count: number, axis: "x" | "y"): Point | null =>
    i === 0 || i === count - 1 ? { x: 0, y: 0, [axis]: i === 0 ? -1 : 1 } : null;
  const there =
    xs.reduce((sum, x, i) => sum + seenAlong(upright(x), outwardOf(i, xs.length, "x")), 0) +
    ys.reduce((sum, y, i) => sum + seenAlong(level(y), outwardOf(i, ys.length, "y")), 0);
  // A lattice that goes on a square beyond the grid's outer lines is another grid, or part of one;
  // one with lines halfway between its own is a finer grid, seen every other line.
  const gx = xs[1]! - xs[0]!;
  const gy = ys[1]! - ys[0]!;
  // A line counts there when most of it is seen: a pencil stroke crossing the place, or noise on
  // a dark table, is a little of it.
  const aLine = (at: (t: number) => Point) => {
    const seen = seenAlong(at, null);
    return seen >= 0.5 ? seen : 0;
  };
  const beyond = [upright(-gx), upright(paper.widthMm + gx), level(-gy), level(paper.heightMm + gy)].map(aLine);
  const halfway = (places: number[]) => places.slice(1).map((place, i) => (place + places[i]!) / 2);
  const between = [...halfway(xs).map(upright), ...halfway(ys).map(level)].map(aLine);
  return (
    there / (xs.length + ys.length) - Math.max(...beyond) - between.reduce((sum, v) => sum + v, 0) / between.length
  );
}

/** A camera looking at paper at up to about 55° from straight above squeezes its squares no more than this. */
const MAX_SQUEEZE = 1.75;

/**
 * Do the paper's squares, in the middle of the grid, stay near square in the photo? A lattice read
 * with every other (or third) line as the grid's makes them long rectangles.
 */
function squareEnough(transform: Homography, paper: PaperMm): boolean {
  const cx = paper.widthMm / 2;
  const cy = paper.heightMm / 2;
  const o = apply(transform, cx, cy);
  const u = apply(transform, cx + 1, cy);
  const v = apply(transform, cx, cy + 1);
  const [a, b, c, d] = [u.x - o.x, v.x - o.x, u.y - o.y, v.y - o.y];
  // The two singular values of [[a, b], [c, d]]: how much the paper stretches most and least.
  const s = a * a + b * b + c * c + d * d;
  const det = Math.abs(a * d - b * c);
  const root = Math.sqrt(Math.max(0, s * s - 4 * det * det));
  const most = Math.sqrt((s + root) / 2);
  const least = Math.sqrt(Math.max(0, (s - root) / 2));
  return least > 0 && most / least <= MAX_SQUEEZE;
}

/**
 * Which way up the page lies in the photo: its top at the top, left (turned a quarter
 * anticlockwise), right (a quarter clockwise) or bottom. The photo's upright lines are the page's
 * columns or its rows accordingly, counted one way or the other.
 */
type WayUp = "top" | "left" | "right" | "bottom";
const WAYS_UP: WayUp[] = ["top", "left", "right", "bottom"];

/**
 * The paper point (mm) where the photo's `i`-th upright line of the lattice crosses its `j`-th
 * level one, counted from the left and from the top of the photo.
 */
function paperPoint(way: WayUp, paper: PaperMm, i: number, j: number): Point | null {
  const { xs, ys } = drawnLinesMm(paper);
  const [lastX, lastY] = [xs.length - 1, ys.length - 1];
  const [x, y] =
    way === "top"
      ? [xs[i], ys[j]]
      : way === "bottom"
        ? [xs[lastX - i], ys[lastY - j]]
        : way === "left"
          ? [xs[lastX - j], ys[i]]
          : [xs[j], ys[lastY - i]];
  return x === undefined || y === undefined ? null : { x, y };
}

/** Each way the two runs can sit in the grid, the page each way up: the perspective their crossings fix, where it scores. */
function lattices(uprightRuns: Run[], levelRuns: Run[], paper: PaperMm, grey: GreyImage, strength: Float32Array) {
  const found: (Lattice & { way: WayUp })[] = [];
  const span = (run: Run) => run.members[run.members.length - 1]!.index;
  const { xs, ys } = drawnLinesMm(paper);
  // A border alone is a pair of lines each way: any two strong lines might be it, so more are tried.
  const tried = Math.min(xs.length, ys.length) === 2 ? 8 : 3;
  for (const way of WAYS_UP) {
    const sideways = way === "left" || way === "right";
    const across = (sideways ? ys : xs).length - 1;
    const down = (sideways ? xs : ys).length - 1;
    for (const upright of uprightRuns.filter((run) => span(run) <= across).slice(0, tried)) {
      for (const level of levelRuns.filter((run) => span(run) <= down).slice(0, tried)) {
        for (let ki = 0; ki + span(upright) <= across; ki++) {
          for (let kj = 0; kj + span(level) <= down; kj++) {
            const from: Point[] = [];
            const to: Point[] = [];
            for (const u of upright.members)
              for (const l of level.members) {
                const onPaper = paperPoint(way, paper, ki + u.index, kj + l.index);
                const at = onPaper && crossing(u.line, l.line);
                if (!onPaper || !at) continue;
                from.push(onPaper);
                to.push(at);
              }
            if (from.length < upright.members.length * level.members.length) continue;
            const transform = homography(from, to);
            if (!transform || !squareEnough(transform, paper)) continue;
            const s = score(transform, paper, grey, strength);
            if (s >= MIN_SCORE) found.push({ transform, score: s, way });
          }
        }
      }
    }
  }
  return found;
}

/** Luma at a point of the full photo, bilinear; −1 outside it. */
function lumaAt(photo: RgbaImage, x: number, y: number): number {
  const { width, height, data } = photo;
  if (!(x >= 0 && y >= 0 && x < width - 1 && y < height - 1)) return -1;
  const x0 = x | 0;
  const y0 = y | 0;
  const fx = x - x0;
  const fy = y - y0;
  const luma = (p: number) => (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) / 256;
  const p = (y0 * width + x0) * 4;
  const q = p + width * 4;
  const top = luma(p) + (luma(p + 4) - luma(p)) * fx;
  const bottom = luma(q) + (luma(q + 4) - luma(q)) * fx;
  return top + (bottom - top) * fy;
}

/**
 * A line found beside its predicted place: how far across (`offset`, px) at each place along it
 * (`along`, px), fitted as offset = a + b·along while leaving out what lies far from the rest (a
 * pencil stroke beside the line); null with too little of the line found.
 */
function fitAcross(found: { along: number; offset: number }[], samples: number): { a: number; b: number } | null {
  if (found.length < Math.max(6, samples * 0.4)) return null;
  const sorted = found.map((f) => f.offset).sort((p, q) => p - q);
  let a = sorted[Math.floor(sorted.length / 2)]!;
  let b = 0;
  for (let pass = 0; pass < 3; pass++) {
    const residuals = found.map((f) => Math.abs(f.offset - a - b * f.along));
    const spread = [...residuals].sort((p, q) => p - q)[Math.floor(residuals.length / 2)]!;
    const kept = found.filter((_, i) => residuals[i]! <= Math.max(1.5, 3 * spread));
    if (kept.length < 6) return null;
    const mt = kept.reduce((sum, f) => sum + f.along, 0) / kept.length;
    const mo = kept.reduce((sum, f) => sum + f.offset, 0) / kept.length;
    let stt = 0;
    let sto = 0;
    for (const f of kept) {
      stt += (f.along - mt) ** 2;
      sto += (f.along - mt) * (f.offset - mo);
    }
    b = stt > 0 ? sto / stt : 0;
    a = mo - b * mt;
  }
  return { a, b };
}

/**
 * Every line looked for across its predicted place on the full photo, fitted straight, and the
 * perspective fitted through all their crossings.
 */
function refine(photo: RgbaImage, paper: PaperMm, transform: Homography, searchMm: number): Homography | null {
  const { xs, ys } = drawnLinesMm(paper);
  /** How far across its predicted place the line is at `onPaper`, in px along `normal`; null where it is not seen. */
  const offsetAt = (p: Point, normal: Point, pxPerMm: number): number | null => {
    const reach = searchMm * pxPerMm;
    if (!(reach > 1 && reach < 200)) return null;
    const step = 0.5;
    const profile: number[] = [];
    for (let o = -reach; o <= reach; o += step) profile.push(lumaAt(photo, p.x + o * normal.x, p.y + o * normal.y));
    if (profile.some((v) => v < 0)) return null;
    let darkest = 1;
    const around = (i: number) => profile[i - 1]! + profile[i]! + profile[i + 1]!;
    for (let i = 2; i < profile.length - 1; i++) if (around(i) < around(darkest)) darkest = i;
    const ends = Math.max(profile[0]!, profile[profile.length - 1]!);
    const dark = profile[darkest]!;
    if (ends - dark < Math.max(6, 0.05 * ends) || darkest <= 1 || darkest >= profile.length - 2) return null;
    const a = profile[darkest - 1]!;
    const b = profile[darkest + 1]!;
    const curve = a - 2 * dark + b;
    const sub = curve > 0 ? (0.5 * (a - b)) / curve : 0;
    return -reach + (darkest + sub) * step;
  };
  /** One grid line, through `at(v)` for v along it on the paper, found and fitted; null when too little of it is seen. */
  const fitLine = (at: (v: number) => Point, upright: boolean, places: number[]): Line | null => {
    const start = apply(transform, at(places[0]!).x, at(places[0]!).y);
    const end = apply(transform, at(places[places.length - 1]!).x, at(places[places.length - 1]!).y);
    const length = Math.hypot(end.x - start.x, end.y - start.y);
    const direction = { x: (end.x - start.x) / length, y: (end.y - start.y) / length };
    const normal = { x: -direction.y, y: direction.x };
    const found: { along: number; offset: number }[] = [];
    let samples = 0;
    // Samples between the crossings, where no other line's ink is; with fewer lines (a border
    // alone crosses only its ends), as many per square as a full grid's.
    for (let i = 0; i + 1 < places.length; i++) {
      const span = places[i + 1]! - places[i]!;
      const parts = Math.max(1, Math.round(span / paper.gridMm));
      for (let part = 0; part < parts; part++)
        for (const t of [0.3, 0.5, 0.7]) {
          samples++;
          const onPaper = at(places[i]! + (span * (part + t)) / parts);
          const p = apply(transform, onPaper.x, onPaper.y);
          const q = apply(transform, onPaper.x + (upright ? 1 : 0), onPaper.y + (upright ? 0 : 1));
          const offset = offsetAt(p, normal, Math.hypot(q.x - p.x, q.y - p.y));
          if (offset === null) continue;
          found.push({ along: (p.x - start.x) * direction.x + (p.y - start.y) * direction.y, offset });
        }
    }
    const fit = fitAcross(found, samples);
    if (!fit) return null;
    const point = (along: number) => ({
      x: start.x + along * direction.x + (fit.a + fit.b * along) * normal.x,
      y: start.y + along * direction.y + (fit.a + fit.b * along) * normal.y,
    });
    return lineThrough(point(0), point(length));
  };
  const columns = xs.map((x) => fitLine((y) => ({ x, y }), true, ys));
  const rows = ys.map((y) => fitLine((x) => ({ x, y }), false, xs));
  const from: Point[] = [];
  const to: Point[] = [];
  columns.forEach((c, i) =>
    rows.forEach((r, j) => {
      const at = c && r ? crossing(c, r) : null;
      if (!at) return;
      from.push({ x: xs[i]!, y: ys[j]! });
      to.push(at);
    }),
  );
  // Four crossings (a border alone) fix the perspective exactly; more are fitted.
  return from.length >= Math.min(6, xs.length * ys.length) ? homography(from, to) : null;
}

/**
 * Lattices scoring within this share of one line of the best are equally likely: a grid of whole
 * squares turned half round, or one whose outer lines are not printed, on a table as light as the
 * paper. (A last row half a square wide tells the page's ends apart by one line.)
 */
const SAME_SCORE_LINES = 0.4;
/** At most this many answers (the check runs once for each). */
const MAX_ANSWERS = 4;

/**
 * The grid's corners in the photo (top-left, top-right, bottom-right, bottom-left of the paper),
 * for each reading of its lines that fits them about equally well (the page turned half round, or
 * a square over where its outer lines are not printed), best first; none when its lines cannot be
 * told from the rest.
 */
export function findGrid(photo: RgbaImage, paper: PaperMm): Corners[] {
  const factor = Math.max(1, Math.max(photo.width, photo.height) / WORK_LONG_SIDE);
  const small = factor > 1 ? shrink(photo, factor) : photo;
  const grey = toGrey(small);
  const { strength, upright } = ridges(grey);
  const lines = strongLines(grey.width, grey.height, strength, upright);
  // The paper may have more lines than its step (printed before the learner moved down the
  // ladder): those are tried next. Never fewer: a full grid read as a border alone would be any
  // paper of its shape.
  const step = GRID_LINE_SETS.indexOf(paper.lines ?? "full");
  for (const set of GRID_LINE_SETS.slice(0, step + 1).reverse()) {
    const found = readings(photo, { ...paper, lines: set }, { small, grey, strength, lines });
    if (found.length) return found;
  }
  return [];
}

/** The grid's corners for each reading of the photo's lines as `paper`'s (findGrid). */
function readings(
  photo: RgbaImage,
  paper: PaperMm,
  { small, grey, strength, lines }: { small: RgbaImage; grey: GreyImage; strength: Float32Array; lines: Line[] },
): Corners[] {
  const middle = { x: grey.width / 2, y: grey.height / 2 };
  // The paper across no less than this share of the photo's short side (lines as far apart as those drawn).
  const { xs, ys } = drawnLinesMm(paper);
  const shape: RunShape = {
    minSpacing: (Math.min(grey.width, grey.height) * 0.3) / Math.max(xs.length - 1, ys.length - 1),
    shortest: Math.min(3, xs.length, ys.length),
    squares: Math.max(xs[1]! - xs[0]!, ys[1]! - ys[0]!) / paper.gridMm,
  };
  // The photo's upright lines are the page's columns, or its rows when it lies on its side.
  const found = lattices(
    evenRuns(
      lines.filter((line) => line.theta < Math.PI / 4),
      true,
      middle,
      shape,
    ),
    evenRuns(
      lines.filter((line) => line.theta >= Math.PI / 4),
      false,
      middle,
      shape,
    ),
    paper,
    grey,
    strength,
  );
  const best = Math.max(...found.map((lattice) => lattice.score));
  const s = small.width === photo.width ? 1 : photo.width / small.width;
  // The same lattice read from other runs of its lines is one answer.
  const distinct: Lattice[] = [];
  for (const lattice of found
    .filter((lattice) => lattice.score >= best - SAME_SCORE_LINES / (xs.length + ys.length))
    .sort((p, q) => q.score - p.score || WAYS_UP.indexOf(p.way) - WAYS_UP.indexOf(q.way))) {
    const at = apply(lattice.transform, 0, 0);
    const same = (other: Lattice) => {
      const there = apply(other.transform, 0, 0);
      return Math.hypot(at.x - there.x, at.y - there.y) < 3;
    };
    if (!distinct.some(same)) distinct.push(lattice);
  }
  return distinct.slice(0, MAX_ANSWERS).flatMap((lattice) => {
    // From the small copy's pixels to the photo's, then fitted on the photo itself.
    const [a, b, c, d, e, f, g, h] = lattice.transform;
    let transform: Homography = [a * s, b * s, c * s, d * s, e * s, f * s, g, h];
    for (const searchMm of SEARCH_MM) transform = refine(photo, paper, transform, searchMm) ?? transform;
    const corner = (x: number, y: number) => apply(transform, x, y);
    const corners: Corners = [
      corner(0, 0),
      corner(paper.widthMm, 0),
      corner(paper.widthMm, paper.heightMm),
      corner(0, paper.heightMm),
    ];
    return isPlausibleQuad(corners) ? [corners] : [];
  });
}
