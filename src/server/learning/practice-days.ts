import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { learnerGoals, practiceDays } from "../db/schema";
import { dayIn } from "../../shared/progress/learning";

/** The time zone a learner's days are counted in: the one they gave with their goal, else UTC. */
export async function learnerTimeZone(db: Database, userId: string): Promise<string> {
  const [goal] = await db
    .select({ timeZone: learnerGoals.timeZone })
    .from(learnerGoals)
    .where(eq(learnerGoals.userId, userId));
  return goal?.timeZone ?? "UTC";
}

/** Counts today as a day of real practice for the weekly goal (decision 075): once a day, whatever is done. */
export async function notePracticeDay(db: Database, userId: string): Promise<void> {
  const day = dayIn(await learnerTimeZone(db, userId));
  await db.insert(practiceDays).values({ userId, day }).onConflictDoNothing();
}
