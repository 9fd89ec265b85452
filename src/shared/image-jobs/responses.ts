import { z } from "zod";
import { text } from "../text";
import { message } from "../contract/endpoint";
import { IMAGE_JOB_INTERRUPTED, TOO_MANY_IMAGE_JOBS } from "./index";

/** What every route that waits for an image job may also answer: too many of the caller's jobs waiting, or a restart meanwhile. */
export const queuedResponses = { 429: message(TOO_MANY_IMAGE_JOBS), 503: message(IMAGE_JOB_INTERRUPTED) };

/** One of the caller's unfinished image jobs: where it is, and how many jobs will run before it. */
export const imageJobStateResponse = z.object({
  id: text(),
  kind: text(),
  state: z.enum(["waiting", "running", "retrying"]),
  ahead: z.number().int().min(0),
});
export type ImageJobState = z.output<typeof imageJobStateResponse>;
