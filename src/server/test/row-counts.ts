import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema";
import type { DatabaseHandle } from "../db/client";

const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((table): table is PgTable =>
  is(table, PgTable),
);

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

// A refused request still counts against its rate limit, by design: those counters are not data.
const dataTables = tables.filter((table) => getTableName(table) !== "rate_limit_counters");

/**
 * Rows in every data table of the schema, in one query: what a refused request must leave unchanged.
 * Route tests take it before and after thousands of requests, so it is one round-trip, not one per table.
 */
export async function rowCounts(database: DatabaseHandle): Promise<Record<string, number>> {
  // One row of scalar subqueries: several times faster on PGlite than a union of counts.
  const query = sql`select ${sql.join(
    dataTables.map((table) => sql`(select count(*) from ${table})::int as ${sql.identifier(getTableName(table))}`),
    sql`, `,
  )}`;
  const [row] = rowsOf(await database.db.execute(query));
  return Object.fromEntries(Object.entries(row!).map(([name, n]) => [name, Number(n)]));
}

/** The tables holding a row whose text (any column, arrays and JSON included) contains `marker`. */
export async function tablesContaining(database: DatabaseHandle, marker: string): Promise<string[]> {
  const pattern = `%${marker.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const query = sql.join(
    tables.map(
      (table) => sql`select ${getTableName(table)} as "name" from ${table} as "row" where "row"::text like ${pattern}`,
    ),
    sql` union `,
  );
  return rowsOf(await database.db.execute(query)).map((row) => String(row.name));
}
