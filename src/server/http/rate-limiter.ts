import crypto from "node:crypto";
import { isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import type { Database } from "../db/client";
import { HttpError } from "./errors";

/** One counter after a hit: how many hits its window has seen, and when the window ends (ms). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/**
 * The counters of every rate limit, in the database (decision 026): a limit then holds across
 * several server processes and across restarts, which counters in one process's memory did not.
 * One statement per hit, atomic on PostgreSQL and PGlite alike: the first hit of a window (or the
 * first after it ended) starts a new one. Keys are hashed, so the table names no e-mail or address.
 */
export function createRateCounters(db: Database) {
  return {
    async hit(key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
      const hashed = crypto.createHash("sha256").update(key).digest("base64url");
      const at = new Date(now).toISOString();
      const resetsAt = new Date(now + windowMs).toISOString();
      const result = (await db.execute(sql`
        insert into rate_limit_counters as c (key, count, resets_at) values (${hashed}, 1, ${resetsAt}::timestamptz)
        on conflict (key) do update set
          count = case when c.resets_at <= ${at}::timestamptz then 1 else c.count + 1 end,
          resets_at = case when c.resets_at <= ${at}::timestamptz then excluded.resets_at else c.resets_at end
        returning c.count, (extract(epoch from c.resets_at) * 1000)::float8 as reset_ms`)) as unknown as {
        rows: { count: number; reset_ms: number }[];
      };
      const row = result.rows[0]!;
      return { count: Number(row.count), resetAt: Number(row.reset_ms) };
    },
  };
}

export type RateCounters = ReturnType<typeof createRateCounters>;

/**
 * The part of a client address that names one client: an IPv4 address, or the /64 network of an
 * IPv6 one (one host is commonly given a whole /64, so counting full addresses would let it pick a
 * new one per try). An IPv4 address written as IPv6 (::ffff:a.b.c.d) counts as the IPv4 address.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address.toLowerCase();
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]!.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * A fixed-window limit on one kind of attempt per key (an e-mail address, a member), beside
 * @fastify/rate-limit's per-address limits, which cannot key on a body field. Both count in the
 * same shared counters.
 */
export class KeyedRateLimiter {
  constructor(
    private readonly counters: RateCounters,
    /** Tells this limit's counters from every other's. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Count one attempt for `key`; throws a 429 HttpError once the window's allowance is spent. */
  async hit(key: string, now = Date.now()): Promise<void> {
    const { count, resetAt } = await this.counters.hit(`${this.name}\n${key}`, this.windowMs, now);
    if (count > this.max) {
      const minutes = Math.max(1, Math.ceil((resetAt - now) / 60_000));
      throw new HttpError(
        429,
        /*i18n*/ "Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.",
        { values: { minutes } },
      );
    }
  }
}

/**
 * @fastify/rate-limit's store interface over the shared counters: each route's limit counts under
 * its own name ("METHOD /url"), keyed by the client (the plugin counts IPv6 clients per /64).
 */
class SharedRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly counters: RateCounters,
    private readonly name = "",
  ) {}

  incr(key: string, callback: Parameters<FastifyRateLimitStore["incr"]>[1], timeWindow: number): void {
    const now = Date.now();
    this.counters.hit(`route ${this.name}\n${key}`, timeWindow, now).then(
      ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now) }),
      (error: Error) => callback(error),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): SharedRateLimitStore {
    // The plugin passes the route's merged limit settings, the route itself under routeInfo (its
    // types say otherwise).
    const { method, url } =
      (routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
    return new SharedRateLimitStore(this.counters, `${[method ?? ""].flat().join(",")} ${url ?? ""}`);
  }
}

/** The store class @fastify/rate-limit's `store` option takes (it constructs the store itself). */
export function sharedRateLimitStore(counters: RateCounters) {
  return class extends SharedRateLimitStore {
    constructor() {
      super(counters);
    }
  };
}
