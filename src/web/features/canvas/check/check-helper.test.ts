// The check beside its helper (check-helper.ts) against the check on one thread, on a synthetic
// photo: the two ends of a real MessageChannel, served here as the helper's worker serves them.
import { afterEach, describe, expect, it } from "vitest";
import { checkDrawing } from "../../../../shared/drawing-check/check-drawing";
import { findSheet } from "../../../../shared/drawing-check/sheet-edges";
import { SYNTHETIC_PAPER, syntheticPhoto, syntheticTemplate } from "../../../../shared/drawing-check/synthetic-photo";
import { Helper, serveHelp } from "./check-helper";

const PX_PER_MM = 4;
const template = syntheticTemplate(SYNTHETIC_PAPER, PX_PER_MM);
const shot = syntheticPhoto({ photoWidth: 1600, photoHeight: 1200, moved: [{ column: 4, row: 3, dx: 0, dy: 3 }] });
const input = {
  photo: shot.photo,
  corners: shot.corners,
  paper: SYNTHETIC_PAPER,
  pxPerMm: PX_PER_MM,
  template,
  sheet: findSheet(shot.photo),
};
const alone = checkDrawing(input);

let channel: MessageChannel | null = null;
/** A helper served on the other end of a new channel, and how many requests it has served. */
function helped() {
  channel = new MessageChannel();
  let served = 0;
  serveHelp(channel.port2, () => served++);
  return { helper: new Helper(channel.port1), served: () => served };
}
afterEach(() => {
  channel?.port1.close();
  channel?.port2.close();
});

describe("the check beside its helper", () => {
  it("gives the outcome the check on one thread gives, the cells compared by the helper", async () => {
    const { helper, served } = helped();
    const beside = await helper.check(input, () => {});
    expect(served()).toBe(1);
    expect(alone.cells.some((cell) => cell.label === "E4" && cell.status !== "close")).toBe(true);
    expect(beside.cells).toEqual(alone.cells);
    expect(beside.corrections).toEqual(alone.corrections);
    expect(beside.localCells).toEqual(alone.localCells);
    expect(beside.kept).toEqual(alone.kept);
    expect(beside.evenGrid).toBe(alone.evenGrid);
  });

  it("finds the sheet's edges on the helper's side as findSheet does", async () => {
    const { helper, served } = helped();
    const sheet = helper.sheet(shot.photo);
    expect(input.sheet).not.toBeNull();
    expect(await sheet()).toEqual(input.sheet);
    expect(served()).toBe(1);
  });

  it("does the helper's part itself once the helper is gone, with the same outcome", async () => {
    const { helper, served } = helped();
    helper.lost();
    const sheet = helper.sheet(shot.photo);
    const beside = await helper.check(input, () => {});
    expect(await sheet()).toEqual(input.sheet);
    expect(served()).toBe(0);
    expect(beside.cells).toEqual(alone.cells);
    expect(beside.corrections).toEqual(alone.corrections);
  });
});
