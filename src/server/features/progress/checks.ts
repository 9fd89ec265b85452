import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dragonVisibleTo } from "../../templates/visibility";
import { dragons, drawingChecks, storedObjects } from "../../db/schema";
import { objectUrl, type ObjectStorage } from "../../storage/object-storage";
import { ownCheckedImageKey } from "../../storage/own-upload";
import type { Handlers } from "../../http/contract-plugin";
import { isLadderStep } from "../../../shared/grid/ladder";
import { HttpError } from "../../http/errors";
import { notePracticeDay } from "../../learning/practice-days";
import {
  CHECKS_KEPT,
  type KeptCell,
  type KeptCheck,
  type KeptPractice,
  type KeptWhole,
} from "../../../shared/drawing-check/kept-checks";

/** Checks a member may keep in an hour: a check takes a photo and a minute, so this is never met by hand. */
const CHECKS_PER_HOUR = 60;

const answer = (row: typeof drawingChecks.$inferSelect): KeptCheck => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  columns: row.columns,
  rows: row.rows,
  cells: row.cells as KeptCell[],
  whole: (row.whole as KeptWhole | null) ?? null,
  ladderStep: isLadderStep(row.ladderStep) ? row.ladderStep : null,
  photoUrl: row.photoKey ? objectUrl(row.photoKey) : null,
  practice: (row.practice as KeptPractice | null) ?? null,
});

/** Drawing checks kept with a learner's progress (decision 028); a learner only ever sees their own. */
export function checkHandlers(
  db: Database,
  storage: ObjectStorage,
): Handlers<
  | "GET /api/checks/:dragonId"
  | "POST /api/checks/:dragonId"
  | "PUT /api/checks/:dragonId/:checkId/photo"
  | "PUT /api/checks/:dragonId/:checkId/practice"
> {
  return {
    "GET /api/checks/:dragonId": async (request, reply, caller) => {
      const rows = await db
        .select()
        .from(drawingChecks)
        .where(and(eq(drawingChecks.userId, caller.id), eq(drawingChecks.dragonId, request.params.dragonId)))
        .orderBy(desc(drawingChecks.createdAt), desc(drawingChecks.id))
        .limit(CHECKS_KEPT);
      reply.header("cache-control", "no-store");
      return rows.reverse().map(answer);
    },

    "POST /api/checks/:dragonId": {
      options: { config: { rateLimit: { max: CHECKS_PER_HOUR, timeWindow: 60 * 60_000 } } },
      handler: async (request, reply, caller) => {
        const { dragonId } = request.params;
        const [dragon] = await db
          .select({ id: dragons.id })
          .from(dragons)
          .where(and(eq(dragons.id, dragonId), dragonVisibleTo(caller.id)));
        if (!dragon) throw new HttpError(404, /*i18n*/ "Dragon not found");
        const row = await db.transaction(async (tx) => {
          const [kept] = await tx
            .insert(drawingChecks)
            .values({
              userId: caller.id,
              dragonId,
              columns: request.body.columns,
              rows: request.body.rows,
              cells: request.body.cells,
              whole: request.body.whole,
              ladderStep: request.body.ladderStep,
              ...(request.body.keptAt ? { createdAt: new Date(request.body.keptAt) } : {}),
            })
            .returning();
          // Only the newest are kept: the chart shows them, older ones would only grow the table.
          const newest = tx
            .select({ id: drawingChecks.id })
            .from(drawingChecks)
            .where(and(eq(drawingChecks.userId, caller.id), eq(drawingChecks.dragonId, dragonId)))
            .orderBy(desc(drawingChecks.createdAt), desc(drawingChecks.id))
            .limit(CHECKS_KEPT);
          const dropped = await tx
            .delete(drawingChecks)
            .where(
              and(
                eq(drawingChecks.userId, caller.id),
                eq(drawingChecks.dragonId, dragonId),
                notInArray(drawingChecks.id, newest),
              ),
            )
            .returning({ photoKey: drawingChecks.photoKey });
          return { kept: kept!, photos: dropped.flatMap((check) => (check.photoKey ? [check.photoKey] : [])) };
        });
        // A dropped check's kept photo goes with it.
        await Promise.all(row.photos.map((key) => storage.delete(key)));
        // A check moved from a visitor's browser was practice on the days that browser counted.
        if (!request.body.keptAt) await notePracticeDay(db, caller.id);
        reply.code(201);
        return answer(row.kept);
      },
    },

    "PUT /api/checks/:dragonId/:checkId/photo": {
      options: { config: { rateLimit: { max: CHECKS_PER_HOUR, timeWindow: 60 * 60_000 } } },
      handler: async (request, _reply, caller) => {
        const { dragonId, checkId } = request.params;
        const [check] = await db
          .select()
          .from(drawingChecks)
          .where(
            and(
              eq(drawingChecks.id, checkId),
              eq(drawingChecks.userId, caller.id),
              eq(drawingChecks.dragonId, dragonId),
            ),
          );
        if (!check) throw new HttpError(404, /*i18n*/ "Check not found");
        const key = await ownCheckedImageKey(storage, request.body.objectPath, caller.id);
        if (!key) throw new HttpError(400, /*i18n*/ "Invalid objectPath: not an uploaded image of yours");
        const updated = await db.transaction(async (tx) => {
          // Claimed as a post claims its photos: no longer a checked upload, so it cannot also become
          // a post's photo or another check's (and so cannot be deleted from under either).
          const claimed = await tx
            .update(storedObjects)
            .set({ isPublic: false, checked: false })
            .where(
              and(eq(storedObjects.key, key), eq(storedObjects.ownerId, caller.id), eq(storedObjects.checked, true)),
            )
            .returning({ key: storedObjects.key });
          if (!claimed.length) throw new HttpError(400, /*i18n*/ "Invalid objectPath: not an uploaded image of yours");
          const [row] = await tx
            .update(drawingChecks)
            .set({ photoKey: key })
            .where(and(eq(drawingChecks.id, checkId), eq(drawingChecks.userId, caller.id)))
            .returning();
          if (!row) throw new HttpError(404, /*i18n*/ "Check not found");
          return row;
        });
        if (check.photoKey && check.photoKey !== key) await storage.delete(check.photoKey);
        return answer(updated);
      },
    },

    "PUT /api/checks/:dragonId/:checkId/practice": {
      options: { config: { rateLimit: { max: CHECKS_PER_HOUR, timeWindow: 60 * 60_000 } } },
      handler: async (request, _reply, caller) => {
        const { dragonId, checkId } = request.params;
        const mine = and(
          eq(drawingChecks.id, checkId),
          eq(drawingChecks.userId, caller.id),
          eq(drawingChecks.dragonId, dragonId),
        );
        const [check] = await db.select({ cells: drawingChecks.cells }).from(drawingChecks).where(mine);
        if (!check) throw new HttpError(404, /*i18n*/ "Check not found");
        // A practice sheet holds cells of the check it was made from, and nothing else.
        const labels = new Set((check.cells as KeptCell[]).map((cell) => cell.label));
        if (request.body.cells.some((cell) => !labels.has(cell.label)))
          throw new HttpError(400, /*i18n*/ "cells must be cells of the check");
        const practice: KeptPractice = { cells: request.body.cells, practisedAt: new Date().toISOString() };
        const [row] = await db.update(drawingChecks).set({ practice }).where(mine).returning();
        if (!row) throw new HttpError(404, /*i18n*/ "Check not found");
        await notePracticeDay(db, caller.id);
        return answer(row);
      },
    },
  };
}
