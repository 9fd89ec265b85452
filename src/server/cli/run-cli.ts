import { ConfigError } from "../config";

/**
 * Run a command-line entry (make-admin, backup, restore): its answer is the exit code; a failure
 * prints one readable line (a configuration error names the setting) and exits 1.
 */
export function runCli(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        error instanceof ConfigError
          ? `Configuration error: ${error.message}`
          : error instanceof Error
            ? error.message
            : error,
      );
      process.exit(1);
    },
  );
}
