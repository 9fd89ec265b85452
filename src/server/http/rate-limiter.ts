import { HttpError } from "./errors";

/**
 * A fixed-window counter per key (an e-mail address, say), kept in this process's memory. It sits
 * beside @fastify/rate-limit's per-address limits, which cannot key on a body field.
 */
export class KeyedRateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Count one attempt for `key`; throws a 429 HttpError once the window's allowance is spent. */
  hit(key: string, now = Date.now()): void {
    if (this.windows.size > 10_000) this.prune(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.max) {
      const minutes = Math.max(1, Math.ceil((window.resetAt - now) / 60_000));
      throw new HttpError(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
    }
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
