// One check in a fresh worker, closed when it answers (a check is rare; a worker kept alive
// would hold tens of megabytes between them).
import type { CheckReply, CheckRequest } from "./check-worker";

export type CheckResponse = Exclude<CheckReply, { kind: "step" } | { kind: "failed" }>;
export type CheckProgress = Extract<CheckReply, { kind: "step" }>["step"];

export function runCheck(request: CheckRequest, onStep: (step: CheckProgress) => void): Promise<CheckResponse> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./check-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<CheckReply>) => {
      const reply = event.data;
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
