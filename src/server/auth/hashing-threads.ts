import { createRequire } from "node:module";
import os from "node:os";
import { Worker } from "node:worker_threads";

// Password hashing is the heaviest thing a request does. On libuv's pool it ran at the same
// priority as the event loop, so on a small machine every sign-in took a core from every page and
// API read in flight (decision 025). Here it runs on worker threads of its own that lower their own
// scheduling priority (on Linux a thread has its own nice value), so the event loops of every
// server on the machine go first and hashing takes what is left: a sign-in may take a little
// longer under load, nothing else does. Ten below the event loop (nice 10 for a server at 0), not
// the lowest: such a thread still gets about a tenth of a core that is busy all the time, so
// sign-ins never starve. Elsewhere the threads keep the
// normal priority.
//
// The threads start with the first hash and end after a minute with nothing to do, so an idle
// server keeps no thread (and no memory) for them.

/** What a hashing thread does: password.ts builds these, the thread answers a string or a key. */
export type HashingTask =
  | {
      kind: "argon2-hash";
      password: string;
      options: { algorithm: number; memoryCost: number; timeCost: number; parallelism: number };
    }
  | { kind: "argon2-verify"; password: string; stored: string }
  | {
      kind: "scrypt";
      password: string;
      salt: Uint8Array;
      keyLength: number;
      options: { N: number; r: number; p: number; maxmem: number };
    };

// CommonJS run with `eval`, so the same code serves the bundle and the TypeScript tests; the
// Argon2 binding (native, outside the bundle) is found from here and passed in by path.
const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const crypto = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const argon2 = require(workerData.argon2);
try {
  // "/proc/thread-self" is this thread's own entry: "<pid>/task/<thread id>".
  const threadId = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  // Ten below the process's own (a server run under nice keeps the gap), at most the lowest, 19.
  os.setPriority(threadId, Math.min(19, os.getPriority(threadId) + 10));
} catch {
  // Not Linux, or not allowed: hash at the normal priority.
}
const run = (task) => {
  if (task.kind === "argon2-hash") return argon2.hashSync(task.password, task.options);
  if (task.kind === "argon2-verify") return argon2.verifySync(task.stored, task.password);
  return crypto.scryptSync(task.password, Buffer.from(task.salt), task.keyLength, task.options);
};
parentPort.on("message", ({ id, task }) => {
  try {
    parentPort.postMessage({ id, result: run(task) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;
const ARGON2_PATH = createRequire(import.meta.url).resolve("@node-rs/argon2");

const IDLE_MS = 60_000;
// One thread per two cores, up to four: hashing never takes more than half the machine.
const SIZE = Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2)));

interface Job {
  id: number;
  task: HashingTask;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

const threads: Thread[] = [];
const queue: Job[] = [];
let nextId = 1;

/** Runs `task` on a low-priority hashing thread; tasks wait their turn in arrival order. */
export function onHashingThread(task: HashingTask): Promise<unknown> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, task, resolve, reject });
    dispatch();
  });
}

function dispatch(): void {
  while (queue.length) {
    let thread = threads.find((candidate) => !candidate.job);
    if (!thread) {
      if (threads.length >= SIZE) return;
      thread = startThread();
    }
    const job = queue.shift()!;
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.job = job;
    thread.worker.ref();
    thread.worker.postMessage({ id: job.id, task: job.task });
  }
}

function startThread(): Thread {
  const thread: Thread = {
    worker: new Worker(WORKER_CODE, { eval: true, workerData: { argon2: ARGON2_PATH } }),
    job: null,
    idleTimer: null,
  };
  threads.push(thread);
  thread.worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
    const job = thread.job;
    thread.job = null;
    // A waiting process may exit while the thread is idle.
    thread.worker.unref();
    if (job && job.id === message.id) {
      if (message.error === undefined) job.resolve(message.result);
      else job.reject(new Error(message.error));
    }
    thread.idleTimer = setTimeout(() => stopThread(thread), IDLE_MS).unref();
    dispatch();
  });
  thread.worker.on("error", (error) => failThread(thread, error));
  thread.worker.on("exit", () => failThread(thread, new Error("the password thread stopped")));
  return thread;
}

function stopThread(thread: Thread): void {
  removeThread(thread);
  void thread.worker.terminate();
}

/** A thread that died: its job fails (the sign-in answers 500 as any error would), others go on. */
function failThread(thread: Thread, error: Error): void {
  if (!removeThread(thread)) return;
  thread.job?.reject(error);
  dispatch();
}

function removeThread(thread: Thread): boolean {
  const index = threads.indexOf(thread);
  if (index < 0) return false;
  threads.splice(index, 1);
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
  return true;
}
