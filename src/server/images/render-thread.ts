import fs from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { renderPencil } from "./pencil";
import { renderOutline } from "./outline";
import type { RenderKind } from "./render-off-thread";

// A thread that renders one version of a template, its pencil or its outline version
// (render-off-thread.ts starts it). Their passes over up to 100 MP are seconds of JavaScript: here
// they leave the event loop free, and at a lower scheduling priority (on Linux a thread has its own
// nice value, as the password threads do, decision 025) the server's event loops go first on a busy
// machine.
try {
  // "/proc/thread-self" is this thread's own entry: "<pid>/task/<thread id>".
  os.setPriority(
    Number(fs.readlinkSync("/proc/thread-self").split("/").pop()),
    os.constants.priority.PRIORITY_BELOW_NORMAL,
  );
} catch {
  // Not Linux, or not allowed: render at the normal priority.
}

/** Bytes copied into an array of their own, so they can move to the server's thread instead of being copied there. */
const movable = (bytes: Buffer) => new Uint8Array(bytes);

const RENDER = { pencil: renderPencil, outline: renderOutline };

parentPort!.once("message", async ({ kind, input }: { kind: RenderKind; input: Uint8Array | string }) => {
  try {
    const result = await RENDER[kind](
      typeof input === "string" ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength),
    );
    const hires = movable(result.hires);
    const preview = movable(result.preview);
    parentPort!.postMessage({ result: { ...result, hires, preview } }, [hires.buffer, preview.buffer]);
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
