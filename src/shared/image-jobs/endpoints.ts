import { z } from "zod";
import { imageJobStateResponse } from "./responses";
import { endpoints } from "../contract/endpoint";

/** Image work waits in a job queue (decision 034); the processing overlay reads where the caller's jobs are. */
export const imageJobsEndpoints = endpoints({
  "GET /api/image-jobs": {
    summary:
      "The caller's pictures in the making: waiting (with how many jobs go first), running, or being tried again",
    access: "members",
    responses: { 200: z.array(imageJobStateResponse) },
  },
});
