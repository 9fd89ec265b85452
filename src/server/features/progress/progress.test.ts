import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dragons, worksInProgress } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, type TestUser } from "../../test/users";
import { testClient, type TestClient } from "../../test/api-client";

let t: TestApp;
let api: TestClient;
let ada: TestUser;
let bob: TestUser;
let dragonId: string;
let otherDragonId: string;
const state = {
  paperWidth: 12,
  paperHeight: 9,
  gridSize: 2,
  imageZoom: 1.4,
  imageX: -0.75,
  imageY: 1.25,
  currentCell: "B3",
};
/** What GET answers for a row saved without the learner tools' fields: the table's defaults. */
const toolDefaults = {
  paperPreset: null,
  unit: "in",
  doneCells: [],
  gridColor: "dark",
  gridThickness: 1,
  gridOpacity: 1,
  diagonals: false,
  gridLines: "full",
  imageMode: "color",
  outlineDetail: 2,
};
const tools = {
  paperPreset: "a4",
  unit: "cm",
  paperWidth: 29.7,
  paperHeight: 21,
  gridSize: 3,
  doneCells: ["A1", "B1", "J7"],
  gridColor: "accent",
  gridThickness: 2.5,
  gridOpacity: 0.6,
  diagonals: true,
  gridLines: "centre",
  imageMode: "outline",
  outlineDetail: 3,
};

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  ada = await createSignedInUser(t);
  bob = await createSignedInUser(t);
  const rows = await t.database.db
    .insert(dragons)
    .values([
      { name: "One", previewKey: "p1", hiresKey: "h1" },
      { name: "Two", previewKey: "p2", hiresKey: "h2" },
    ])
    .returning({ id: dragons.id });
  dragonId = rows[0]!.id;
  otherDragonId = rows[1]!.id;
});
afterAll(() => t.close());

// Some cases send bodies the contract refuses, on purpose.
const save = (as: TestUser | null, body: object) => api.call("POST /api/wip", { cookies: as?.cookies, payload: body });
const load = (as: TestUser | null, id = dragonId) =>
  api.call("GET /api/wip/:dragonId", { params: { dragonId: id }, cookies: as?.cookies });

describe("saved progress", () => {
  it("answers null before anything is saved, then the saved state; a second save replaces it", async () => {
    expect((await load(ada)).json()).toBeNull();
    expect((await save(ada, { dragonId, ...state })).statusCode).toBe(200);
    expect((await load(ada)).json()).toEqual({ ...state, ...toolDefaults });
    const moved = { ...state, imageX: 3, currentCell: null };
    expect((await save(ada, { dragonId, ...moved })).statusCode).toBe(200);
    expect((await load(ada)).json()).toEqual({ ...moved, ...toolDefaults });
  });

  it("keeps each user's and each dragon's progress apart", async () => {
    await save(ada, { dragonId, ...state });
    expect((await load(bob)).json()).toBeNull();
    expect((await load(ada, otherDragonId)).json()).toBeNull();
    await save(bob, { dragonId, ...state, paperWidth: 20 });
    expect((await load(ada)).json()!.paperWidth).toBe(12);
    expect((await load(bob)).json()!.paperWidth).toBe(20);
  });

  it("is for signed-in users only: 401 'Unauthorized' for visitors", async () => {
    const read = await load(null);
    const write = await save(null, { dragonId, ...state });
    expect([read.statusCode, write.statusCode]).toEqual([401, 401]);
    expect(write.body).toBe("Unauthorized");
  });

  it("answers 404 for a dragon that does not exist", async () => {
    const res = await save(ada, { dragonId: "00000000-0000-4000-8000-000000000000", ...state });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    [{ paperWidth: 0 }, /paperWidth must be positive/],
    [{ paperWidth: -1 }, /paperWidth/],
    [{ paperHeight: 1e6 }, /paperHeight can be at most 200/],
    [{ paperWidth: "11" }, /paperWidth/],
    [{ gridSize: 0.5 }, /gridSize must be at least 1/],
    [{ gridSize: 50, paperWidth: 10, paperHeight: 10 }, /gridSize cannot be larger than the paper/],
    [{ imageZoom: 0.4 }, /imageZoom must be between 0.5 and 3/],
    [{ imageZoom: 3.2 }, /imageZoom must be between 0.5 and 3/],
    [{ imageX: 1e9 }, /imageX/],
    [{ currentCell: "3B" }, /currentCell must be a cell label like B3/],
    [{ currentCell: "<script>" }, /currentCell/],
    [{ dragonId: "nope" }, /dragonId must be a dragon id/],
  ])("refuses %o", async (change, message) => {
    const res = await save(ada, { dragonId, ...state, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
  });

  it("refuses non-finite numbers sent as JSON", async () => {
    const res = await api.call("POST /api/wip", {
      cookies: ada.cookies,
      headers: { "content-type": "application/json" },
      // A number JSON cannot hold, sent on purpose.
      payload: JSON.stringify({ dragonId, ...state }).replace('"imageX":-0.75', '"imageX":1e400'),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("learner tools in saved progress", () => {
  it("saves and answers paper preset, unit, done cells and the grid view", async () => {
    expect((await save(bob, { dragonId: otherDragonId, ...state, ...tools })).statusCode).toBe(200);
    expect((await load(bob, otherDragonId)).json()).toEqual({ ...state, ...tools });
    // Nobody else sees them.
    expect((await load(ada, otherDragonId)).json()).toBeNull();
  });

  it("keeps the tools when an older client saves without them", async () => {
    await save(bob, { dragonId: otherDragonId, ...state, ...tools });
    const old = { ...state, paperWidth: 29.7, paperHeight: 21, gridSize: 3, imageZoom: 2 };
    expect((await save(bob, { dragonId: otherDragonId, ...old })).statusCode).toBe(200);
    expect((await load(bob, otherDragonId)).json()).toEqual({ ...state, ...tools, imageZoom: 2 });
  });

  it("answers the defaults for a row saved before the tools existed", async () => {
    const carol = await createSignedInUser(t);
    // Written as the old code wrote it: only the spec's columns.
    await t.database.db.insert(worksInProgress).values({
      userId: carol.id,
      dragonId,
      paperWidth: 11,
      paperHeight: 8.5,
      gridSize: 1,
      imageZoom: 1,
      imageX: 0,
      imageY: 0,
      currentCell: null,
    });
    expect((await load(carol)).json()).toEqual({
      paperWidth: 11,
      paperHeight: 8.5,
      gridSize: 1,
      imageZoom: 1,
      imageX: 0,
      imageY: 0,
      currentCell: null,
      ...toolDefaults,
    });
  });

  it("takes away every done cell with an empty list", async () => {
    await save(bob, { dragonId: otherDragonId, ...state, ...tools });
    await save(bob, { dragonId: otherDragonId, ...state, ...tools, doneCells: [] });
    expect((await load(bob, otherDragonId)).json()!.doneCells).toEqual([]);
  });

  it("drops done cells the grid does not have (a save made before the grid changed), and keeps the rest", async () => {
    // 29.69 x 21.01 cm with 3 cm squares is 10 x 7 cells: row 8 was a 0.01 cm sliver under the
    // older count (decision 051), column K never was.
    const res = await save(bob, {
      dragonId: otherDragonId,
      ...state,
      ...tools,
      paperPreset: null,
      paperWidth: 29.69,
      paperHeight: 21.01,
      doneCells: ["A1", "A8", "K1", "J7"],
    });
    expect(res.statusCode).toBe(200);
    expect((await load(bob, otherDragonId)).json()!.doneCells).toEqual(["A1", "J7"]);
  });

  it.each([
    [{ unit: "mm" }, /unit must be one of in, cm/],
    [{ paperPreset: "b5" }, /paperPreset must be one of/],
    [{ paperPreset: "letter" }, /paperPreset does not match paperWidth and paperHeight/],
    [{ paperPreset: "a4", unit: "in" }, /paperPreset does not match/],
    [{ doneCells: "A1" }, /doneCells must be a list of cell labels/],
    [{ doneCells: ["1A"] }, /doneCells must be cell labels like B3/],
    [{ doneCells: ["A1", "A1"] }, /doneCells must not repeat a cell/],
    [{ doneCells: [5] }, /doneCells/],
    [{ gridColor: "red" }, /gridColor must be one of dark, light, accent/],
    [{ gridThickness: 0 }, /gridThickness must be between 0.5 and 4/],
    [{ gridThickness: 9 }, /gridThickness must be between 0.5 and 4/],
    [{ gridOpacity: 0 }, /gridOpacity must be between 0.1 and 1/],
    [{ diagonals: "yes" }, /diagonals must be true or false/],
    [{ imageMode: "sepia" }, /imageMode must be one of color, grayscale, values3, values5, outline/],
    [{ outlineDetail: 4 }, /outlineDetail must be one of 1, 2, 3/],
    [{ gridLines: "none" }, /gridLines must be one of full, alternate, centre, border/],
    [{ outlineDetail: "2" }, /outlineDetail must be one of 1, 2, 3/],
  ])("refuses %o", async (change, message) => {
    const res = await save(bob, { dragonId: otherDragonId, ...state, ...tools, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
  });

  it("shows an admin only the admin's own progress, never a learner's done cells", async () => {
    const admin = await createSignedInUser(t, { isAdmin: true });
    await save(bob, { dragonId: otherDragonId, ...state, ...tools });
    expect((await load(admin, otherDragonId)).json()).toBeNull();
    await save(admin, { dragonId: otherDragonId, ...state, doneCells: ["A1"] });
    expect((await load(admin, otherDragonId)).json()!.doneCells).toEqual(["A1"]);
    expect((await load(bob, otherDragonId)).json()!.doneCells).toEqual(tools.doneCells);
  });

  it("refuses the tools from visitors like the rest: 401", async () => {
    expect((await save(null, { dragonId, ...state, ...tools })).statusCode).toBe(401);
  });
});

describe("the learner's drawings", () => {
  const list = (as: TestUser | null) => api.call("GET /api/wip", { cookies: as?.cookies });

  it("lists the caller's own progress, newest first, as cells done of the grid's cells", async () => {
    const carol = await createSignedInUser(t);
    const dave = await createSignedInUser(t);
    await save(carol, { dragonId, ...state, doneCells: ["A1", "B1"] });
    await save(carol, { dragonId: otherDragonId, ...state, gridSize: 1 });
    await save(dave, { dragonId, ...state, doneCells: ["A1", "B1", "C1"] });
    const res = await list(carol);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    // 12 × 9 paper in 2-unit squares: 6 × 5 cells; in 1-unit squares: 12 × 9.
    expect(
      res.json().map((entry) => ({ dragonId: entry.dragonId, cellsDone: entry.cellsDone, cells: entry.cells })),
    ).toEqual([
      { dragonId: otherDragonId, cellsDone: 0, cells: 108 },
      { dragonId, cellsDone: 2, cells: 30 },
    ]);
    expect(Date.parse(res.json()[0]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(res.json()[1]!.updatedAt));
    expect((await list(dave)).json()).toEqual([expect.objectContaining({ dragonId, cellsDone: 3, cells: 30 })]);
  });

  it("answers an empty list before anything is saved, and 401 to visitors", async () => {
    expect((await list(await createSignedInUser(t))).json()).toEqual([]);
    const visitor = await list(null);
    expect([visitor.statusCode, visitor.body]).toEqual([401, "Unauthorized"]);
  });

  it("leaves out a picture the caller may no longer use", async () => {
    const erin = await createSignedInUser(t);
    const owner = await createSignedInUser(t);
    const [picture] = await t.database.db
      .insert(dragons)
      .values({ name: "Private", previewKey: "p3", hiresKey: "h3", ownerId: owner.id })
      .returning({ id: dragons.id });
    await t.database.db.insert(worksInProgress).values({
      userId: erin.id,
      dragonId: picture!.id,
      ...state,
    });
    expect((await list(erin)).json()).toEqual([]);
  });
});
