// @ts-expect-error: a plain ES module shared with the test script, without type declarations.
import { postgresAvailable, startThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.mjs";

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

/** A throwaway PostgreSQL for a journey, or null (with the reason) where none can be started outside CI. */
export async function startPostgresForTest(): Promise<ThrowawayPostgres | null> {
  if (!(postgresAvailable as () => boolean)()) {
    if (process.env.CI === "true") throw new Error("PostgreSQL (initdb) is required under CI");
    console.warn("PostgreSQL is not installed: skipping the journeys that need it");
    return null;
  }
  return (startThrowawayPostgres as () => Promise<ThrowawayPostgres>)();
}
