import type { FastifyInstance } from "fastify";
import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dragons, drawingChecks } from "../../db/schema";
import { route } from "../../http/contract-route";
import { HttpError } from "../../http/errors";
import { requireUser } from "../../auth/sessions";
import { CHECKS_KEPT, type KeptCell, type KeptCheck } from "../../../shared/drawing-checks";

/** Checks a member may keep in an hour: a check takes a photo and a minute, so this is never met by hand. */
const CHECKS_PER_HOUR = 60;

const answer = (row: typeof drawingChecks.$inferSelect): KeptCheck => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  columns: row.columns,
  rows: row.rows,
  cells: row.cells as KeptCell[],
});

/** Drawing checks kept with a learner's progress (decision 028); a learner only ever sees their own. */
export function registerCheckRoutes(app: FastifyInstance, db: Database) {
  route(app, "GET /api/checks/:dragonId", { preValidation: requireUser }, async (request, reply) => {
    const caller = await requireUser(request);
    const rows = await db
      .select()
      .from(drawingChecks)
      .where(and(eq(drawingChecks.userId, caller.id), eq(drawingChecks.dragonId, request.params.dragonId)))
      .orderBy(desc(drawingChecks.createdAt), desc(drawingChecks.id))
      .limit(CHECKS_KEPT);
    reply.header("cache-control", "no-store");
    return rows.reverse().map(answer);
  });

  route(app, "POST /api/checks/:dragonId", { preValidation: requireUser, config: { rateLimit: { max: CHECKS_PER_HOUR, timeWindow: 60 * 60_000 } } }, async (request, reply) => {
    const caller = await requireUser(request);
    const { dragonId } = request.params;
    const [dragon] = await db.select({ id: dragons.id }).from(dragons).where(eq(dragons.id, dragonId));
    if (!dragon) throw new HttpError(404, "Dragon not found");
    const row = await db.transaction(async (tx) => {
      const [kept] = await tx.insert(drawingChecks).values({ userId: caller.id, dragonId, columns: request.body.columns, rows: request.body.rows, cells: request.body.cells }).returning();
      // Only the newest are kept: the chart shows them, older ones would only grow the table.
      const newest = tx
        .select({ id: drawingChecks.id })
        .from(drawingChecks)
        .where(and(eq(drawingChecks.userId, caller.id), eq(drawingChecks.dragonId, dragonId)))
        .orderBy(desc(drawingChecks.createdAt), desc(drawingChecks.id))
        .limit(CHECKS_KEPT);
      await tx.delete(drawingChecks).where(and(eq(drawingChecks.userId, caller.id), eq(drawingChecks.dragonId, dragonId), notInArray(drawingChecks.id, newest)));
      return kept!;
    });
    reply.code(201);
    return answer(row);
  });
}
