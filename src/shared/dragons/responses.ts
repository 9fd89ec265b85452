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
  width: z.number().nullable(),
  height: z.number().nullable(),
  createdAt: isoTime(),
  /** A Pro member's own picture (decision 031), shown only to them; false for the library's templates. */
  isPrivate: z.boolean(),
});

export type Dragon = z.output<typeof dragonResponse>;
