import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteOf } from "../db/client";
import type { DatabaseTemplate } from "./test-database";
import { databaseTestFiles } from "../../../scripts/lib/database-test-files.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
    databaseTestFiles: string[];
  }
}

/**
 * Migrate one template database per run; each test file clones it (PGlite: load a dumped data
 * dir, ~0.5 s; PostgreSQL: CREATE DATABASE ... TEMPLATE) instead of migrating a fresh one.
 */
export default async function setup(project: TestProject) {
  project.provide("databaseTestFiles", databaseTestFiles(project.config.root));
  const url = process.env.DATABASE_URL;
  if (url) {
    // Each server project runs this setup in the same process: the project names its template.
    const templateName = `dg_template_${process.pid}_${project.name.replace(/\W/g, "_")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateName}`;
    const handle = await openDatabase({ databaseUrl: templateUrl.toString() });
    await handle.close();
    project.provide("databaseTemplate", { kind: "postgres", url, templateName });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    };
  }
  const handle = await openDatabase({});
  const dump = await pgliteOf(handle)!.dumpDataDir("none");
  await handle.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-template-")), "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("databaseTemplate", { kind: "pglite", file });
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
