import { z } from "zod";
import { text } from "./text";
import { PAPER_MAX, ZOOM_MAX, ZOOM_MIN, parseCellLabel } from "./grid";

// Offsets are in paper units; an image dragged further than a few paper widths away is lost.
const OFFSET_LIMIT = PAPER_MAX * 4;

const positive = (name: string, max: number) => z.number({ error: `${name} must be a number` }).finite().positive(`${name} must be positive`).max(max, `${name} can be at most ${max}`);

/** A work in progress: one learner's canvas settings for one dragon (SPEC.md section 3). */
export const wipStateSchema = z
  .object({
    paperWidth: positive("paperWidth", PAPER_MAX),
    paperHeight: positive("paperHeight", PAPER_MAX),
    gridSize: z.number().finite().min(1, "gridSize must be at least 1").max(PAPER_MAX),
    imageZoom: z.number().finite().min(ZOOM_MIN, `imageZoom must be between ${ZOOM_MIN} and ${ZOOM_MAX}`).max(ZOOM_MAX, `imageZoom must be between ${ZOOM_MIN} and ${ZOOM_MAX}`),
    imageX: z.number().finite().min(-OFFSET_LIMIT).max(OFFSET_LIMIT),
    imageY: z.number().finite().min(-OFFSET_LIMIT).max(OFFSET_LIMIT),
    currentCell: text()
      .max(16)
      .refine((label) => parseCellLabel(label) !== null, "currentCell must be a cell label like B3")
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .refine((s) => s.gridSize <= Math.max(s.paperWidth, s.paperHeight), { message: "gridSize cannot be larger than the paper", path: ["gridSize"] });

export const saveWipSchema = z.object({ dragonId: text().uuid("dragonId must be a dragon id") }).and(wipStateSchema);

export type WipState = z.infer<typeof wipStateSchema>;
