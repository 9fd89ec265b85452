// A learner's progress over every drawing (issue 46, decision 075): drawings started and finished,
// each check's errors over time, the grid ladder's step, practice sheets, the weekly goal and the
// milestones. Pure, so the server answers a member's with it and the browser works out a visitor's
// from what it keeps, the same way.
import { checkSummary, type KeptCell, type KeptWhole } from "../drawing-check/kept-checks";
import { medianErrorMm } from "../drawing-check/cell-errors";
import { ladderStep, type GridLineSet, type LadderStep } from "../grid/ladder";

/** One drawing as the progress sees it: its cells done of its cells and its grid lines. */
export interface LearnerDrawing {
  dragonId: string;
  cellsDone: number;
  cells: number;
  gridLines: GridLineSet;
  diagonals: boolean;
  updatedAt: string;
}

/** One kept check as the progress sees it. */
export interface LearnerCheck {
  id: string;
  dragonId: string;
  createdAt: string;
  cells: readonly KeptCell[];
  whole: KeptWhole | null;
  /** The grid ladder's step the drawing was made at; null for checks kept before it was recorded. */
  ladderStep: LadderStep | null;
  /** Whether a practice sheet made from it was photographed. */
  practised: boolean;
}

export const WEEKLY_GOAL_MIN = 1;
export const WEEKLY_GOAL_MAX = 7;

export const MILESTONES = ["first-finished", "step-3", "size-halved", "freehand-2mm"] as const;
export type Milestone = (typeof MILESTONES)[number];
// Marked for the catalogs (`/*i18n*/`): the web shows them through `i18n._`.
export const MILESTONE_NAMES: Record<Milestone, string> = {
  "first-finished": /*i18n*/ "First drawing finished",
  "step-3": /*i18n*/ "First drawing with every other line",
  "size-halved": /*i18n*/ "Size error halved",
  "freehand-2mm": /*i18n*/ "First freehand drawing within 2 mm",
};

/**
 * A size error at or under this (in %) is not counted as one to halve: photos of one drawing
 * differ in size by about this much (the same-sheet figure of `npm run bench`).
 */
export const SIZE_NOISE_PERCENT = 2;
/** A freehand drawing (step 5) whose median error is at most this reaches the last milestone. */
const FREEHAND_MM = 2;

export interface LearnerProgressInput {
  drawings: readonly LearnerDrawing[];
  checks: readonly LearnerCheck[];
  /** Days with real practice (a cell marked done or a check made), "YYYY-MM-DD" in the learner's time. */
  practiceDays: readonly string[];
  weeklyGoal: number | null;
  /** The learner's today, "YYYY-MM-DD". */
  today: string;
}

export interface LearnerSummary {
  started: number;
  finished: number;
  /** The step of the drawing worked on last: a new drawing starts there (decision 075). */
  ladderStep: LadderStep;
  practiceSheets: number;
  week: {
    goal: number | null;
    /** Days practised this week (Monday to Sunday). */
    done: number;
    /** Weeks the goal was met; a missed week pauses the count, it never wipes it. */
    weeksMet: number;
    /** The last whole week missed the goal and this one has not met it yet. */
    paused: boolean;
  };
  milestones: { id: Milestone; reachedAt: string | null }[];
}

const DAY_MS = 86_400_000;

/** Whether a text is a real day written "YYYY-MM-DD" (not 2026-02-31). */
export const isDay = (day: string) => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
};

/** The day `days` after (or before) a day. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** The Monday that starts a day's week, as a day number (1970-01-01 was a Thursday). */
const weekOf = (day: string) => {
  const n = dayNumber(day);
  return n - ((n + 3) % 7);
};

/** The weekly goal's count: days with practice in each week, this week's, and weeks met. */
function weekly(days: readonly string[], goal: number | null, today: string): LearnerSummary["week"] {
  const perWeek = new Map<number, number>();
  for (const day of new Set(days)) perWeek.set(weekOf(day), (perWeek.get(weekOf(day)) ?? 0) + 1);
  const thisWeek = weekOf(today);
  const done = perWeek.get(thisWeek) ?? 0;
  if (!goal) return { goal: null, done, weeksMet: 0, paused: false };
  const weeksMet = [...perWeek.values()].filter((count) => count >= goal).length;
  const lastWeekMet = (perWeek.get(thisWeek - 7) ?? 0) >= goal;
  return { goal, done, weeksMet, paused: weeksMet > 0 && !lastWeekMet && done < goal };
}

const byTime = <T extends { createdAt: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/** When each milestone was reached, from the checks and drawings; null while it is ahead. */
function milestones(drawings: readonly LearnerDrawing[], checks: readonly LearnerCheck[]) {
  const finished = drawings
    .filter((drawing) => drawing.cells > 0 && drawing.cellsDone >= drawing.cells)
    .map((drawing) => drawing.updatedAt)
    .sort();
  const inOrder = byTime(checks);
  const firstSize = inOrder.find((check) => check.whole)?.whole?.sizePercent;
  const halved =
    firstSize !== undefined && Math.abs(firstSize) >= 2 * SIZE_NOISE_PERCENT
      ? inOrder.find((check) => check.whole && Math.abs(check.whole.sizePercent) <= Math.abs(firstSize) / 2)
      : undefined;
  const reached: Record<Milestone, string | null> = {
    "first-finished": finished[0] ?? null,
    "step-3": inOrder.find((check) => (check.ladderStep ?? 1) >= 3)?.createdAt ?? null,
    "size-halved": halved?.createdAt ?? null,
    "freehand-2mm":
      inOrder.find((check) => {
        const median = medianErrorMm(check.cells);
        return check.ladderStep === 5 && median !== null && median <= FREEHAND_MM;
      })?.createdAt ?? null,
  };
  return MILESTONES.map((id) => ({ id, reachedAt: reached[id] }));
}

/** What the progress page shows of a check's cells: their median distance (mm), cells drawn and cells close. */
export function checkFigures(cells: readonly KeptCell[]): { medianMm: number | null; drawn: number; close: number } {
  const { drawn, close } = checkSummary(cells);
  return { medianMm: medianErrorMm(cells), drawn, close };
}

export function learnerSummary(input: LearnerProgressInput): LearnerSummary {
  const latest = [...input.drawings].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  return {
    started: input.drawings.length,
    finished: input.drawings.filter((drawing) => drawing.cells > 0 && drawing.cellsDone >= drawing.cells).length,
    ladderStep: latest ? ladderStep(latest) : 1,
    practiceSheets: input.checks.filter((check) => check.practised).length,
    week: weekly(input.practiceDays, input.weeklyGoal, input.today),
    milestones: milestones(input.drawings, input.checks),
  };
}

/** A date's day in a time zone, "YYYY-MM-DD" (en-CA writes dates that way); UTC for an unknown zone. */
export function dayIn(timeZone: string | null, at: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: timeZone ?? "UTC", dateStyle: "short" }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}
