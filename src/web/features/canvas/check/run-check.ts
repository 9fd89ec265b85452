// One check in a worker of its own, closed when it answers (a check is rare; a worker kept alive
// would hold tens of megabytes between them). The worker may be started before the photo is taken
// (prepareCheck), so that what does not need the photo is done while the learner takes it, with a
// helper beside it that takes two of the check's stages onto another thread (check-helper.ts).
import type { CheckReply, CheckRequest, PrepareRequest } from "./check-worker";

export type CheckResponse = Exclude<
  CheckReply,
  { kind: "prepared" } | { kind: "step" } | { kind: "photo" } | { kind: "failed" }
>;
export type CheckProgress = Extract<CheckReply, { kind: "step" }>["step"];

/** The check's worker, and its helper when it was prepared with one. */
export interface CheckWorkers {
  check: Worker;
  helper: Worker | null;
}

const checkWorker = () => new Worker(new URL("./check-worker.ts", import.meta.url), { type: "module" });

/** A worker for a check that was not prepared for: it works alone. */
export const checkAlone = (): CheckWorkers => ({ check: checkWorker(), helper: null });

export const stopCheck = ({ check, helper }: CheckWorkers) => {
  check.terminate();
  helper?.terminate();
};

/** Workers for the next check, preparing for it (decision 071); stop them (stopCheck) if no check comes. */
export function prepareCheck(request: Omit<PrepareRequest, "helper">): CheckWorkers {
  const check = checkWorker();
  const helper = checkWorker();
  const { port1, port2 } = new MessageChannel();
  check.onmessage = (event: MessageEvent<CheckReply>) => {
    if (event.data.kind === "prepared") performance.mark("check-prepared");
  };
  // A helper that fails is let go: the check does its part itself.
  helper.onerror = () => check.postMessage({ kind: "helper-gone" });
  const template = new ImageData(new Uint8ClampedArray(request.template.data), request.template.width);
  helper.postMessage({ ...request, template, helper: { port: port2, role: "serve" } } satisfies PrepareRequest, [
    template.data.buffer,
    port2,
  ]);
  check.postMessage({ ...request, helper: { port: port1, role: "ask" } } satisfies PrepareRequest, [
    request.template.data.buffer,
    port1,
  ]);
  return { check, helper };
}

/**
 * The check of `request`, in `workers` (from prepareCheck for the same template, or checkAlone),
 * stopped when it answers. The photo goes to the worker without a copy and comes back through
 * `onPhoto` once it is read.
 */
export function runCheck(
  request: CheckRequest,
  { onStep, onPhoto }: { onStep: (step: CheckProgress) => void; onPhoto: (photo: ImageBitmap) => void },
  workers: CheckWorkers,
): Promise<CheckResponse> {
  const { check } = workers;
  return new Promise((resolve, reject) => {
    check.onmessage = (event: MessageEvent<CheckReply>) => {
      const reply = event.data;
      if (reply.kind === "prepared") return;
      if (reply.kind === "step") return onStep(reply.step);
      if (reply.kind === "photo") return onPhoto(reply.photo);
      stopCheck(workers);
      if (reply.kind === "failed") reject(new Error(reply.message));
      else resolve(reply);
    };
    check.onerror = (event) => {
      stopCheck(workers);
      reject(new Error(event.message || "The check stopped"));
    };
    try {
      check.postMessage(request, [request.photo, ...(request.template ? [request.template.data.buffer] : [])]);
    } catch (error) {
      stopCheck(workers);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
