import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationLink, waitForMail } from "../src/server/test/mail";
import { startS3rver, type TestS3 } from "../src/server/test/s3rver";
import { illustrationPng } from "../src/server/test/images";
import { startPostgresForTest, type ThrowawayPostgres } from "./support/postgres";
import { everySampleLoaded, startServer } from "./support/server-process";

const json = { "content-type": "application/json" };
const PASSWORD = "correct horse battery";
const SECRET_KEY_BASE = "the moved installation's key for every server";

/** Register through the API, verify through the outbox's link, sign in; answers the session cookie. */
async function member(base: string, dataDir: string, email: string): Promise<string> {
  expect(
    (
      await fetch(`${base}/api/auth/register`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email, password: PASSWORD }),
      })
    ).status,
  ).toBe(201);
  const token = new URL(verificationLink((await waitForMail(dataDir, email)).at(-1)!)!).searchParams.get("token");
  expect(
    (
      await fetch(`${base}/api/auth/verify-email`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ token, password: PASSWORD }),
      })
    ).status,
  ).toBe(200);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return `dg_session=${/dg_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")![1]}`;
}

/** The answers a person and an admin get, and the bytes of every template file they show. */
async function snapshot(base: string, people: { member: string; admin: string }, dragonId: string) {
  const read = async (url: string, cookie?: string) => {
    const res = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });
    return { status: res.status, body: await res.text() };
  };
  const dragons = JSON.parse((await read("/api/dragons")).body) as {
    id: string;
    previewUrl: string;
    hiresUrl: string;
  }[];
  const files: Record<string, string> = {};
  for (const dragon of dragons) {
    for (const url of [dragon.previewUrl, dragon.hiresUrl])
      files[url] = crypto
        .createHash("sha256")
        .update(Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer()))
        .digest("hex");
  }
  const feed = JSON.parse((await read("/api/posts", people.member)).body) as {
    images: { imageUrl: string; thumbUrl: string }[];
  }[];
  for (const post of feed) {
    for (const image of post.images) {
      for (const url of [image.imageUrl, image.thumbUrl]) {
        files[url] = crypto
          .createHash("sha256")
          .update(
            Buffer.from(await (await fetch(`${base}${url}`, { headers: { cookie: people.member } })).arrayBuffer()),
          )
          .digest("hex");
      }
    }
  }
  return {
    dragons,
    dragon: await read(`/api/dragons/${dragonId}`),
    progress: await read(`/api/wip/${dragonId}`, people.member),
    me: await read("/api/auth/user", people.member),
    blog: await read("/api/blog/posts"),
    feed: await read("/api/posts", people.member),
    waitlist: await read("/api/admin/waitlist.csv", people.admin),
    files,
  };
}

describe("npm run move-to", () => {
  let postgres: ThrowawayPostgres | null;
  let s3: TestS3;
  beforeAll(async () => {
    postgres = await startPostgresForTest();
    s3 = await startS3rver("moved");
  });
  afterAll(async () => {
    postgres?.stop();
    await s3?.stop();
  });

  it("moves every row and object of a stopped embedded installation into PostgreSQL and S3, and the same people see the same things", async (context) => {
    if (!postgres) return context.skip();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-move-"));
    const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-move-export-"));
    const embedded = await startServer({ DATA_DIR: dataDir, ADMIN_EMAILS: "chief@example.com" });
    // Settled: every sample loaded, so the moved installation has nothing left to add.
    await everySampleLoaded(embedded.url);
    const people = {
      admin: await member(embedded.url, dataDir, "chief@example.com"),
      member: await member(embedded.url, dataDir, "learner@example.com"),
    };
    const [dragon] = (await (await fetch(`${embedded.url}/api/dragons`)).json()) as { id: string }[];
    const send = (method: string, url: string, cookie: string | null, body: unknown) =>
      fetch(`${embedded.url}${url}`, {
        method,
        headers: { ...json, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    expect(
      (
        await send("POST", "/api/wip", people.member, {
          dragonId: dragon!.id,
          paperWidth: 8.5,
          paperHeight: 11,
          gridSize: 1,
          imageZoom: 1,
          imageX: 0,
          imageY: 0,
          currentCell: "B3",
          doneCells: ["A1", "A2", "B1"],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send("POST", "/api/admin/blog", people.admin, {
          title: "Moving house",
          content: "<p>Same dragons, new home.</p>",
          published: true,
        })
      ).status,
    ).toBe(201);
    expect((await send("POST", "/api/waitlist", null, { email: "waiting@example.com" })).status).toBeLessThan(300);
    // A post with a photo, approved, liked and commented on.
    const upload = (await (
      await fetch(`${embedded.url}/api/objects/upload`, { method: "POST", headers: { cookie: people.member } })
    ).json()) as { uploadURL: string; objectPath: string };
    expect(
      (
        await fetch(new URL(upload.uploadURL, embedded.url), {
          method: "PUT",
          headers: { "content-type": "image/png" },
          body: new Uint8Array(await illustrationPng(640, 480)),
        })
      ).status,
    ).toBeLessThan(300);
    expect(
      (
        await send("POST", "/api/objects/set-acl", people.member, {
          objectPath: upload.objectPath,
          visibility: "private",
        })
      ).status,
    ).toBe(200);
    const posted = await send("POST", "/api/posts", people.member, {
      dragonId: dragon!.id,
      description: "My first dragon",
      images: [upload.objectPath],
    });
    expect(posted.status).toBe(201);
    const postId = ((await posted.json()) as { id: string }).id;
    expect((await send("PUT", `/api/posts/${postId}/approve`, people.admin, {})).status).toBe(200);
    expect((await send("POST", `/api/posts/${postId}/like`, people.admin, {})).status).toBe(200);
    expect((await send("POST", `/api/posts/${postId}/comment`, people.admin, { text: "Lovely scales" })).status).toBe(
      201,
    );
    const before = await snapshot(embedded.url, people, dragon!.id);
    expect(await embedded.stop()).toBe(0);

    const dbUrl = new URL(postgres.url);
    dbUrl.pathname = "/moved";
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("create database moved");
    await admin.query("create database not_empty");
    await admin.end();
    // Not spawnSync: the bucket (s3rver) answers from this process's event loop.
    const moveTo = (target: string) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ["dist/server/move-to.js", "--database", target, "--s3", "--export", exportDir],
          {
            env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...s3.env },
            encoding: "utf8",
            timeout: 120_000,
          },
          (error, stdout, stderr) =>
            resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
        );
      });

    // A move stopped half-way: its first run is killed once a few tables are in.
    const interrupted = execFile(
      process.execPath,
      ["dist/server/move-to.js", "--database", dbUrl.toString(), "--export", exportDir],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
    );
    let firstOutput = "";
    await new Promise<void>((resolve) => {
      interrupted.stdout!.on("data", (chunk: string) => {
        firstOutput += chunk;
        if ((firstOutput.match(/ matches\n/g) ?? []).length >= 3) interrupted.kill("SIGKILL");
      });
      interrupted.on("exit", () => resolve());
    });
    expect(firstOutput).not.toContain("Done:");

    const moved = await moveTo(dbUrl.toString());
    expect(moved.status, moved.stdout + moved.stderr).toBe(0);
    expect(moved.stdout).toContain("taking it up where it stopped");
    expect(moved.stdout).toMatch(/moved before/);
    expect(moved.stdout + firstOutput).toMatch(/users: 2 rows, checksum [0-9a-f]{32} matches/);
    expect(moved.stdout + firstOutput).toMatch(/likes: 1 rows, checksum [0-9a-f]{32} matches/);
    expect(moved.stdout).toMatch(/objects: \d+ of \d+/);
    expect(moved.stdout).toContain("Done:");
    // The export is PostgreSQL's COPY text, with a script psql can load it with.
    expect(fs.readFileSync(path.join(exportDir, "users.copy"), "utf8")).toContain("learner@example.com");
    expect(fs.readFileSync(path.join(exportDir, "load.sql"), "utf8")).toContain(`\\copy "users"`);

    // Again: nothing to do. Into a database with tables of its own: refused, nothing written.
    expect((await moveTo(dbUrl.toString())).stdout).toContain("already holds a completed move");
    const other = new URL(postgres.url);
    other.pathname = "/not_empty";
    const client = new pg.Client({ connectionString: other.toString() });
    await client.connect();
    await client.query("create table theirs (id int)");
    const refused = await moveTo(other.toString());
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("The target database is not empty (it has 1 table: theirs)");
    expect((await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'")).rows[0].n).toBe(
      1,
    );
    await client.end();

    // The moved installation, on a fresh DATA_DIR: its data is all in PostgreSQL and the bucket.
    const moveDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-moved-"));
    const server = await startServer({ DATA_DIR: moveDir, DATABASE_URL: dbUrl.toString(), SECRET_KEY_BASE, ...s3.env });
    try {
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({
        status: "ok",
        database: "postgres",
        storage: "s3",
      });
      const after = await snapshot(server.url, people, dragon!.id);
      expect(after).toEqual(before);
      expect(JSON.parse(after.progress.body)).toMatchObject({ currentCell: "B3", doneCells: ["A1", "A2", "B1"] });
      expect(after.blog.body).toContain("Moving house");
      expect(after.waitlist.body).toContain("waiting@example.com");
      expect(after.feed.body).toContain("Lovely scales");
      // Passwords work, and a new row gets an id after the moved ones.
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "learner@example.com", password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      expect(
        (
          await fetch(`${server.url}/api/analytics/pageview`, {
            method: "POST",
            headers: { ...json, "user-agent": "Mozilla/5.0" },
            body: JSON.stringify({ path: "/home" }),
          })
        ).status,
      ).toBe(204);
    } finally {
      await server.stop();
      for (const dir of [dataDir, exportDir, moveDir]) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
