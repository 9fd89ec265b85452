import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/responses";

/** A template in the library, as the API returns it (docs/spec.md §3). URLs point at /objects/... */
export const dragonResponse = z.object({
  id: text(),
  name: text(),
  previewUrl: text(),
  /** A smaller preview for cards (about 400 px). */
  previewSmallUrl: text().nullable(),
  hiresUrl: text(),
  pencilPreviewUrl: text().nullable(),
  pencilHiresUrl: text().nullable(),
  /** The outline version (decision 073): the template's contours; null until drawn. */
  outlinePreviewUrl: text().nullable(),
  outlineHiresUrl: text().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  createdAt: isoTime(),
  /** A Pro member's own picture (decision 031), shown only to them; false for the library's templates. */
  isPrivate: z.boolean(),
  /** How much there is to draw, 1–5 (decision 072): an admin's choice, else measured; null until measured. */
  level: z.number().int().min(1).max(5).nullable(),
  /** Whether an admin chose the level rather than the measure. */
  levelChosen: z.boolean(),
  /** Who made the picture and its licence, for the bundled samples; null for anyone's upload. */
  attribution: text().nullable(),
});

export type Dragon = z.output<typeof dragonResponse>;
