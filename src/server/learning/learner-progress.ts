import { and, asc, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { dragonVisibleTo } from "../templates/visibility";
import { dragons, drawingChecks, learnerGoals, practiceDays, worksInProgress } from "../db/schema";
import { drawingProgress } from "../../shared/grid/done-cells";
import { isLadderStep, type GridLineSet } from "../../shared/grid/ladder";
import type { KeptCell, KeptWhole } from "../../shared/drawing-check/kept-checks";
import { addDays, checkFigures, dayIn, learnerSummary } from "../../shared/progress/learning";
import type { LearnerProgress } from "../../shared/progress/responses";

/** Practice days read back: enough weeks for the count of weeks met to mean something. */
export const DAYS_READ = 400;

/** A learner's progress over every drawing (decision 075), private to them. */
export async function learnerProgress(db: Database, userId: string): Promise<LearnerProgress> {
  const [goal] = await db.select().from(learnerGoals).where(eq(learnerGoals.userId, userId));
  const timeZone = goal?.timeZone ?? "UTC";
  const today = dayIn(timeZone);
  const since = addDays(today, -DAYS_READ);
  // Only templates the learner may still use, as 'Your drawings' lists them.
  const [drawingRows, checkRows, dayRows] = await Promise.all([
    db
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
      .where(and(eq(worksInProgress.userId, userId), dragonVisibleTo(userId))),
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
    drawings: drawingRows.map((row) => ({
      dragonId: row.dragonId,
      ...drawingProgress(row),
      gridLines: row.gridLines as GridLineSet,
      diagonals: row.diagonals,
      updatedAt: row.updatedAt.toISOString(),
    })),
    checks,
    practiceDays: dayRows.map((row) => row.day),
    weeklyGoal: goal?.weeklyGoal ?? null,
    today,
  });
  // The cells themselves stay out of the answer: the page shows each check's figures.
  return { ...summary, checks: checks.map(({ cells: _cells, ...check }) => check), timeZone };
}
