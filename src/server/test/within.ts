/** Wait until `check` holds, polling every 20 ms; fail after `ms` (what another process's change may take). */
export async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
