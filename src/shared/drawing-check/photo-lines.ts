// The photo's straight lines, for finding the learner's grid by them (find-grid.ts, decision 062):
// on a small copy of the photo, every pixel darker than the paper on both sides of it (a thin line,
// not the edge of a shadow or of the sheet) votes for the straight lines through it (a Hough
// transform), within 45° of its own direction; of the strongest, runs of evenly spaced ones, the
// spacing changing slowly as perspective does, one line possibly missing.
import type { Point } from "./homography";
import type { GreyImage } from "./raster";

/** A line pixel is darker than the pixels this far away on both sides. */
const ACROSS_PX = 2;
/** …by this share of their brightness… */
export const MIN_RIDGE = 0.05;
/** …and by this many grey levels (sensor noise on a dark table is a large share of little). */
const MIN_RIDGE_GREY = 8;
/** A dark pencil line votes no more than a faint printed one. */
const MAX_VOTE = 0.2;
const DEGREE_STEPS = 2;
/** Normal angles from −45° to 135°: upright lines below 45°, level ones above. */
const ANGLES = 180 * DEGREE_STEPS;
/** Lines kept from the vote, strongest first. */
const MAX_LINES = 120;
/** A line has at least this share of the strongest one's votes. */
const MIN_VOTES_SHARE = 0.12;
/** Neighbours in a run are this close to the expected spacing. */
const SPACING_TOLERANCE = 0.2;
/** …and turned by at most this much from each other (degrees) a square apart (perspective turns lines further apart more)… */
const RUN_TURN = 4;
/** …and never more than this. */
const MAX_RUN_TURN = 20;

/** A straight line in normal form: x cos θ + y sin θ = ρ (θ in radians). */
export interface Line {
  theta: number;
  rho: number;
  votes: number;
}

/** Per pixel, how much darker than its neighbours on both sides (a share of their brightness), and which way the line runs. */
export function ridges(grey: GreyImage): { strength: Float32Array; upright: Uint8Array } {
  const { width, height, data } = grey;
  const strength = new Float32Array(width * height);
  const upright = new Uint8Array(width * height);
  const d = ACROSS_PX;
  for (let y = d; y < height - d; y++) {
    for (let x = d; x < width - d; x++) {
      const i = y * width + x;
      const c = data[i]!;
      const left = data[i - d]!;
      const right = data[i + d]!;
      const up = data[i - d * width]!;
      const down = data[i + d * width]!;
      const acrossGrey = Math.min(left, right) - c;
      const alongGrey = Math.min(up, down) - c;
      const across = acrossGrey >= MIN_RIDGE_GREY ? acrossGrey / Math.max(left, right) : 0;
      const along = alongGrey >= MIN_RIDGE_GREY ? alongGrey / Math.max(up, down) : 0;
      if (across >= along && across > 0) {
        strength[i] = across;
        upright[i] = 1;
      } else if (along > 0) strength[i] = along;
    }
  }
  return { strength, upright };
}

/** The Hough vote, then its peaks: the strongest straight lines. */
export function strongLines(width: number, height: number, strength: Float32Array, upright: Uint8Array): Line[] {
  const rhoOffset = width;
  const rhos = 2 * width + height + 2;
  const votes = new Float32Array(ANGLES * rhos);
  const cos = new Float32Array(ANGLES);
  const sin = new Float32Array(ANGLES);
  for (let a = 0; a < ANGLES; a++) {
    const theta = ((a / DEGREE_STEPS - 45) * Math.PI) / 180;
    cos[a] = Math.cos(theta);
    sin[a] = Math.sin(theta);
  }
  const half = ANGLES / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const s = strength[i]!;
      if (s < MIN_RIDGE) continue;
      const vote = Math.min(MAX_VOTE, s);
      // An upright line's normal is within 45° of level (angles −45° to 45°), a level one's is not.
      const from = upright[i] ? 0 : half;
      for (let a = from; a < from + half; a++) {
        const rho = Math.round(x * cos[a]! + y * sin[a]!) + rhoOffset;
        votes[a * rhos + rho]! += vote;
      }
    }
  }
  let strongest = 0;
  for (let i = 0; i < votes.length; i++) if (votes[i]! > strongest) strongest = votes[i]!;
  const floor = strongest * MIN_VOTES_SHARE;
  const peaks: Line[] = [];
  const windowA = 2 * DEGREE_STEPS;
  const windowR = 3;
  for (let a = 0; a < ANGLES; a++) {
    for (let r = 0; r < rhos; r++) {
      const v = votes[a * rhos + r]!;
      if (v < floor) continue;
      let peak = true;
      for (let da = -windowA; da <= windowA && peak; da++) {
        const aa = a + da;
        if (aa < 0 || aa >= ANGLES) continue;
        for (let dr = -windowR; dr <= windowR; dr++) {
          const rr = r + dr;
          if (rr < 0 || rr >= rhos || (da === 0 && dr === 0)) continue;
          const w = votes[aa * rhos + rr]!;
          // Ties go to the first bin, so a flat top gives one peak.
          if (w > v || (w === v && (da < 0 || (da === 0 && dr < 0)))) {
            peak = false;
            break;
          }
        }
      }
      if (peak) peaks.push({ theta: ((a / DEGREE_STEPS - 45) * Math.PI) / 180, rho: r - rhoOffset, votes: v });
    }
  }
  return peaks.sort((p, q) => q.votes - p.votes).slice(0, MAX_LINES);
}

/** A line's place across its family: where an upright line crosses the middle row, a level one the middle column. */
const placeOf = (line: Line, upright: boolean, middle: Point) =>
  upright
    ? (line.rho - middle.y * Math.sin(line.theta)) / Math.cos(line.theta)
    : (line.rho - middle.x * Math.cos(line.theta)) / Math.sin(line.theta);

export interface Run {
  /** Each member's index in the run (0 first; a missing line leaves a gap) and its line. */
  members: { index: number; line: Line }[];
}

export interface RunShape {
  /** Neighbours are at least this far apart (px). */
  minSpacing: number;
  /** A run has at least this many lines (a border alone is two). */
  shortest: number;
  /** Neighbours are this many squares apart at most (a grid with fewer lines). */
  squares: number;
}

/**
 * The runs of evenly spaced lines (the spacing changing slowly), longest first, then strongest
 * (of the many pairs a border alone might be, its long lines come first).
 */
export function evenRuns(lines: Line[], upright: boolean, middle: Point, shape: RunShape): Run[] {
  const { minSpacing, shortest } = shape;
  // One line gives several peaks a little turned from each other, and a row of cell labels runs
  // beside its grid line: of lines closer than a third of the smallest square, the strongest.
  const placed: { line: Line; at: number }[] = [];
  for (const line of lines) {
    const at = placeOf(line, upright, middle);
    if (Number.isFinite(at) && !placed.some((p) => Math.abs(p.at - at) < minSpacing / 3)) placed.push({ line, at });
  }
  placed.sort((p, q) => p.at - q.at);
  const turnLimit = (Math.min(MAX_RUN_TURN, RUN_TURN * Math.max(1, shape.squares)) * Math.PI) / 180;
  const next = (from: number, spacing: number, direction: 1 | -1) => {
    for (const steps of [1, 2]) {
      const expected = placed[from]!.at + direction * spacing * steps;
      let best = -1;
      for (let k = 0; k < placed.length; k++) {
        const off = Math.abs(placed[k]!.at - expected);
        if (off > SPACING_TOLERANCE * spacing) continue;
        if (Math.abs(placed[k]!.line.theta - placed[from]!.line.theta) > turnLimit * steps) continue;
        if (best < 0 || off < Math.abs(placed[best]!.at - expected)) best = k;
      }
      if (best >= 0) return { k: best, steps };
    }
    return null;
  };
  const runs = new Map<string, Run>();
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const spacing = placed[j]!.at - placed[i]!.at;
      if (spacing < minSpacing) continue;
      if (Math.abs(placed[j]!.line.theta - placed[i]!.line.theta) > turnLimit) continue;
      const members = [
        { index: 0, k: i },
        { index: 1, k: j },
      ];
      for (const direction of [1, -1] as const) {
        let spacingNow = spacing;
        for (;;) {
          const last = direction === 1 ? members[members.length - 1]! : members[0]!;
          const found = next(last.k, spacingNow, direction);
          if (!found || members.some((m) => m.k === found.k)) break;
          spacingNow = Math.abs(placed[found.k]!.at - placed[last.k]!.at) / found.steps;
          const member = { index: last.index + direction * found.steps, k: found.k };
          if (direction === 1) members.push(member);
          else members.unshift(member);
        }
      }
      if (members.length < shortest) continue;
      const first = members[0]!.index;
      const key = members.map((m) => m.k).join(",");
      if (!runs.has(key))
        runs.set(key, { members: members.map((m) => ({ index: m.index - first, line: placed[m.k]!.line })) });
    }
  }
  // Among pairs, a border's two long lines have the most votes; longer runs keep the order found.
  const votes = (run: Run) => run.members.reduce((sum, member) => sum + member.line.votes, 0);
  return [...runs.values()].sort(
    (p, q) => q.members.length - p.members.length || (shortest > 2 ? 0 : votes(q) - votes(p)),
  );
}

export function crossing(p: Line, q: Line): Point | null {
  const det = Math.cos(p.theta) * Math.sin(q.theta) - Math.sin(p.theta) * Math.cos(q.theta);
  if (Math.abs(det) < 1e-9) return null;
  return {
    x: (p.rho * Math.sin(q.theta) - q.rho * Math.sin(p.theta)) / det,
    y: (q.rho * Math.cos(p.theta) - p.rho * Math.cos(q.theta)) / det,
  };
}

/** The line through two points. */
export function lineThrough(p: Point, q: Point): Line {
  const theta = Math.atan2(q.x - p.x, -(q.y - p.y));
  return { theta, rho: p.x * Math.cos(theta) + p.y * Math.sin(theta), votes: 0 };
}
