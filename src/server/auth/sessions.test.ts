import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/client";
import { sessions, users } from "../db/schema";
import { createTestDatabase } from "../test/test-database";
import { createSessions } from "./sessions";
import { hashToken } from "./tokens";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** A user with a live session; answers the user's id and the session's token. */
async function signedIn() {
  const [user] = await handle.db
    .insert(users)
    .values({ email: `s-${crypto.randomUUID()}@example.com`, emailVerified: true })
    .returning({ id: users.id });
  const token = crypto.randomBytes(32).toString("base64url");
  await handle.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: user!.id, token };
}

describe("session look-ups", () => {
  const config = loadConfig({ DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" });

  it("share one database read among the requests that come with one token at once", async () => {
    const { id, token } = await signedIn();
    const lookUps = createSessions(handle.db, config);
    const looked = await Promise.all(Array.from({ length: 20 }, () => lookUps.userForToken(token)));
    // One read answers them all: the very same user, not twenty equal ones.
    expect(looked[0]).toMatchObject({ id });
    for (const user of looked) expect(user).toBe(looked[0]);
  });

  it("do not remember a session that ended while it was being read", async () => {
    const { id, token } = await signedIn();
    const lookUps = createSessions(handle.db, config);
    const under = lookUps.userForToken(token);
    await lookUps.endAllFor(id);
    await under;
    expect(await lookUps.userForToken(token)).toBeNull();
  });
});
