import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { appSettings } from "../../db/schema";
import type { Library } from "../../templates/library";
import type { MadeTemplate } from "../../images/made-template";

interface Sample {
  file: string;
  name: string;
  attribution?: string;
  /** Which set of additions it came with (decision 072): 1, the first, when absent. */
  batch?: number;
}

/** The marker row of the first batch of samples (a later sample's is this, a colon and its file). */
const FIRST_BATCH_KEY = "samples_seeded_at";

/** Whether this installation has claimed the first samples already (it has started once); false before the first migration too. */
export async function samplesSeeded(db: Database): Promise<boolean> {
  try {
    const rows = await db
      .select({ key: appSettings.key })
      .from(appSettings)
      .where(eq(appSettings.key, FIRST_BATCH_KEY))
      .limit(1);
    return rows.length > 0;
  } catch {
    return false;
  }
}

/**
 * Load the bundled sample templates (assets/samples) into the library, each once per
 * installation, so neither a restart, a second process, nor an admin who deleted every dragon
 * brings them back. The first batch is claimed whole by its marker row and loaded at a first start,
 * before the server answers. Later batches (`firstBatchOnly` leaves them) come in the serving
 * process's background (library-upkeep.ts), one sample at a time, each claimed by a row of its own,
 * so a stop (`shouldStop`, asked before each) leaves the rest for the next start; `make` makes
 * their files (in another process); a sample that fails is let go for the next start to try
 * again. They are listed after the first batch, as the manifest orders them. Answers how many
 * samples were loaded.
 */
export async function seedSamples(
  db: Database,
  library: Library,
  samplesDir: string,
  log: FastifyBaseLogger,
  options: {
    firstBatchOnly?: boolean;
    shouldStop?: () => boolean;
    make?: (file: string, options: { pencil: boolean }) => Promise<MadeTemplate>;
  } = {},
): Promise<number> {
  const manifest = path.join(samplesDir, "samples.json");
  if (!fs.existsSync(manifest)) {
    log.warn(`No sample templates at ${manifest}; the library starts empty`);
    return 0;
  }
  const samples = JSON.parse(fs.readFileSync(manifest, "utf8")) as Sample[];
  const started = Date.now();
  const claim = async (key: string) =>
    (
      await db
        .insert(appSettings)
        .values({ key, value: new Date().toISOString() })
        .onConflictDoNothing()
        .returning({ key: appSettings.key })
    ).length > 0;
  const add = async (sample: Sample, createdAt: Date) => {
    const file = path.join(samplesDir, sample.file);
    const about = {
      name: sample.name,
      createdBy: null,
      createdAt,
      ...(sample.attribution ? { attribution: sample.attribution } : {}),
    };
    await library.addTemplate(
      options.make
        ? { ...about, made: await options.make(file, { pencil: true }) }
        : // A first start's samples: their outlines are drawn by the library's upkeep once the server answers.
          { ...about, image: fs.readFileSync(file), pencil: true, outline: false },
    );
  };
  const numbered = samples.map((sample, index) => ({ sample, index }));
  const first = numbered.filter(({ sample }) => (sample.batch ?? 1) === 1);
  const later = numbered.filter(({ sample }) => (sample.batch ?? 1) !== 1);
  let loaded = 0;

  if (await claim(FIRST_BATCH_KEY)) {
    // Two at a time: one sample's JavaScript (the pencil's loops) runs while the other's sharp work
    // runs on the thread pool. The library lists newest first, so each gets a creation time that
    // keeps the manifest's order whichever finishes first.
    let next = 0;
    const worker = async () => {
      for (let at = next++; at < first.length; at = next++)
        await add(first[at]!.sample, new Date(started - first[at]!.index));
    };
    await Promise.all([worker(), worker()]);
    loaded += first.length;
  }
  if (!options.firstBatchOnly && later.length > 0) {
    // Creation times count back from the first batch's.
    const [marker] = await db.select().from(appSettings).where(eq(appSettings.key, FIRST_BATCH_KEY));
    const base = marker ? Date.parse(marker.value) : started;
    for (const { sample, index } of later) {
      if (options.shouldStop?.()) break;
      const key = `${FIRST_BATCH_KEY}:${sample.file}`;
      if (!(await claim(key))) continue;
      try {
        await add(sample, new Date(base - index));
      } catch (error) {
        await db.delete(appSettings).where(eq(appSettings.key, key));
        throw error;
      }
      loaded++;
    }
  }
  if (loaded > 0) log.info(`Loaded ${loaded} sample templates in ${Date.now() - started} ms`);
  return loaded;
}
