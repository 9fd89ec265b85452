import { callApi } from "../../lib/api-client";
import { read } from "../../lib/on-this-device";
import { visitorCopyKey } from "../../lib/progress-keys";
import type { ProgressState } from "../../../shared/progress/index";
import {
  forgetVisitorChecks,
  browserTimeZone,
  forgetVisitorLearning,
  keepVisitorChecks,
  readVisitorChecks,
  readVisitorLearning,
  visitorCheckedDragons,
  visitorDrawings,
} from "../../lib/visitor-learning";

/**
 * Moves what this browser kept while its learner was a visitor into the account they signed in to
 * (decision 075): the canvas copies of drawings it has none of, each kept check with the time it
 * was made and its practice sheet, then the days
 * practised and the weekly goal. Each dragon's checks are forgotten here once the account has them;
 * a dragon gone from the library takes its checks with it. Nothing kept: nothing is sent.
 */
const answered = (error: unknown, status: number) => error instanceof Error && error.message.startsWith(`${status}:`);

export async function moveVisitorProgress(): Promise<void> {
  // Drawings first, those the account has none of (as the canvas takes a visitor's copy when it
  // opens): their grid lines make the learner's step.
  const copies = visitorDrawings();
  if (copies.length) {
    const saved = new Set((await callApi("GET /api/wip")).map((drawing) => drawing.dragonId));
    for (const { dragonId } of copies.filter((copy) => !saved.has(copy.dragonId))) {
      const copy = read<ProgressState>(visitorCopyKey(dragonId));
      if (!copy) continue;
      try {
        await callApi("POST /api/wip", { body: { ...copy, dragonId } });
      } catch (error) {
        // A dragon gone or a copy the server refuses stays this browser's; the rest waits for a later visit.
        if (!answered(error, 404) && !answered(error, 400)) throw error;
      }
    }
  }
  for (const dragonId of visitorCheckedDragons()) {
    const checks = readVisitorChecks(dragonId);
    while (checks.length) {
      const check = checks[0]!;
      try {
        const kept = await callApi("POST /api/checks/:dragonId", {
          params: { dragonId },
          body: {
            columns: check.columns,
            rows: check.rows,
            cells: check.cells,
            whole: check.whole,
            ladderStep: check.ladderStep,
            keptAt: check.createdAt,
          },
        });
        if (check.practice)
          await callApi("PUT /api/checks/:dragonId/:checkId/practice", {
            params: { dragonId, checkId: kept.id },
            body: { cells: check.practice.cells },
          });
      } catch (error) {
        // The dragon is gone: so are its checks. A check the server refuses (older than it keeps)
        // is let go. Anything else (offline, a limit) leaves the rest here for a later visit.
        if (answered(error, 404)) break;
        if (!answered(error, 400)) throw error;
      }
      // Forgotten one by one, so a move cut short does not send a check twice.
      checks.shift();
      keepVisitorChecks(dragonId, checks);
    }
    forgetVisitorChecks(dragonId);
  }
  const learning = readVisitorLearning();
  if (!learning.practiceDays.length && learning.weeklyGoal === null) return;
  await callApi("POST /api/progress/visitor", {
    body: { practiceDays: learning.practiceDays, weeklyGoal: learning.weeklyGoal, timeZone: browserTimeZone() },
  });
  forgetVisitorLearning();
}
