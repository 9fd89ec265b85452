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
}

const SEEDED_KEY = "samples_seeded_at";

/** Whether this installation has claimed the samples already; false before the first migration too. */
export async function samplesSeeded(db: Database): Promise<boolean> {
  try {
    const rows = await db
      .select({ key: appSettings.key })
      .from(appSettings)
      .where(eq(appSettings.key, SEEDED_KEY))
      .limit(1);
    return rows.length > 0;
  } catch {
    return false;
  }
}

/**
 * Load the bundled sample templates (assets/samples) into the library, once per installation:
 * the first process to claim the marker row does it, so neither a restart, a second process,
 * nor an admin who deleted every dragon brings them back.
 */
export async function seedSamples(
  db: Database,
  library: Library,
  samplesDir: string,
  log: FastifyBaseLogger,
): Promise<number> {
  const manifest = path.join(samplesDir, "samples.json");
  if (!fs.existsSync(manifest)) {
    log.warn(`No sample templates at ${manifest}; the library starts empty`);
    return 0;
  }
  const claimed = await db
    .insert(appSettings)
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  if (claimed.length === 0) return 0;

  const samples = JSON.parse(fs.readFileSync(manifest, "utf8")) as Sample[];
  const started = Date.now();
  // Two at a time: one sample's JavaScript (the pencil's loops) runs while the other's sharp work
  // runs on the thread pool. The library lists newest first, so each gets a creation time that
  // keeps the manifest's order whichever finishes first.
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < samples.length; index = next++) {
      const sample = samples[index]!;
      const image = fs.readFileSync(path.join(samplesDir, sample.file));
      await library.addTemplate({
        name: sample.name,
        image,
        createdBy: null,
        pencil: true,
        createdAt: new Date(started - index),
      });
    }
  };
  await Promise.all([worker(), worker()]);
  log.info(`Loaded ${samples.length} sample templates in ${Date.now() - started} ms`);
  return samples.length;
}
