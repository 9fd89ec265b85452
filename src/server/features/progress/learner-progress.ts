import type { Database } from "../../db/client";
import { learnerGoals, practiceDays } from "../../db/schema";
import type { Handlers } from "../../http/contract-plugin";
import { addDays, dayIn } from "../../../shared/progress/learning";
import { DAYS_READ, learnerProgress } from "../../learning/learner-progress";

/** Goal changes (or moves from a visitor's browser) a learner may make in an hour. */
const GOAL_CHANGES_PER_HOUR = 30;

/** The progress page's answers (decision 075): the learner's progress, their weekly goal, and what a visitor's browser kept. */
export function learnerProgressHandlers(
  db: Database,
): Handlers<"GET /api/progress" | "PUT /api/progress/goal" | "POST /api/progress/visitor"> {
  return {
    "GET /api/progress": async (_request, reply, caller) => {
      reply.header("cache-control", "no-store");
      return learnerProgress(db, caller.id);
    },

    "PUT /api/progress/goal": {
      options: { config: { rateLimit: { max: GOAL_CHANGES_PER_HOUR, timeWindow: 60 * 60_000 } } },
      handler: async (request, reply, caller) => {
        const { weeklyGoal, timeZone } = request.body;
        await db
          .insert(learnerGoals)
          .values({ userId: caller.id, weeklyGoal, timeZone })
          .onConflictDoUpdate({ target: learnerGoals.userId, set: { weeklyGoal, timeZone, updatedAt: new Date() } });
        reply.header("cache-control", "no-store");
        return learnerProgress(db, caller.id);
      },
    },

    "POST /api/progress/visitor": {
      options: { config: { rateLimit: { max: GOAL_CHANGES_PER_HOUR, timeWindow: 60 * 60_000 } } },
      handler: async (request, reply, caller) => {
        const { practiceDays: days, weeklyGoal, timeZone } = request.body;
        // Days the browser counted, up to the learner's tomorrow (a browser a zone ahead) and no
        // further back than the progress reads.
        const today = dayIn(timeZone);
        const [earliest, latest] = [addDays(today, -DAYS_READ), addDays(today, 1)];
        const kept = [...new Set(days)].filter((day) => day >= earliest && day <= latest);
        if (kept.length)
          await db
            .insert(practiceDays)
            .values(kept.map((day) => ({ userId: caller.id, day })))
            .onConflictDoNothing();
        // The account's own goal wins: it was set by the member, the browser's by a visitor.
        await db
          .insert(learnerGoals)
          .values({ userId: caller.id, weeklyGoal, timeZone })
          .onConflictDoNothing({ target: learnerGoals.userId });
        reply.header("cache-control", "no-store");
        return learnerProgress(db, caller.id);
      },
    },
  };
}
