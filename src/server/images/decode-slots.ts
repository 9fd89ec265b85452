/**
 * At most `slots` pieces of work at once, the rest waiting their turn in order. A photo decoded
 * at full size holds width × height × 4 bytes (160 MB for 40 MP) in libvips, so photos that
 * members send together are decoded a few at a time, not all at once (issue 24: a memory ceiling).
 */
export function createSlots(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, or give it back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
