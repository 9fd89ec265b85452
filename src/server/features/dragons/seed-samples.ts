import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { appSettings } from "../../db/schema";
import type { Library } from "../../templates/library";

interface Sample {
  file: string;
  name: string;
  attribution?: string;
  /** Which set of additions it came with (decision 072): 1, the first, when absent. */
  batch?: number;
}

/** The marker row of a batch of samples; the first batch's keeps its original name. */
const seededKey = (batch: number) => (batch === 1 ? "samples_seeded_at" : `samples_seeded_at:${batch}`);

/** Whether this installation has claimed the first samples already (it has started once); false before the first migration too. */
export async function samplesSeeded(db: Database): Promise<boolean> {
  try {
    const rows = await db
      .select({ key: appSettings.key })
      .from(appSettings)
      .where(eq(appSettings.key, seededKey(1)))
      .limit(1);
    return rows.length > 0;
  } catch {
    return false;
  }
}

/**
 * Load the bundled sample templates (assets/samples) into the library, each batch once per
 * installation: the first process to claim a batch's marker row loads it, so neither a restart, a
 * second process, nor an admin who deleted every dragon brings them back. A first start loads the
 * first batch (`firstBatchOnly`) before it answers; the later ones, there or in an installation
 * that started before they were added, come in the background (library-upkeep.ts), listed after
 * the first as the manifest orders them. Answers how many samples were loaded.
 */
export async function seedSamples(
  db: Database,
  library: Library,
  samplesDir: string,
  log: FastifyBaseLogger,
  options: { firstBatchOnly?: boolean } = {},
): Promise<number> {
  const manifest = path.join(samplesDir, "samples.json");
  if (!fs.existsSync(manifest)) {
    log.warn(`No sample templates at ${manifest}; the library starts empty`);
    return 0;
  }
  const samples = JSON.parse(fs.readFileSync(manifest, "utf8")) as Sample[];
  const started = Date.now();
  let loaded = 0;
  const batches = [...new Set(samples.map((sample) => sample.batch ?? 1))];
  for (const batch of options.firstBatchOnly ? batches.slice(0, 1) : batches) {
    const claimed = await db
      .insert(appSettings)
      .values({ key: seededKey(batch), value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) continue;
    // Creation times count back from the first batch's: the library lists newest first.
    const [first] = await db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, seededKey(batches[0]!)));
    const base = first ? Date.parse(first.value) : started;
    // Two at a time: one sample's JavaScript (the pencil's loops) runs while the other's sharp work
    // runs on the thread pool. The library lists newest first, so each gets a creation time that
    // keeps the manifest's order whichever finishes first.
    const todo = samples.flatMap((sample, index) => ((sample.batch ?? 1) === batch ? [{ sample, index }] : []));
    let next = 0;
    const worker = async () => {
      for (let at = next++; at < todo.length; at = next++) {
        const { sample, index } = todo[at]!;
        const image = fs.readFileSync(path.join(samplesDir, sample.file));
        await library.addTemplate({
          name: sample.name,
          image,
          createdBy: null,
          pencil: true,
          createdAt: new Date(base - index),
          ...(sample.attribution ? { attribution: sample.attribution } : {}),
        });
      }
    };
    await Promise.all([worker(), worker()]);
    loaded += todo.length;
  }
  if (loaded > 0) log.info(`Loaded ${loaded} sample templates in ${Date.now() - started} ms`);
  return loaded;
}
