import { and, asc, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { dragonVisibleTo } from "../templates/visibility";
import { dragons, drawingChecks, learnerGoals, practiceDays, worksInProgress } from "../db/schema";
import { drawingProgress } from "../../shared/grid/done-cells";
import { isLadderStep, type GridLineSet } from "../../shared/grid/ladder";
import type { KeptCell, KeptWhole } from "../../shared/drawing-check/kept-checks";
import { addDays, checkFigures, dayIn, learnerSummary, type LearnerDrawing } from "../../shared/progress/learning";
import type { LearnerProgress } from "../../shared/progress/responses";

/** Practice days read back: enough weeks for the count of weeks met to mean something. */
export const DAYS_READ = 400;

/**
 * A learner's drawings, newest first: cells done of cells, grid lines and the last save. Only
 * templates they may still use: a picture made private by someone else drops out.
 */
export async function learnerDrawings(db: Database, userId: string): Promise<LearnerDrawing[]> {
  const rows = await db
    .select({
      dragonId: worksInProgress.dragonId,
      paperWidth: worksInProgress.paperWidth,
      paperHeight: worksInProgress.paperHeight,
      gridSize: worksInProgress.gridSize,
      doneCells: worksInProgress.doneCells,
      gridLines: worksInProgress.gridLines,
      diagonals: worksInProgress.diagonals,
      updatedAt: worksInProgress.updatedAt,
    })
    .from(worksInProgress)
    .innerJoin(dragons, eq(dragons.id, worksInProgress.dragonId))
    .where(and(eq(worksInProgress.userId, userId), dragonVisibleTo(userId)))
    .orderBy(desc(worksInProgress.updatedAt));
  return rows.map((row) => ({
    dragonId: row.dragonId,
    ...drawingProgress(row),
    // The column holds only what the schema admitted (or the table's default).
    gridLines: row.gridLines as GridLineSet,
    diagonals: row.diagonals,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A learner's progress over every drawing (decision 075), private to them. */
export async function learnerProgress(db: Database, userId: string): Promise<LearnerProgress> {
  const [goal] = await db.select().from(learnerGoals).where(eq(learnerGoals.userId, userId));
  const timeZone = goal?.timeZone ?? "UTC";
  const today = dayIn(timeZone);
  const since = addDays(today, -DAYS_READ);
  const [drawingRows, checkRows, dayRows] = await Promise.all([
    learnerDrawings(db, userId),
    db
      .select({
        id: drawingChecks.id,
        dragonId: drawingChecks.dragonId,
        dragonName: dragons.name,
        createdAt: drawingChecks.createdAt,
        cells: drawingChecks.cells,
        whole: drawingChecks.whole,
        ladderStep: drawingChecks.ladderStep,
        practised: isNotNull(drawingChecks.practice),
      })
      .from(drawingChecks)
      .innerJoin(dragons, eq(dragons.id, drawingChecks.dragonId))
      .where(and(eq(drawingChecks.userId, userId), dragonVisibleTo(userId)))
      .orderBy(asc(drawingChecks.createdAt), asc(drawingChecks.id)),
    db
      .select({ day: practiceDays.day })
      .from(practiceDays)
      .where(and(eq(practiceDays.userId, userId), gte(practiceDays.day, since)))
      .orderBy(desc(practiceDays.day)),
  ]);
  const checks = checkRows.map((row) => {
    const cells = row.cells as KeptCell[];
    return {
      id: row.id,
      dragonId: row.dragonId,
      dragonName: row.dragonName,
      createdAt: row.createdAt.toISOString(),
      cells,
      ...checkFigures(cells),
      whole: (row.whole as KeptWhole | null) ?? null,
      ladderStep: isLadderStep(row.ladderStep) ? row.ladderStep : null,
      practised: Boolean(row.practised),
    };
  });
  const summary = learnerSummary({
    drawings: drawingRows,
    checks,
    practiceDays: dayRows.map((row) => row.day),
    weeklyGoal: goal?.weeklyGoal ?? null,
    today,
  });
  // The cells themselves stay out of the answer: the page shows each check's figures.
  return { ...summary, checks: checks.map(({ cells: _cells, ...check }) => check), timeZone };
}
