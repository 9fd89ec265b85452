// One check in a worker of its own, closed when it answers (a check is rare; a worker kept alive
// would hold tens of megabytes between them). The worker may be started before the photo is taken
// (prepareCheck), so that what does not need the photo is done while the learner takes it.
import type { CheckReply, CheckRequest, PrepareRequest } from "./check-worker";

export type CheckResponse = Exclude<CheckReply, { kind: "prepared" } | { kind: "step" } | { kind: "failed" }>;
export type CheckProgress = Extract<CheckReply, { kind: "step" }>["step"];

const checkWorker = () => new Worker(new URL("./check-worker.ts", import.meta.url), { type: "module" });

/** A worker for the next check, preparing for it (decision 071); terminate it if no check comes. */
export function prepareCheck(request: PrepareRequest): Worker {
  const worker = checkWorker();
  worker.onmessage = (event: MessageEvent<CheckReply>) => {
    if (event.data.kind === "prepared") performance.mark("check-prepared");
  };
  worker.postMessage(request, [request.template.data.buffer]);
  return worker;
}

/** The check of `request`, in `worker` (from prepareCheck, for the same template) or a new one. */
export function runCheck(
  request: CheckRequest,
  onStep: (step: CheckProgress) => void,
  worker: Worker = checkWorker(),
): Promise<CheckResponse> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<CheckReply>) => {
      const reply = event.data;
      if (reply.kind === "prepared") return;
      if (reply.kind === "step") return onStep(reply.step);
      worker.terminate();
      if (reply.kind === "failed") reject(new Error(reply.message));
      else resolve(reply);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "The check stopped"));
    };
    worker.postMessage(request, [request.photo, request.template.data.buffer]);
  });
}
