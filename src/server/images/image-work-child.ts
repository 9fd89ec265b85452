import fs from "node:fs";
import os from "node:os";
import { renderPencil } from "./pencil";
import { renderOutline } from "./outline";
import { makeTemplate } from "./made-template";
import { measureLevel } from "./template-level";
import type { ImageWorkAnswer, ImageWorkRequest } from "./image-work-process";

// The process image-work-process.ts starts for the library's background work: it makes templates,
// measures levels and draws outlines from files, one request at a time, and answers with the bytes. Its memory
// (libvips' and glibc's arenas after decoding, decision 009) goes back to the system when it
// exits, instead of staying with the serving process for the rest of its life. At a lower
// scheduling priority, so the server's requests go first on a busy machine.
try {
  os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not allowed: work at the normal priority.
}

async function answer(request: ImageWorkRequest): Promise<ImageWorkAnswer> {
  try {
    if (request.kind === "level") return { id: request.id, level: (await measureLevel(request.file)).level };
    if (request.kind === "outline") return { id: request.id, outline: await renderOutline(request.file) };
    const made = await makeTemplate(fs.readFileSync(request.file), {
      pencil: request.pencil,
      renderPencil,
      renderOutline,
    });
    return { id: request.id, made };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

let queue = Promise.resolve();
process.on("message", (request: ImageWorkRequest) => {
  queue = queue.then(async () => {
    process.send!(await answer(request));
  });
});
// The serving process ended or let go of this one.
process.on("disconnect", () => process.exit(0));
