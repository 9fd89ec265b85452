import type { Handlers } from "../../http/contract-plugin";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dragonVisibleTo } from "../../templates/visibility";
import { dragons, worksInProgress } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { notePracticeDay } from "../../learning/practice-days";
import { learnerDrawings } from "../../learning/learner-progress";
import type { SavedProgress } from "../../../shared/progress/responses";
import type { GridColor, ImageMode } from "../../../shared/grid/grid-view";
import { OUTLINE_DETAIL_DEFAULT, isOutlineDetail } from "../../../shared/grid/outline";
import type { GridLineSet } from "../../../shared/grid/ladder";
import type { PaperPreset, Unit } from "../../../shared/grid/paper";
import { requestTranslator } from "../../i18n/request-language";

/** Saved progress on the canvas, one row per user and dragon; a user only ever sees their own. */
export function savedProgressHandlers(
  db: Database,
): Handlers<"GET /api/wip" | "GET /api/wip/:dragonId" | "POST /api/wip"> {
  return {
    "GET /api/wip": async (_request, reply, caller) => {
      reply.header("cache-control", "no-store");
      return learnerDrawings(db, caller.id);
    },

    "GET /api/wip/:dragonId": async (request, reply, caller): Promise<SavedProgress | null> => {
      const [row] = await db
        .select()
        .from(worksInProgress)
        .where(and(eq(worksInProgress.userId, caller.id), eq(worksInProgress.dragonId, request.params.dragonId)));
      reply.header("cache-control", "no-store");
      if (!row) return null;
      const {
        paperWidth,
        paperHeight,
        gridSize,
        imageZoom,
        imageX,
        imageY,
        currentCell,
        doneCells,
        gridThickness,
        gridOpacity,
        diagonals,
      } = row;
      // The text columns hold only what the schema admitted (or the table's defaults).
      return {
        paperWidth,
        paperHeight,
        gridSize,
        imageZoom,
        imageX,
        imageY,
        currentCell,
        paperPreset: row.paperPreset as PaperPreset | null,
        unit: row.unit as Unit,
        doneCells,
        gridColor: row.gridColor as GridColor,
        gridThickness,
        gridOpacity,
        diagonals,
        gridLines: row.gridLines as GridLineSet,
        imageMode: row.imageMode as ImageMode,
        outlineDetail: isOutlineDetail(row.outlineDetail) ? row.outlineDetail : OUTLINE_DETAIL_DEFAULT,
      };
    },

    "POST /api/wip": {
      options: { config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
      handler: async (request, _reply, caller) => {
        const { dragonId, ...body } = request.body;
        // A field the client left out (an older client) keeps what the row has, or the table's default.
        const state = Object.fromEntries(
          Object.entries(body).filter(([, value]) => value !== undefined),
        ) as typeof body;
        const [dragon] = await db
          .select({ id: dragons.id })
          .from(dragons)
          .where(and(eq(dragons.id, dragonId), dragonVisibleTo(caller.id)));
        if (!dragon) throw new HttpError(404, /*i18n*/ "Dragon not found");
        const [before] = state.doneCells
          ? await db
              .select({ doneCells: worksInProgress.doneCells })
              .from(worksInProgress)
              .where(and(eq(worksInProgress.userId, caller.id), eq(worksInProgress.dragonId, dragonId)))
          : [];
        await db
          .insert(worksInProgress)
          .values({ userId: caller.id, dragonId, ...state })
          .onConflictDoUpdate({
            target: [worksInProgress.userId, worksInProgress.dragonId],
            set: { ...state, updatedAt: new Date() },
          });
        // A cell newly marked done is practice; moving the picture or changing the grid is not.
        const done = new Set(before?.doneCells ?? []);
        if (state.doneCells?.some((label) => !done.has(label))) await notePracticeDay(db, caller.id);
        return { message: requestTranslator(request)(/*i18n*/ "Progress saved") };
      },
    },
  };
}
