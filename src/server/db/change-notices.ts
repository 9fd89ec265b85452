import crypto from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Client } from "pg";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client";

// One PostgreSQL channel carries every notice; its payload names the topic (decision 026).
const CHANNEL = "dragon_grid_changes";
// PostgreSQL refuses a payload of 8,000 bytes or more: a larger detail travels as "anything of
// this topic may have changed".
const MAX_PAYLOAD_BYTES = 7_500;
const RECONNECT_MS = [500, 1_000, 2_000, 5_000, 10_000];

/**
 * What changed, by topic. `emit` tells this process's listeners at once (before the request that
 * made the change answers) and every other server process on the same PostgreSQL through
 * LISTEN/NOTIFY, within milliseconds. A listener given `null` must assume anything of its topic
 * changed: the detail was too large, or notices may have been missed while the listening
 * connection was down.
 */
export interface NoticeChannel<T> {
  emit(detail: T): void;
  on(listener: (detail: T | null) => void): void;
}

export interface ChangeNotices {
  channel<T>(topic: string): NoticeChannel<T>;
  close(): Promise<void>;
}

interface Wire {
  origin: string;
  topic: string;
  detail: unknown;
}

/**
 * The notices of one process. On PGlite there is only ever one process (the database directory is
 * locked to it), so notices stay inside it; on PostgreSQL a connection of its own listens.
 */
export async function createChangeNotices(database: DatabaseHandle, log?: FastifyBaseLogger): Promise<ChangeNotices> {
  const listeners = new Map<string, ((detail: unknown) => void)[]>();
  const deliver = (topic: string, detail: unknown) => {
    for (const listener of listeners.get(topic) ?? []) {
      try {
        listener(detail);
      } catch (error) {
        log?.error({ err: error }, `a listener of ${topic} changes failed`);
      }
    }
  };
  const everythingMayHaveChanged = () => {
    for (const topic of listeners.keys()) deliver(topic, null);
  };
  const origin = crypto.randomUUID();
  const remote =
    database.kind === "postgres" && database.url
      ? await listen(database.url, origin, deliver, everythingMayHaveChanged, log)
      : null;

  // One notice at a time: through the pool's several connections, a like and the unlike after it
  // could otherwise arrive the other way round.
  let sending = Promise.resolve();
  function publish(topic: string, detail: unknown) {
    if (!remote) return;
    let payload = JSON.stringify({ origin, topic, detail } satisfies Wire);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
      payload = JSON.stringify({ origin, topic, detail: null } satisfies Wire);
    sending = sending
      .then(() => database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`))
      .then(
        () => undefined,
        (error: unknown) => log?.warn({ err: error }, `could not tell other processes of a ${topic} change`),
      );
  }

  return {
    channel<T>(topic: string): NoticeChannel<T> {
      return {
        emit(detail) {
          deliver(topic, detail);
          publish(topic, detail);
        },
        on(listener) {
          listeners.set(topic, [...(listeners.get(topic) ?? []), listener as (detail: unknown) => void]);
        },
      };
    },
    close: async () => remote?.close(),
  };
}

/**
 * A connection that LISTENs, and connects again when it is lost (a database restart, a network
 * cut); after it reconnects, everything may have changed meanwhile.
 */
async function listen(
  url: string,
  origin: string,
  deliver: (topic: string, detail: unknown) => void,
  missed: () => void,
  log?: FastifyBaseLogger,
) {
  const { default: pg } = await import("pg");
  let client: Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      let wire: Wire;
      try {
        wire = JSON.parse(message.payload) as Wire;
      } catch {
        return;
      }
      if (wire.origin !== origin && typeof wire.topic === "string") deliver(wire.topic, wire.detail ?? null);
    });
    const lost = () => {
      if (closed || client !== next) return;
      client = null;
      next.removeAllListeners("end");
      next.end().catch(() => {});
      log?.warn("lost the connection that hears other processes' changes; connecting again");
      scheduleReconnect();
    };
    next.on("error", lost);
    next.on("end", lost);
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  }

  function scheduleReconnect() {
    const delay = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          missed();
        },
        () => {
          if (!closed) scheduleReconnect();
        },
      );
    }, delay);
    retry.unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

/** A channel within this process only, for code used outside a server (scripts, tests). */
export function localChannel<T>(): NoticeChannel<T> {
  const listeners: ((detail: T | null) => void)[] = [];
  return {
    emit: (detail) => listeners.forEach((listener) => listener(detail)),
    on: (listener) => void listeners.push(listener),
  };
}
