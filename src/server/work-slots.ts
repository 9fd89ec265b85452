/**
 * At most `slots` pieces of work at once, the rest waiting their turn in order. With a `capacity`,
 * the pieces running together also weigh at most that much (a piece heavier than it runs alone).
 * Used for photo decodes, weighed by their pixels (images/photo.ts), and for feed pages read at
 * cursors the server did not hand out (features/posts/feed-pages.ts).
 */
export function createSlots(slots: number, capacity = Infinity) {
  let running = 0;
  let load = 0;
  const waiting: { weight: number; start: () => void }[] = [];
  const fits = (weight: number) => running < slots && (running === 0 || load + weight <= capacity);
  const take = (weight: number) => {
    running++;
    load += weight;
  };
  /** Start whoever is next in line while they fit; in order, so a heavy piece is not passed over forever. */
  const startWaiting = () => {
    while (waiting.length && fits(waiting[0]!.weight)) {
      const next = waiting.shift()!;
      take(next.weight);
      next.start();
    }
  };
  async function inSlot<T>(work: () => Promise<T>, weight = 0): Promise<T> {
    if (!waiting.length && fits(weight)) take(weight);
    else await new Promise<void>((resolve) => waiting.push({ weight, start: resolve }));
    try {
      return await work();
    } finally {
      running--;
      load -= weight;
      startWaiting();
    }
  }
  /** Pieces running and waiting now (for /metrics). */
  const stats = () => ({ running, waiting: waiting.length });
  return Object.assign(inSlot, { stats });
}
