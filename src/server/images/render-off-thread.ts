import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PencilResult } from "./pencil";
import type { OutlineResult } from "./outline";

/** What a render thread makes: a template's pencil or outline version. */
export type RenderKind = "pencil" | "outline";
type Rendered = { pencil: PencilResult; outline: OutlineResult };

/** A new render thread: the server build's entry, or in the source tree (tests) the TypeScript file through tsx. */
function newThread(): Worker {
  // The build puts the thread's entry beside the server's entries; this code may be in a chunk one folder below.
  for (const candidate of ["./render-thread.js", "../render-thread.js"]) {
    const url = new URL(candidate, import.meta.url);
    if (fs.existsSync(fileURLToPath(url))) return new Worker(url);
  }
  const source = new URL("./render-thread.ts", import.meta.url).href;
  return new Worker(
    `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}

/** Bytes that arrive from a thread or a process (moved or cloned as a Uint8Array), seen as a Buffer without copying them. */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A rendered version that arrived from a thread or a process, its bytes as Buffers. */
export const withBuffers = <Version extends { hires: Uint8Array; preview: Uint8Array }>(version: Version): Version => ({
  ...version,
  hires: asBuffer(version.hires),
  preview: asBuffer(version.preview),
});

/**
 * renderPencil (pencil.ts) or renderOutline (outline.ts) on a thread of its own (render-thread.ts),
 * with the event loop left free. `input`: the PNG's bytes, or (`{ file }`) the path of a file
 * holding them, which the thread reads as it decodes. A thread per picture, ended with its answer:
 * the ~270 MB of pixels it decoded are gone then, not left for its own garbage collector to find
 * some time later. Pencil versions are image jobs (decision 034), IMAGE_JOBS_PER_PROCESS at a time.
 */
export function renderOffThread<Kind extends RenderKind>(
  kind: Kind,
  input: Buffer | { file: string },
): Promise<Rendered[Kind]> {
  return new Promise((resolve, reject) => {
    const thread = newThread();
    let answered = false;
    const answer = (settle: () => void) => {
      if (answered) return;
      answered = true;
      settle();
      void thread.terminate();
    };
    thread.once("message", ({ result, error }: { result?: Rendered[Kind]; error?: string }) =>
      answer(() => (result ? resolve(withBuffers(result)) : reject(new Error(error)))),
    );
    thread.once("error", (error) => answer(() => reject(error)));
    thread.once("exit", () => answer(() => reject(new Error("the render thread stopped"))));
    if (Buffer.isBuffer(input)) {
      // A copy of the bytes moves to the thread (the caller still stores them).
      const bytes = new Uint8Array(input);
      thread.postMessage({ kind, input: bytes }, [bytes.buffer as ArrayBuffer]);
    } else {
      thread.postMessage({ kind, input: input.file });
    }
  });
}
