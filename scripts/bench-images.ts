// Image pipeline timings for `npm run bench`, on one core (sharp concurrency 1; the parent sets
// UV_THREADPOOL_SIZE=1). Prints one JSON line per measure.
import sharp from "sharp";
import { prepareTemplate } from "../src/server/images/template-pipeline";
import { renderPencil } from "../src/server/images/pencil";
import { renderOutline } from "../src/server/images/outline";
import { photoLike } from "./lib/photo-like.mjs";

sharp.concurrency(1);

async function best(label: string, run: () => Promise<unknown>, times = 3) {
  await run(); // warm-up
  let fastest = Infinity;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  console.log(JSON.stringify({ label, ms: Math.round(fastest) }));
}

const photo = await photoLike();
const prepared = await prepareTemplate(photo);
await best("template pipeline: hi-res PNG + previews, 4000×3000 JPEG", () => prepareTemplate(photo));
await best("pencil version (hi-res PNG + preview), 4000×3000", () => renderPencil(prepared.hires));
await best("outline version (hi-res PNG + preview), 4000×3000", () => renderOutline(prepared.hires));
