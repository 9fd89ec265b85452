// Every process `npm run bench` starts goes through here, so the bench can stop all of them
// whatever happens: a failed measure, an exception, Ctrl-C or SIGTERM.
import { spawn } from "node:child_process";

const running = new Set();
const cleanups = [];
let stopping = false;

function signalEntry(entry, signal) {
  try {
    // A child started in its own process group is stopped with everything it started itself.
    process.kill(entry.group ? -entry.child.pid : entry.child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * spawn() that remembers the child until it exits. `stopSignal` is what asks it to finish
 * (SIGTERM for the server; SIGINT for Lighthouse, which then closes its Chrome).
 */
export function spawnTracked(command, args, options = {}, { stopSignal = "SIGTERM" } = {}) {
  // Nothing new starts once the bench is stopping (a retry, say), or it could outlive the bench.
  if (stopping) throw new Error("the bench is stopping");
  const child = spawn(command, args, { ...options, detached: true });
  const entry = { child, group: true, stopSignal, exited: false };
  running.add(entry);
  const done = () => {
    entry.exited = true;
    running.delete(entry);
  };
  child.once("exit", done);
  child.once("error", done);
  entry.exit = new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    child.once("error", (error) => resolve({ code: null, signal: null, error }));
  });
  child.benchEntry = entry;
  return child;
}

/** Ask a tracked child to finish, and kill its process group if it has not after `graceMs`. */
export async function stopTracked(child, graceMs = 10_000) {
  const entry = child.benchEntry;
  if (!entry || entry.exited) return;
  signalEntry(entry, entry.stopSignal);
  let timer;
  const timedOut = new Promise((resolve) => (timer = setTimeout(() => resolve("timeout"), graceMs)));
  const result = await Promise.race([entry.exit, timedOut]);
  clearTimeout(timer);
  if (result === "timeout") {
    signalEntry(entry, "SIGKILL");
    await entry.exit;
  }
  // Whatever the child left in its group (a first start's helper, say) goes with it.
  signalEntry(entry, "SIGKILL");
}

/** Run `fn` (synchronous) when the bench stops, after its children are stopped. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

function runCleanups() {
  while (cleanups.length) {
    try {
      cleanups.pop()();
    } catch (error) {
      console.error(`bench cleanup: ${error instanceof Error ? error.message : error}`);
    }
  }
}

/** Stop every tracked child (gracefully, then by force) and run the cleanups. */
export async function stopAll() {
  stopping = true;
  await Promise.all([...running].map((entry) => stopTracked(entry.child, 5_000)));
  runCleanups();
}

/**
 * On Ctrl-C or SIGTERM (once): `noteStop(signal)` records the stop in the bench's rows, every
 * child is stopped, `report()` prints what was measured so far, and the process exits 130/143.
 */
let interrupted = false;

/** True once the bench has been stopped by a signal: the remaining parts are skipped. */
export const wasInterrupted = () => interrupted;

export function stopOnSignal(noteStop, report) {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ]) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: stopping the processes the bench started`);
      noteStop(signal);
      void stopAll().finally(() => {
        report();
        process.exit(code);
      });
    });
  }
}

// Last resort when the process exits without stopAll (process.exit from elsewhere): no waiting.
process.on("exit", () => {
  for (const entry of running) signalEntry(entry, "SIGKILL");
  runCleanups();
});
