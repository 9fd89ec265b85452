import { checkFigures, learnerSummary, type LearnerCheck } from "../../../shared/progress/learning";
import type { LearnerProgress } from "../../../shared/progress/responses";
import {
  browserTimeZone,
  localDay,
  readVisitorChecks,
  readVisitorLearning,
  visitorCheckedDragons,
  visitorDrawings,
} from "../../lib/visitor-learning";

/**
 * A visitor's progress, worked out from what this browser keeps the way the server works out a
 * member's (shared/progress/learning.ts). `names` gives each dragon's name; a dragon no longer in
 * the library is left out, as the server leaves it out of a member's.
 */
export function visitorProgress(names: ReadonlyMap<string, string>): LearnerProgress {
  const learning = readVisitorLearning();
  const checks = visitorCheckedDragons()
    .filter((dragonId) => names.has(dragonId))
    .flatMap((dragonId) =>
      readVisitorChecks(dragonId).map((check): LearnerCheck & { dragonName: string } => ({
        id: check.id,
        dragonId,
        dragonName: names.get(dragonId)!,
        createdAt: check.createdAt,
        cells: check.cells,
        whole: check.whole,
        ladderStep: check.ladderStep,
        practised: check.practice !== null,
      })),
    )
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const summary = learnerSummary({
    drawings: visitorDrawings().filter((drawing) => names.has(drawing.dragonId)),
    checks,
    practiceDays: learning.practiceDays,
    weeklyGoal: learning.weeklyGoal,
    today: localDay(),
  });
  return {
    ...summary,
    checks: checks.map(({ cells, ...check }) => ({ ...check, ...checkFigures(cells) })),
    timeZone: browserTimeZone(),
  };
}
