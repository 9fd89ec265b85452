// The schema of a kept drawing check (POST /api/checks/{dragonId}), for the contract: zod stays out
// of the canvas, which needs only kept-checks.ts.
import { z } from "zod";
import { isCellInGrid } from "../grid/done-cells";
import { text } from "../text";
import { LADDER_STEPS } from "../grid/ladder";
import {
  CHECK_MAX_CELLS,
  CHECK_MAX_ERROR_MM,
  CHECK_MAX_WHOLE,
  CHECK_STATUSES,
  PRACTICE_MAX,
  type KeptCell,
  type KeptWhole,
  type SaveCheck,
  type SavePractice,
} from "./kept-checks";

/** How old a check moved from a visitor's browser may be. */
const KEPT_AT_MAX_AGE_MS = 400 * 86_400_000;

const count = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(CHECK_MAX_CELLS, `${name} can be at most ${CHECK_MAX_CELLS}`);

export const keptCellSchema = z.object({
  label: text().regex(/^[A-Z]{1,3}[1-9][0-9]{0,3}$/, "label must be a cell label like C4"),
  status: z.enum(CHECK_STATUSES, { error: `status must be one of ${CHECK_STATUSES.join(", ")}` }),
  errorMm: z
    .number({ error: "errorMm must be a number" })
    .finite()
    .min(0, "errorMm must be at least 0")
    .max(CHECK_MAX_ERROR_MM, `errorMm can be at most ${CHECK_MAX_ERROR_MM}`),
});

const figure = (name: keyof KeptWhole, min: number) =>
  z
    .number({ error: `whole.${name} must be a number` })
    .finite()
    .min(min, `whole.${name} must be at least ${min}`)
    .max(CHECK_MAX_WHOLE[name], `whole.${name} can be at most ${CHECK_MAX_WHOLE[name]}`);

export const keptWholeSchema = z
  .object({
    sizePercent: figure("sizePercent", -CHECK_MAX_WHOLE.sizePercent),
    turnDegrees: figure("turnDegrees", -CHECK_MAX_WHOLE.turnDegrees),
    shiftMm: figure("shiftMm", 0),
    partPercent: figure("partPercent", -CHECK_MAX_WHOLE.partPercent).optional(),
    stretchPercent: figure("stretchPercent", -CHECK_MAX_WHOLE.stretchPercent).optional(),
  })
  .strict();

export const saveCheckSchema = z
  .object({
    columns: count("columns"),
    rows: count("rows"),
    cells: z
      .array(keptCellSchema, { error: "cells must be a list of cells" })
      .max(CHECK_MAX_CELLS, `cells can hold at most ${CHECK_MAX_CELLS} cells`),
    whole: keptWholeSchema.nullable().default(null),
    ladderStep: z
      .literal(LADDER_STEPS, { error: `ladderStep must be one of ${LADDER_STEPS.join(", ")}` })
      .nullable()
      .default(null),
    // A check a visitor kept in the browser, moved into the account they signed up with (decision 075).
    keptAt: z.iso
      .datetime({ offset: true, error: "keptAt must be a date and time" })
      .refine((at) => {
        const ms = Date.parse(at);
        return ms <= Date.now() + 60_000 && ms >= Date.now() - KEPT_AT_MAX_AGE_MS;
      }, "keptAt must be within the last year")
      .optional(),
  })
  .strict()
  .superRefine((check, context) => {
    if (check.columns * check.rows > CHECK_MAX_CELLS)
      context.addIssue({ code: "custom", path: ["cells"], message: `A check covers at most ${CHECK_MAX_CELLS} cells` });
    else if (check.cells.length !== check.columns * check.rows)
      context.addIssue({ code: "custom", path: ["cells"], message: "cells must hold every cell of the grid once" });
    const labels = new Set(check.cells.map((cell) => cell.label));
    if (labels.size !== check.cells.length)
      context.addIssue({ code: "custom", path: ["cells"], message: "cells must not repeat a cell" });
    if (check.cells.some((cell) => !isCellInGrid(cell.label, check)))
      context.addIssue({ code: "custom", path: ["cells"], message: "cells must be cells of the grid" });
  });

/** The cells of a check's practice sheet, photographed: 1 to 6 different cells (whether they are the check's is the server's to say). */
export const savePracticeSchema = z
  .object({
    cells: z
      .array(keptCellSchema, { error: "cells must be a list of cells" })
      .min(1, "cells must hold at least 1 cell")
      .max(PRACTICE_MAX, `cells can hold at most ${PRACTICE_MAX} cells`),
  })
  .strict()
  .superRefine((practice, context) => {
    if (new Set(practice.cells.map((cell) => cell.label)).size !== practice.cells.length)
      context.addIssue({ code: "custom", path: ["cells"], message: "cells must not repeat a cell" });
  });

// What the schemas admit must be what the hand-written types say: checked when compiling.
type Admits<T, U extends T> = U;
export type SchemasMatchTypes = [
  Admits<KeptCell, z.output<typeof keptCellSchema>>,
  Admits<KeptWhole, z.output<typeof keptWholeSchema>>,
  Admits<SaveCheck, z.output<typeof saveCheckSchema>>,
  Admits<SavePractice, z.output<typeof savePracticeSchema>>,
];
