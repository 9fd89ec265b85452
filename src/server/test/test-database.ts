import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { expect, inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";

export type DatabaseTemplate =
  { kind: "pglite"; file: string } | { kind: "postgres"; url: string; templateName: string };

/** A migrated database of this run's kind (PGlite, or PostgreSQL when DATABASE_URL is set), private to the caller. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  // `npm test` runs on PostgreSQL only the files this scan finds (scripts/lib/database-test-files.mjs).
  const file = expect.getState().testPath;
  if (!file || !inject("databaseTestFiles").includes(file)) {
    throw new Error(
      `${file} opens a test database, but scripts/lib/database-test-files.mjs does not find it, so npm test would not run it on PostgreSQL: import createTestDatabase or createTestApp with a static relative import`,
    );
  }
  const template = inject("databaseTemplate");
  if (template.kind === "pglite") {
    const blob = new Blob([fs.readFileSync(template.file)]);
    return openDatabase({ pgliteTemplate: blob, migrate: false });
  }
  const name = `dg_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: template.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
