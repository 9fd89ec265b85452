// The real app for the components project (decision 045): a freshly migrated PGlite, two small
// dragons loaded the way the bundled samples are, and members signed in with sessions of their own,
// listening on a free port that the project's Vite server forwards /api and /objects to
// (src/web/test/api-proxy.ts). Nothing of the API is imitated: a component under test reads and
// saves through the same routes as in the app.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { createTestApp } from "./test-app";
import { createSignedInUser } from "./users";
import { SESSION_COOKIE } from "../auth/sessions";
import { testClient } from "./api-client";

/** What the component tests get from this setup (`inject("componentApi")`). */
export interface ComponentApi {
  /** A dragon every test may draw; one that a test deletes to make a save fail. */
  dragons: { kept: string; doomed: string };
  /** Each member's id and session cookie ("name=value"); `returning` has saved progress on `kept`. */
  members: Record<"returning" | "saver" | "hurried" | "outbox" | "unlucky" | "admin", Member>;
  /** The progress `returning` saved on `kept`. */
  saved: { paperWidth: number; paperHeight: number; gridSize: number };
}

export interface Member {
  id: string;
  email: string;
  cookie: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    componentApi: ComponentApi;
  }
}

/** A small picture for a dragon: a body and a wing on transparent ground, 440 × 340 px. */
const picture = (colour: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="440" height="340"><ellipse cx="220" cy="190" rx="150" ry="90" fill="${colour}"/><path d="M120 120 L200 20 L260 130 Z" fill="#333"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

export default async function setup(project: TestProject) {
  const samples = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-component-samples-"));
  fs.writeFileSync(path.join(samples, "kept.png"), await picture("#2f855a"));
  fs.writeFileSync(path.join(samples, "doomed.png"), await picture("#c53030"));
  fs.writeFileSync(
    path.join(samples, "samples.json"),
    JSON.stringify([
      { file: "kept.png", name: "Component Dragon" },
      { file: "doomed.png", name: "Doomed Dragon" },
    ]),
  );
  const database = await openDatabase({});
  const t = await createTestApp({ SEED_SAMPLES: "true", SAMPLES_DIR: samples }, { database });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  // Read by src/web/test/api-proxy.ts, in this process.
  process.env.COMPONENT_API_URL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  const api = testClient(t.app);
  const listed = (await api.call("GET /api/dragons")).json();
  const idOf = (name: string) => listed.find((dragon) => dragon.name === name)!.id;
  const dragons = { kept: idOf("Component Dragon"), doomed: idOf("Doomed Dragon") };

  const member = async (isAdmin = false): Promise<Member> => {
    const { id, email, cookies } = await createSignedInUser(t, { isAdmin });
    return { id, email, cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}` };
  };
  const returning = await member();
  const saved = { paperWidth: 8, paperHeight: 6, gridSize: 2 };
  const save = await api.call("POST /api/wip", {
    headers: { cookie: returning.cookie },
    body: { dragonId: dragons.kept, ...saved, imageZoom: 1.4, imageX: 0, imageY: 0, currentCell: null },
  });
  if (save.statusCode !== 200) throw new Error(`Saving the returning member's progress: ${save.body}`);
  const members = {
    returning,
    saver: await member(),
    outbox: await member(),
    hurried: await member(),
    unlucky: await member(),
    admin: await member(true),
  };
  project.provide("componentApi", { dragons, members, saved });

  return async () => {
    await t.close();
    await database.close();
    fs.rmSync(samples, { recursive: true, force: true });
  };
}
