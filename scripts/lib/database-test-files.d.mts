/** Absolute paths of the test files under `root`/src whose imports reach the test database (see database-test-files.mjs). */
export function databaseTestFiles(root?: string): string[];
