import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drawingChecks } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, type TestUser } from "../../test/users";
import { newDragonRow } from "../../test/route-fixtures";
import { CHECKS_KEPT } from "../../../shared/drawing-checks";

let t: TestApp;
let ada: TestUser;
let dragonId: string;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createSignedInUser(t);
  dragonId = await newDragonRow(t);
});
afterAll(() => t.close());

const grid = (columns: number, rows: number, status = "close") =>
  Array.from({ length: columns * rows }, (_, i) => ({ label: `${String.fromCharCode(65 + (i % columns))}${Math.floor(i / columns) + 1}`, status, errorMm: 0.5 }));
const keep = (user: TestUser, body: unknown, id = dragonId) => t.app.inject({ method: "POST", url: `/api/checks/${id}`, cookies: user.cookies, payload: body as object });
const list = (user: TestUser, id = dragonId) => t.app.inject({ method: "GET", url: `/api/checks/${id}`, cookies: user.cookies });

describe("kept drawing checks", () => {
  it("keeps each cell's verdict and gives them back oldest first, the newest 20 only", async () => {
    const learner = await createSignedInUser(t);
    for (let i = 0; i < CHECKS_KEPT + 3; i++) {
      const res = await keep(learner, { columns: 3, rows: 2, cells: grid(3, 2, i % 2 ? "near" : "close") });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ columns: 3, rows: 2, cells: expect.arrayContaining([{ label: "A1", status: i % 2 ? "near" : "close", errorMm: 0.5 }]) });
    }
    const kept = (await list(learner)).json<{ createdAt: string; cells: { status: string }[] }[]>();
    expect(kept).toHaveLength(CHECKS_KEPT);
    expect([...kept].sort((a, b) => a.createdAt.localeCompare(b.createdAt))).toEqual(kept);
    expect(kept.at(-1)!.cells[0]!.status).toBe("close"); // the 23rd (i = 22)
    expect(await t.database.db.select().from(drawingChecks).where(eq(drawingChecks.userId, learner.id))).toHaveLength(CHECKS_KEPT);
  });

  it("refuses a check that does not describe its grid, with the reason", async () => {
    const cases: [unknown, RegExp][] = [
      [{ columns: 2, rows: 1, cells: grid(1, 1) }, /cells must hold every cell of the grid once/],
      [{ columns: 1, rows: 2, cells: [{ label: "A1", status: "close", errorMm: 0 }, { label: "A1", status: "close", errorMm: 0 }] }, /must not repeat a cell/],
      [{ columns: 1, rows: 1, cells: [{ label: "B1", status: "close", errorMm: 0 }] }, /must be cells of the grid/],
      [{ columns: 1, rows: 1, cells: [{ label: "A1", status: "perfect", errorMm: 0 }] }, /status must be one of/],
      [{ columns: 1, rows: 1, cells: [{ label: "A1", status: "close", errorMm: -1 }] }, /errorMm must be at least 0/],
      [{ columns: 1, rows: 1, cells: [{ label: "<b>", status: "close", errorMm: 0 }] }, /label must be a cell label/],
      [{ columns: 60, rows: 60, cells: [] }, /at most 2500 cells/],
      [{ columns: 1, rows: 1, cells: grid(1, 1), photo: "data:image/jpeg;base64,AAAA" }, /photo/],
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
