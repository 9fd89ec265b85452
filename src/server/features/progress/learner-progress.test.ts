import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { learnerGoals, practiceDays } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, type TestUser } from "../../test/users";
import { newDragonRow } from "../../test/route-fixtures";
import { testClient, type TestClient } from "../../test/api-client";
import { addDays, dayIn } from "../../../shared/progress/learning";

let t: TestApp;
let api: TestClient;
let dragonId: string;
beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  dragonId = await newDragonRow(t);
});
afterAll(() => t.close());

const PAPER = { paperWidth: 11, paperHeight: 8, gridSize: 1, imageZoom: 1, imageX: 0, imageY: 0 };
const cells = (columns: number, rows: number, errorMm: number) =>
  Array.from({ length: columns * rows }, (_, i) => ({
    label: `${String.fromCharCode(65 + (i % columns))}${Math.floor(i / columns) + 1}`,
    status: errorMm <= 1.5 ? "close" : "off",
    errorMm,
  }));
const save = (user: TestUser, body: object) =>
  api.call("POST /api/wip", { cookies: user.cookies, payload: { dragonId, ...PAPER, ...body } as never });
const keep = (user: TestUser, body: object) =>
  api.call("POST /api/checks/:dragonId", { params: { dragonId }, cookies: user.cookies, payload: body as never });
const progress = async (user: TestUser) => (await api.call("GET /api/progress", { cookies: user.cookies })).json();
const days = async (user: TestUser) =>
  (await t.database.db.select().from(practiceDays).where(eq(practiceDays.userId, user.id))).map((row) => row.day);

describe("the learner's progress", () => {
  it("counts a day of practice for a cell marked done or a check kept, never for moving the picture", async () => {
    const learner = await createSignedInUser(t);
    expect((await save(learner, { imageZoom: 1.5, gridLines: "alternate" })).statusCode).toBe(200);
    expect(await days(learner)).toEqual([]);
    // Sending the same done cells again is not new practice either.
    await t.database.db.delete(practiceDays);
    expect((await save(learner, { doneCells: ["A1"] })).statusCode).toBe(200);
    expect(await days(learner)).toEqual([dayIn("UTC")]);
    await t.database.db.delete(practiceDays).where(eq(practiceDays.userId, learner.id));
    await save(learner, { doneCells: ["A1"], imageX: 1 });
    expect(await days(learner)).toEqual([]);
    expect((await keep(learner, { columns: 11, rows: 8, cells: cells(11, 8, 0.8), ladderStep: 3 })).statusCode).toBe(
      201,
    );
    expect(await days(learner)).toEqual([dayIn("UTC")]);
  });

  it("answers drawings, checks with their median and step, the ladder's step and milestones, private to the learner", async () => {
    const learner = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const all = cells(11, 8, 0).map((cell) => cell.label);
    await save(learner, { doneCells: all, gridLines: "alternate", diagonals: false });
    await keep(learner, { columns: 11, rows: 8, cells: cells(11, 8, 0.8), ladderStep: 3 });
    const mine = await progress(learner);
    expect(mine).toMatchObject({ started: 1, finished: 1, ladderStep: 3, timeZone: "UTC" });
    expect(mine.checks).toEqual([
      expect.objectContaining({ dragonName: expect.any(String), medianMm: 0.8, drawn: 88, close: 88, ladderStep: 3 }),
    ]);
    expect(mine.checks[0]).not.toHaveProperty("cells");
    expect(mine.milestones.filter((milestone) => milestone.reachedAt).map((milestone) => milestone.id)).toEqual([
      "first-finished",
      "step-3",
    ]);
    expect(await progress(stranger)).toMatchObject({ started: 0, finished: 0, checks: [], ladderStep: 1 });
  });

  it("keeps the weekly goal with the learner's time zone, and counts their days in it", async () => {
    const learner = await createSignedInUser(t);
    const set = (body: object) =>
      api.call("PUT /api/progress/goal", { cookies: learner.cookies, payload: body as never });
    expect((await set({ weeklyGoal: 0, timeZone: "Europe/Paris" })).statusCode).toBe(400);
    expect((await set({ weeklyGoal: 8, timeZone: "Europe/Paris" })).statusCode).toBe(400);
    expect((await set({ weeklyGoal: 2.5, timeZone: "Europe/Paris" })).statusCode).toBe(400);
    expect((await set({ weeklyGoal: 3, timeZone: "Mars/Olympus" })).statusCode).toBe(400);
    const res = await set({ weeklyGoal: 3, timeZone: "Pacific/Kiritimati" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ week: { goal: 3, done: 0 }, timeZone: "Pacific/Kiritimati" });
    await save(learner, { doneCells: ["B2"] });
    // UTC+14: most of the time a day ahead of UTC.
    expect(await days(learner)).toEqual([dayIn("Pacific/Kiritimati")]);
    expect((await progress(learner)).week.done).toBe(1);
    expect((await set({ weeklyGoal: null, timeZone: "Pacific/Kiritimati" })).json()).toMatchObject({
      week: { goal: null },
    });
  });

  it("moves a visitor's practice days and goal into the account, without replacing a goal the member set", async () => {
    const learner = await createSignedInUser(t);
    const today = dayIn("Europe/Paris");
    const move = (body: object) =>
      api.call("POST /api/progress/visitor", { cookies: learner.cookies, payload: body as never });
    const visitorDays = [addDays(today, -8), addDays(today, -7), addDays(today, -900), addDays(today, 5)];
    const res = await move({ practiceDays: visitorDays, weeklyGoal: 2, timeZone: "Europe/Paris" });
    expect(res.statusCode).toBe(200);
    // Days far back or ahead are not the browser's to give.
    expect((await days(learner)).sort()).toEqual([addDays(today, -8), addDays(today, -7)]);
    expect(res.json()).toMatchObject({ week: { goal: 2 } });
    await move({ practiceDays: [], weeklyGoal: 5, timeZone: "Europe/Paris" });
    const [goal] = await t.database.db.select().from(learnerGoals).where(eq(learnerGoals.userId, learner.id));
    expect(goal?.weeklyGoal).toBe(2);
    expect((await move({ practiceDays: ["2026-02-31"], weeklyGoal: 2, timeZone: "Europe/Paris" })).statusCode).toBe(
      400,
    );
    expect(
      (await move({ practiceDays: Array(401).fill(today), weeklyGoal: 2, timeZone: "Europe/Paris" })).statusCode,
    ).toBe(400);
  });

  it("keeps a visitor's check with the time the browser kept it, and no day of practice for today", async () => {
    const learner = await createSignedInUser(t);
    const keptAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const res = await keep(learner, { columns: 11, rows: 8, cells: cells(11, 8, 0.8), keptAt });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ createdAt: keptAt, ladderStep: null });
    expect(await days(learner)).toEqual([]);
    for (const wrong of [new Date(Date.now() + 3_600_000).toISOString(), "2020-01-01T00:00:00Z", "yesterday"])
      expect((await keep(learner, { columns: 11, rows: 8, cells: cells(11, 8, 0.8), keptAt: wrong })).statusCode).toBe(
        400,
      );
  });
});
