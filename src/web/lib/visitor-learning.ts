import type { KeptCheck } from "../../shared/drawing-check/kept-checks";
import type { SavedProgress } from "../../shared/progress/responses";
import { drawingProgress } from "../../shared/grid/done-cells";
import { parseGridSize, parsePaperHeight, parsePaperWidth } from "../../shared/grid/grid";
import { GRID_LINE_SETS } from "../../shared/grid/ladder";
import { dayIn, type LearnerDrawing } from "../../shared/progress/learning";
import { read, write } from "./on-this-device";
import { VISITOR_COPY_PREFIX } from "./progress-keys";

// What a visitor's browser keeps of their learning (decision 075), until they sign up and it moves
// into the account (features/progress/move-visitor-progress.ts): the checks kept with each drawing,
// the days they practised, their weekly goal and the drawing they worked on last.

const CHECKS_PREFIX = "dragon-grid:checks:";
const LEARNING_KEY = "dragon-grid:learning";

const visitorChecksKey = (dragonId: string) => `${CHECKS_PREFIX}${dragonId}`;

export interface VisitorLearning {
  /** Days with a cell marked done or a check made, "YYYY-MM-DD" in this browser's time. */
  practiceDays: string[];
  weeklyGoal: number | null;
  /** When each drawing's canvas last changed (ISO time): the latest one's grid ladder step is the learner's. */
  drawnAt: Record<string, string>;
}

/**
 * A visitor's drawings: the canvas copies this browser keeps (features/canvas/use-canvas-state.ts),
 * read as the canvas reads them, with the time each last changed.
 */
export function visitorDrawings(): LearnerDrawing[] {
  let keys: string[];
  try {
    keys = Object.keys(localStorage).filter((key) => key.startsWith(VISITOR_COPY_PREFIX));
  } catch {
    return [];
  }
  const { drawnAt } = readVisitorLearning();
  return keys.map((key) => {
    const copy = read<Partial<SavedProgress>>(key);
    const dragonId = key.slice(VISITOR_COPY_PREFIX.length);
    const doneCells = copy?.doneCells;
    return {
      dragonId,
      ...drawingProgress({
        paperWidth: parsePaperWidth(copy?.paperWidth),
        paperHeight: parsePaperHeight(copy?.paperHeight),
        gridSize: parseGridSize(copy?.gridSize),
        doneCells: Array.isArray(doneCells) ? doneCells : [],
      }),
      gridLines: GRID_LINE_SETS.find((set) => set === copy?.gridLines) ?? "full",
      diagonals: copy?.diagonals === true,
      updatedAt: drawnAt[dragonId] ?? new Date(0).toISOString(),
    };
  });
}

/** A visitor's kept checks of one dragon, oldest first (checks kept before a figure was measured lack it). */
export function readVisitorChecks(dragonId: string): KeptCheck[] {
  const stored = read<unknown>(visitorChecksKey(dragonId));
  return Array.isArray(stored)
    ? (stored as KeptCheck[])
        .filter((check) => Array.isArray(check?.cells))
        .map((check) => ({
          ...check,
          whole: check.whole ?? null,
          practice: check.practice ?? null,
          ladderStep: check.ladderStep ?? null,
        }))
    : [];
}

/** Keeps a visitor's checks of one dragon (false when the browser would not: storage full or blocked). */
export function keepVisitorChecks(dragonId: string, checks: readonly KeptCheck[]): boolean {
  try {
    localStorage.setItem(visitorChecksKey(dragonId), JSON.stringify(checks));
    return true;
  } catch {
    return false;
  }
}

/** Every dragon this browser keeps a visitor's checks of. */
export function visitorCheckedDragons(): string[] {
  try {
    return Object.keys(localStorage)
      .filter((key) => key.startsWith(CHECKS_PREFIX))
      .map((key) => key.slice(CHECKS_PREFIX.length));
  } catch {
    return [];
  }
}

export function readVisitorLearning(): VisitorLearning {
  const stored = read<Partial<VisitorLearning>>(LEARNING_KEY);
  return {
    practiceDays: Array.isArray(stored?.practiceDays)
      ? stored.practiceDays.filter((day) => typeof day === "string")
      : [],
    weeklyGoal: typeof stored?.weeklyGoal === "number" ? stored.weeklyGoal : null,
    drawnAt: stored?.drawnAt && typeof stored.drawnAt === "object" ? (stored.drawnAt as Record<string, string>) : {},
  };
}

const changeLearning = (change: Partial<VisitorLearning>) =>
  write(LEARNING_KEY, { ...readVisitorLearning(), ...change });

/** This browser's time zone, as the weekly goal counts days in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** This browser's today, "YYYY-MM-DD". */
export const localDay = () => dayIn(browserTimeZone());

/** Today counts as a day of practice: a cell was marked done or a check made. */
export function noteVisitorPracticeDay(): void {
  const { practiceDays } = readVisitorLearning();
  const today = localDay();
  // About a year is all the weekly goal counts.
  if (!practiceDays.includes(today)) changeLearning({ practiceDays: [...practiceDays, today].slice(-400) });
}

export const setVisitorGoal = (weeklyGoal: number | null) => changeLearning({ weeklyGoal });
export const noteVisitorDrawn = (dragonId: string) =>
  changeLearning({ drawnAt: { ...readVisitorLearning().drawnAt, [dragonId]: new Date().toISOString() } });

/** Once moved into an account: the days and goal are the account's now. */
export function forgetVisitorLearning(): void {
  try {
    localStorage.removeItem(LEARNING_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

export function forgetVisitorChecks(dragonId: string): void {
  try {
    localStorage.removeItem(visitorChecksKey(dragonId));
  } catch {
    // Storage disabled: nothing was kept.
  }
}
