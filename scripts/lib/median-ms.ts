/** How many timed calls a median is taken of, unless told otherwise. */
export const MEDIAN_RUNS = 20;

/** The median time of `runs` calls of `run` after `warmUp` uncounted ones, in ms to one decimal (bench scripts only). */
export async function medianMs(run: () => Promise<unknown>, runs = MEDIAN_RUNS, warmUp = 3): Promise<number> {
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const middle = times.length / 2;
  return Math.round(((times[Math.floor(middle - 0.5)]! + times[Math.floor(middle)]!) / 2) * 10) / 10;
}
