import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drawingChecks, storedObjects } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { checkedUpload, createSignedInUser, type TestUser } from "../../test/users";
import { illustrationPng } from "../../test/images";
import { newDragonRow } from "../../test/route-fixtures";
import { CHECKS_KEPT } from "../../../shared/drawing-check/kept-checks";
import { testClient, type TestClient } from "../../test/api-client";

let t: TestApp;
let api: TestClient;
let ada: TestUser;
let dragonId: string;
beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  ada = await createSignedInUser(t);
  dragonId = await newDragonRow(t);
});
afterAll(() => t.close());

const grid = (columns: number, rows: number, status = "close") =>
  Array.from({ length: columns * rows }, (_, i) => ({
    label: `${String.fromCharCode(65 + (i % columns))}${Math.floor(i / columns) + 1}`,
    status,
    errorMm: 0.5,
  }));
// Some cases send bodies the contract refuses, on purpose.
const keep = (user: TestUser, body: unknown, id = dragonId) =>
  api.call("POST /api/checks/:dragonId", { params: { dragonId: id }, cookies: user.cookies, payload: body as object });
const list = (user: TestUser, id = dragonId) =>
  api.call("GET /api/checks/:dragonId", { params: { dragonId: id }, cookies: user.cookies });

describe("kept drawing checks", () => {
  it("keeps each cell's verdict and gives them back oldest first, the newest 20 only", async () => {
    const learner = await createSignedInUser(t);
    for (let i = 0; i < CHECKS_KEPT + 3; i++) {
      const res = await keep(learner, { columns: 3, rows: 2, cells: grid(3, 2, i % 2 ? "near" : "close") });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        columns: 3,
        rows: 2,
        cells: expect.arrayContaining([{ label: "A1", status: i % 2 ? "near" : "close", errorMm: 0.5 }]),
      });
    }
    const kept = (await list(learner)).json();
    expect(kept).toHaveLength(CHECKS_KEPT);
    expect([...kept].sort((a, b) => a.createdAt.localeCompare(b.createdAt))).toEqual(kept);
    expect(kept.at(-1)!.cells[0]!.status).toBe("close"); // the 23rd (i = 22)
    expect(await t.database.db.select().from(drawingChecks).where(eq(drawingChecks.userId, learner.id))).toHaveLength(
      CHECKS_KEPT,
    );
  });

  it("keeps the whole drawing's size, turn, shift, part out of proportion and stretch with a check, and null for a check without them", async () => {
    const learner = await createSignedInUser(t);
    const whole = { sizePercent: 5.2, turnDegrees: -3.1, shiftMm: 4, partPercent: 9.8, stretchPercent: -4.5 };
    // A check from a page made before parts and stretches were measured has no figure for them.
    const before = { sizePercent: 1, turnDegrees: 0, shiftMm: 0 };
    expect((await keep(learner, { columns: 1, rows: 1, cells: grid(1, 1), whole })).json()).toMatchObject({ whole });
    expect((await keep(learner, { columns: 1, rows: 1, cells: grid(1, 1), whole: before })).json()).toMatchObject({
      whole: before,
    });
    expect((await keep(learner, { columns: 1, rows: 1, cells: grid(1, 1) })).json()).toMatchObject({ whole: null });
    expect((await list(learner)).json().map((check) => check.whole)).toEqual([whole, before, null]);
  });

  it("refuses a check that does not describe its grid, with the reason", async () => {
    const cases: [unknown, RegExp][] = [
      [{ columns: 2, rows: 1, cells: grid(1, 1) }, /cells must hold every cell of the grid once/],
      [
        {
          columns: 1,
          rows: 2,
          cells: [
            { label: "A1", status: "close", errorMm: 0 },
            { label: "A1", status: "close", errorMm: 0 },
          ],
        },
        /must not repeat a cell/,
      ],
      [{ columns: 1, rows: 1, cells: [{ label: "B1", status: "close", errorMm: 0 }] }, /must be cells of the grid/],
      [{ columns: 1, rows: 1, cells: [{ label: "A1", status: "perfect", errorMm: 0 }] }, /status must be one of/],
      [{ columns: 1, rows: 1, cells: [{ label: "A1", status: "close", errorMm: -1 }] }, /errorMm must be at least 0/],
      [{ columns: 1, rows: 1, cells: [{ label: "<b>", status: "close", errorMm: 0 }] }, /label must be a cell label/],
      [{ columns: 60, rows: 60, cells: [] }, /at most 2500 cells/],
      [{ columns: 1, rows: 1, cells: grid(1, 1), photo: "data:image/jpeg;base64,AAAA" }, /photo/],
      [
        { columns: 1, rows: 1, cells: grid(1, 1), whole: { sizePercent: 80, turnDegrees: 0, shiftMm: 0 } },
        /whole.sizePercent can be at most 50/,
      ],
      [
        { columns: 1, rows: 1, cells: grid(1, 1), whole: { sizePercent: 1, turnDegrees: 0, shiftMm: -2 } },
        /whole.shiftMm must be at least 0/,
      ],
      [
        {
          columns: 1,
          rows: 1,
          cells: grid(1, 1),
          whole: { sizePercent: 1, turnDegrees: 0, shiftMm: 0, partPercent: -60 },
        },
        /whole.partPercent must be at least -50/,
      ],
      [
        {
          columns: 1,
          rows: 1,
          cells: grid(1, 1),
          whole: { sizePercent: 1, turnDegrees: 0, shiftMm: 0, stretchPercent: 51 },
        },
        /whole.stretchPercent can be at most 50/,
      ],
      [
        { columns: 1, rows: 1, cells: grid(1, 1), whole: { sizePercent: 1, turnDegrees: "3", shiftMm: 0 } },
        /whole.turnDegrees must be a number/,
      ],
      [
        { columns: 1, rows: 1, cells: grid(1, 1), whole: { sizePercent: 1, turnDegrees: 0, shiftMm: 0, x: 1 } },
        /Unrecognized key: "x"/,
      ],
    ];
    for (const [body, reason] of cases) {
      const res = await keep(ada, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatch(reason);
    }
    expect(await t.database.db.select().from(drawingChecks).where(eq(drawingChecks.userId, ada.id))).toHaveLength(0);
  });

  it("answers 404 for a dragon that does not exist, and keeps nothing", async () => {
    const res = await keep(ada, { columns: 1, rows: 1, cells: grid(1, 1) }, "0d9a6c1e-5b4f-4e3d-8c2b-1a0f9e8d7c6b");
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe("Dragon not found");
  });
});

describe("a photo kept with a check", () => {
  const keepPhoto = (user: TestUser, checkId: string, objectPath: string, id = dragonId) =>
    api.call("PUT /api/checks/:dragonId/:checkId/photo", {
      params: { dragonId: id, checkId },
      cookies: user.cookies,
      body: { objectPath },
    });
  const newCheck = async (user: TestUser) => (await keep(user, { columns: 1, rows: 1, cells: grid(1, 1) })).json().id;
  const objectAs = (user: TestUser | null, url: string) => t.app.inject({ method: "GET", url, cookies: user?.cookies });

  it("is the member's own upload, claimed for the check, served to them alone; a new one replaces it", async () => {
    const learner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const checkId = await newCheck(learner);
    const first = await checkedUpload(t, learner, await illustrationPng(200, 150));
    const res = await keepPhoto(learner, checkId, first);
    expect(res.statusCode).toBe(200);
    const photoUrl = res.json().photoUrl!;
    expect(photoUrl).toBe(first);
    expect((await list(learner)).json().at(-1)!.photoUrl).toBe(first);
    expect((await objectAs(learner, photoUrl)).statusCode).toBe(200);
    expect((await objectAs(other, photoUrl)).statusCode).toBe(404);
    expect((await objectAs(null, photoUrl)).statusCode).toBe(404);

    // Claimed: it cannot become a post's photo, nor another check's.
    const post = await api.call("POST /api/posts", {
      cookies: learner.cookies,
      body: { dragonId, description: "", images: [first] },
    });
    expect(post.statusCode).toBe(400);
    expect((await keepPhoto(learner, await newCheck(learner), first)).statusCode).toBe(400);
    // Nor be checked again by set-acl, which would make it a free upload once more (on S3 it would
    // even be copied away and deleted): an avatar made from it would then delete it from under its check.
    const recheck = await api.call("POST /api/objects/set-acl", {
      cookies: learner.cookies,
      body: { objectPath: first, visibility: "private" },
    });
    expect(recheck.statusCode).toBe(409);
    expect(recheck.body).toBe("This photo is already kept with a drawing check");
    expect(
      (await api.call("PUT /api/account/avatar", { cookies: learner.cookies, body: { objectPath: first } })).statusCode,
    ).toBe(400);
    expect((await objectAs(learner, first)).statusCode).toBe(200);

    const second = await checkedUpload(t, learner, await illustrationPng(160, 120));
    expect((await keepPhoto(learner, checkId, second)).json().photoUrl).toBe(second);
    const key = (path: string) => path.slice("/objects/".length);
    expect(
      await t.database.db
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.key, key(first))),
    ).toEqual([]);
    expect((await objectAs(learner, first)).statusCode).toBe(404);
  });

  it("refuses someone else's upload or check, and says why", async () => {
    const learner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const checkId = await newCheck(learner);
    const theirs = await checkedUpload(t, other, await illustrationPng(120, 90));
    const refused = await keepPhoto(learner, checkId, theirs);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe("Invalid objectPath: not an uploaded image of yours");
    const mine = await checkedUpload(t, learner, await illustrationPng(120, 90));
    const notTheirs = await keepPhoto(other, checkId, await checkedUpload(t, other, await illustrationPng(100, 80)));
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.body).toBe("Check not found");
    expect((await keepPhoto(learner, checkId, mine, "0d9a6c1e-5b4f-4e3d-8c2b-1a0f9e8d7c6b")).statusCode).toBe(404);
    expect((await list(learner)).json().at(-1)!.photoUrl).toBeNull();
  });
});

describe("a practice sheet's cells kept with a check", () => {
  const keepPractice = (user: TestUser, checkId: string, body: unknown, id = dragonId) =>
    api.call("PUT /api/checks/:dragonId/:checkId/practice", {
      params: { dragonId: id, checkId },
      cookies: user.cookies,
      payload: body as object,
    });
  const offCells = [
    { label: "A1", status: "close", errorMm: 0.5 },
    { label: "B1", status: "off", errorMm: 6.1 },
    { label: "C1", status: "near", errorMm: 3.2 },
  ];

  it("keeps the latest photo's verdicts beside the check's own, for its owner alone", async () => {
    const learner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const checkId = (await keep(learner, { columns: 3, rows: 1, cells: offCells })).json().id;
    expect((await list(learner)).json().at(-1)!.practice).toBeNull();
    const after = [
      { label: "B1", status: "close", errorMm: 1.2 },
      { label: "C1", status: "near", errorMm: 2.1 },
    ];
    const res = await keepPractice(learner, checkId, { cells: after });
    expect(res.statusCode).toBe(200);
    expect(res.json().practice).toEqual({ cells: after, practisedAt: expect.any(String) });
    // The check's own verdicts stay as they were: the practice is its after, not a new before.
    expect(res.json().cells).toEqual(offCells);
    const again = [{ label: "B1", status: "close", errorMm: 0.8 }];
    expect((await keepPractice(learner, checkId, { cells: again })).json().practice!.cells).toEqual(again);
    expect((await list(learner)).json().at(-1)!.practice!.cells).toEqual(again);

    const theirs = await keepPractice(other, checkId, { cells: after });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe("Check not found");
    expect(
      (await keepPractice(learner, checkId, { cells: after }, "0d9a6c1e-5b4f-4e3d-8c2b-1a0f9e8d7c6b")).statusCode,
    ).toBe(404);
    expect((await list(learner)).json().at(-1)!.practice!.cells).toEqual(again);
  });

  it("refuses cells that are not the check's, repeated, too many or none, and keeps nothing", async () => {
    const learner = await createSignedInUser(t);
    const checkId = (await keep(learner, { columns: 3, rows: 1, cells: offCells })).json().id;
    const refused = async (body: unknown, message: string | RegExp) => {
      const res = await keepPractice(learner, checkId, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(message);
    };
    await refused({ cells: [{ label: "D1", status: "close", errorMm: 1 }] }, "cells must be cells of the check");
    const b1 = { label: "B1", status: "close", errorMm: 1 };
    await refused({ cells: [b1, b1] }, /cells must not repeat a cell/);
    await refused({ cells: [] }, /cells must hold at least 1 cell/);
    await refused({ cells: Array.from({ length: 7 }, () => b1) }, /cells can hold at most 6 cells/);
    await refused({ cells: [{ ...b1, errorMm: -1 }] }, /errorMm must be at least 0/);
    await refused({ cells: [b1], photo: "x" }, /photo/);
    expect((await list(learner)).json().at(-1)!.practice).toBeNull();
  });
});
