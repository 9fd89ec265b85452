import { contractPlugin } from "../../http/contract-plugin";
import type { ImageJobs } from "../../jobs/image-jobs";
import { imageJobsEndpoints } from "../../../shared/image-jobs/endpoints";

/** Where the caller's image jobs are, for the processing overlay (decision 034). */
export const imageJobsPlugin = contractPlugin(imageJobsEndpoints, (_app, { imageJobs }: { imageJobs: ImageJobs }) => ({
  "GET /api/image-jobs": async (_request, reply, caller) => {
    reply.header("cache-control", "no-store");
    return imageJobs.stateOf(caller.id);
  },
}));
