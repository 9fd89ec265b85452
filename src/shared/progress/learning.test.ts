import { describe, expect, it } from "vitest";
import { addDays, dayIn, isDay, learnerSummary, type LearnerCheck, type LearnerDrawing } from "./learning";
import type { KeptCell } from "../drawing-check/kept-checks";

const cells = (errors: number[]): KeptCell[] =>
  errors.map((errorMm, i) => ({ label: `A${i + 1}`, status: errorMm <= 1.5 ? "close" : "off", errorMm }));

const check = (day: string, over: Partial<LearnerCheck> = {}): LearnerCheck => ({
  id: day,
  dragonId: "d1",
  createdAt: `${day}T10:00:00.000Z`,
  cells: cells([1, 1, 1]),
  whole: null,
  ladderStep: 2,
  practised: false,
  ...over,
});

const drawing = (over: Partial<LearnerDrawing> = {}): LearnerDrawing => ({
  dragonId: "d1",
  cellsDone: 3,
  cells: 12,
  gridLines: "full",
  diagonals: true,
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...over,
});

const summary = (over: Partial<Parameters<typeof learnerSummary>[0]> = {}) =>
  learnerSummary({ drawings: [], checks: [], practiceDays: [], weeklyGoal: null, today: "2026-11-30", ...over });

const reached = (s: ReturnType<typeof learnerSummary>) =>
  Object.fromEntries(s.milestones.map((milestone) => [milestone.id, milestone.reachedAt]));

describe("a learner's progress", () => {
  it("counts drawings started and finished, practice sheets, and takes the step of the drawing worked on last", () => {
    const s = summary({
      drawings: [
        drawing({ cellsDone: 12, gridLines: "alternate", diagonals: false, updatedAt: "2026-11-28T10:00:00.000Z" }),
        drawing({ dragonId: "d2", gridLines: "centre", diagonals: false, updatedAt: "2026-11-29T10:00:00.000Z" }),
      ],
      checks: [check("2026-11-27", { practised: true }), check("2026-11-28")],
    });
    expect([s.started, s.finished, s.practiceSheets, s.ladderStep]).toEqual([2, 1, 1, 4]);
    expect(summary().ladderStep).toBe(1);
  });

  it("counts days practised this week, Monday to Sunday, and weeks the goal was met", () => {
    // 2026-11-30 is a Monday: the week before ran from 23 to 29 November.
    const practiceDays = ["2026-11-23", "2026-11-25", "2026-11-29", "2026-11-30", "2026-11-16", "2026-11-17"];
    expect(summary({ practiceDays, weeklyGoal: 3 }).week).toEqual({ goal: 3, done: 1, weeksMet: 1, paused: false });
    expect(summary({ practiceDays, weeklyGoal: 2 }).week).toEqual({ goal: 2, done: 1, weeksMet: 2, paused: false });
    // Without a goal nothing is met, and repeated days count once.
    expect(summary({ practiceDays: [...practiceDays, "2026-11-30"] }).week).toEqual({
      goal: null,
      done: 1,
      weeksMet: 0,
      paused: false,
    });
  });

  it("pauses the count after a missed week instead of wiping it, and carries on once this week meets the goal", () => {
    const weeksAgo = ["2026-11-16", "2026-11-17", "2026-11-18"];
    expect(summary({ practiceDays: weeksAgo, weeklyGoal: 3 }).week).toMatchObject({ weeksMet: 1, paused: true });
    const thisWeek = [...weeksAgo, "2026-11-30", "2026-12-01", "2026-12-02"];
    expect(summary({ practiceDays: thisWeek, weeklyGoal: 3, today: "2026-12-02" }).week).toMatchObject({
      done: 3,
      weeksMet: 2,
      paused: false,
    });
  });

  it("reaches each milestone on the day it was measured, and none for nothing", () => {
    expect(Object.values(reached(summary()))).toEqual([null, null, null, null]);
    const s = summary({
      drawings: [drawing({ cellsDone: 12, updatedAt: "2026-11-21T09:00:00.000Z" })],
      checks: [
        check("2026-11-20", { whole: { sizePercent: 12, turnDegrees: 1, shiftMm: 2 } }),
        check("2026-11-22", { whole: { sizePercent: -7, turnDegrees: 1, shiftMm: 2 } }),
        check("2026-11-24", { whole: { sizePercent: 5.5, turnDegrees: 0, shiftMm: 1 }, ladderStep: 3 }),
        check("2026-11-26", { ladderStep: 5, cells: cells([1, 2.5, 3, 2.6]) }),
        check("2026-11-28", { ladderStep: 5, cells: cells([1, 1.8, 2, 3]) }),
      ],
    });
    expect(reached(s)).toEqual({
      "first-finished": "2026-11-21T09:00:00.000Z",
      "size-halved": "2026-11-24T10:00:00.000Z",
      "step-3": "2026-11-24T10:00:00.000Z",
      "freehand-2mm": "2026-11-28T10:00:00.000Z",
    });
  });

  it("does not call a size error within the photos' noise halved", () => {
    const s = summary({
      checks: [
        check("2026-11-20", { whole: { sizePercent: 3, turnDegrees: 0, shiftMm: 0 } }),
        check("2026-11-22", { whole: { sizePercent: 1, turnDegrees: 0, shiftMm: 0 } }),
      ],
    });
    expect(reached(s)["size-halved"]).toBeNull();
  });

  it("writes days in the learner's time zone and knows a real day", () => {
    const at = new Date("2026-11-30T03:00:00Z");
    expect(dayIn("America/Los_Angeles", at)).toBe("2026-11-29");
    expect(dayIn("Asia/Tokyo", at)).toBe("2026-11-30");
    expect(dayIn("Nowhere/Else", at)).toBe("2026-11-30");
    expect([isDay("2026-11-30"), isDay("2026-02-31"), isDay("30/11/2026"), isDay("2026-11-30x")]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});
