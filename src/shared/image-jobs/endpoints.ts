import { z } from "zod";
import { IMAGE_JOB_INTERRUPTED, TOO_MANY_IMAGE_JOBS, imageJobStateSchema } from "./index";
import { endpoints, message } from "../contract/endpoint";

/** Image work waits in a job queue (decision 034); the processing overlay reads where the caller's jobs are. */
export const imageJobsEndpoints = endpoints({
  "GET /api/image-jobs": {
    summary:
      "The caller's pictures in the making: waiting (with how many jobs go first), running, or being tried again",
    access: "members",
    answers: { 200: z.array(imageJobStateSchema) },
  },
});

/** What every route that waits for an image job may also answer: too many of the caller's jobs waiting, or a restart meanwhile. */
export const queuedAnswers = { 429: message(TOO_MANY_IMAGE_JOBS), 503: message(IMAGE_JOB_INTERRUPTED) };
