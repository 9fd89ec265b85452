// `npm run bench`, image work in its queue (issue 41, decision 034): one Pro member asks for ten
// pencil versions of an 8192² picture at the same moment, while the liveness check is asked every
// 20 ms and the server's resident memory is sampled. The jobs wait their turn in the database's
// queue (IMAGE_JOBS_PER_PROCESS at a time) instead of all decoding at once on the event loop.
import { performance } from "node:perf_hooks";
import { send, upload } from "./bench-photo-memory.mjs";
import { sleep } from "./bench-server.mjs";
import { photoLike } from "./photo-like.mjs";
import { residentMb, watchMemory } from "./process-memory.mjs";

export const PENCIL_JOBS = 10;
export const PENCIL_SIDE = 8192;
const IDLE_PROBE_MS = 5_000;

/** The member's picture made from an 8192² photo-like JPEG, through the upload protocol and POST /api/pictures. */
async function bigPicture(url, cookie) {
  const imageUrl = await upload(url, cookie, await photoLike(PENCIL_SIDE, PENCIL_SIDE));
  return send(url, cookie, "POST", "/api/pictures", { json: { name: "Eight thousand", imageUrl } });
}

/** Latencies (ms) of GET /api/health/live, one every `everyMs` until `done()` says stop. */
async function livenessWhile(url, done, everyMs = 20) {
  const latencies = [];
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health/live`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /api/health/live: ${response.status}`);
    const ms = performance.now() - started;
    latencies.push(ms);
    await sleep(Math.max(0, everyMs - ms));
  }
  return latencies;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Against a running server with PRO=everyone: the member with `cookie` makes an 8192² picture, then
 * asks for its pencil version PENCIL_JOBS times at once. Answers the liveness check's p99 and
 * slowest answer (ms) and how many it answered meanwhile, its p99 over 5 s before (idle), the server's resident memory before and
 * at its peak (MB), how many jobs finished and the seconds they took.
 */
export async function pencilJobsAtOnce(server, cookie) {
  const picture = await bigPicture(server.url, cookie);
  // The same probe with nothing else to do: on a busy machine its p99 is the floor of the one below.
  const idleUntil = performance.now() + IDLE_PROBE_MS;
  const idle = (await livenessWhile(server.url, () => performance.now() > idleUntil)).sort((a, b) => a - b);
  const before = residentMb(server.pid);
  const watch = watchMemory(server.pid, { intervalMs: 50 });
  let finished = 0;
  let settled = false;
  const started = performance.now();
  try {
    const jobs = Promise.allSettled(
      Array.from({ length: PENCIL_JOBS }, () =>
        send(server.url, cookie, "POST", `/api/pictures/${picture.id}/pencil`).then(() => finished++),
      ),
    ).finally(() => (settled = true));
    const [latencies, outcomes] = await Promise.all([livenessWhile(server.url, () => settled), jobs]);
    const seconds = (performance.now() - started) / 1000;
    const failure = outcomes.find((outcome) => outcome.status === "rejected");
    const sorted = latencies.sort((a, b) => a - b);
    return {
      p99: percentile(sorted, 99),
      idleP99: percentile(idle, 99),
      slowest: sorted.at(-1),
      samples: sorted.length,
      before,
      peak: watch.stop().peak,
      finished,
      seconds,
      failure: failure ? String(failure.reason?.message ?? failure.reason) : null,
    };
  } finally {
    watch.stop();
  }
}
