import { describe, expect, it } from "vitest";
import { distanceTo } from "./distance";
import type { Mask } from "./raster";
import { templateLines } from "./reference";
import { SYNTHETIC_PAPER, syntheticTemplate } from "./synthetic-photo";
import { forward, inverse, transform, wholeDrawing } from "./whole-drawing";

const PX_PER_MM = 4;
const ORIGIN = 20;
const template = syntheticTemplate(SYNTHETIC_PAPER, PX_PER_MM);
const { lines } = templateLines(template);
// On a raster with a margin round the paper, as the check has.
const padded: Mask = (() => {
  const width = lines.width + 2 * ORIGIN;
  const height = lines.height + 2 * ORIGIN;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < lines.height; y++)
    for (let x = 0; x < lines.width; x++) data[(y + ORIGIN) * width + x + ORIGIN] = lines.data[y * lines.width + x]!;
  return { width, height, data };
})();
const toLines = distanceTo(padded);

/** The template's lines as a learner drew them: scaled by `scale` about `about` (mm), stretched, turned, shifted (mm). */
function drawnAs({ scale = 1, stretch = 1, degrees = 0, shiftMm = { x: 0, y: 0 }, about = { x: 140, y: 108 } }): Mask {
  // Each pixel of the copy takes the template's point the learner meant there.
  const s = inverse(
    transform({
      scale,
      stretch,
      degrees,
      shift: { x: shiftMm.x * PX_PER_MM, y: shiftMm.y * PX_PER_MM },
      about: { x: ORIGIN + about.x * PX_PER_MM, y: ORIGIN + about.y * PX_PER_MM },
    }),
  );
  const { width, height } = padded;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = forward(s, { x, y });
      const px = Math.round(p.x);
      const py = Math.round(p.y);
      if (px >= 0 && py >= 0 && px < width && py < height && padded.data[py * width + px]) data[y * width + x] = 1;
    }
  return { width, height, data };
}

const fit = (ink: Mask) => wholeDrawing({ ink, toLines, lines: padded, pxPerMm: PX_PER_MM, origin: ORIGIN })!.whole;

describe("the whole drawing against the template", () => {
  it("finds nothing to say about a faithful copy", () => {
    const whole = fit(drawnAs({}));
    expect(Math.abs(whole.scale - 1)).toBeLessThan(0.005);
    expect(Math.abs(whole.rotationDeg)).toBeLessThan(0.3);
    expect(Math.hypot(whole.shiftMm.x, whole.shiftMm.y)).toBeLessThan(0.3);
    expect(Math.abs(whole.stretch - 1)).toBeLessThan(0.005);
  });

  it("finds a drawing 5 % too large that grows from its top left, 17 mm off at the far corner", () => {
    const whole = fit(drawnAs({ scale: 1.05, about: { x: 20, y: 27 } }));
    expect(whole.scale).toBeCloseTo(1.05, 2);
    expect(Math.abs(whole.rotationDeg)).toBeLessThan(0.3);
    // It stays put near where it was begun.
    expect(whole.fixedMm!.x).toBeLessThan(40);
    expect(whole.fixedMm!.y).toBeLessThan(45);
    expect(whole.afterMm).toBeLessThan(whole.beforeMm / 3);
  });

  it("finds a drawing turned 3° clockwise, and one 4 % too small", () => {
    expect(fit(drawnAs({ degrees: 3 })).rotationDeg).toBeCloseTo(3, 0);
    expect(fit(drawnAs({ degrees: -3 })).rotationDeg).toBeCloseTo(-3, 0);
    expect(fit(drawnAs({ scale: 0.96 })).scale).toBeCloseTo(0.96, 2);
  });

  it("finds a drawing shifted 4 mm to the right and 2 mm up", () => {
    const whole = fit(drawnAs({ shiftMm: { x: 4, y: -2 } }));
    expect(whole.shiftMm.x).toBeCloseTo(4, 0);
    expect(whole.shiftMm.y).toBeCloseTo(-2, 0);
    expect(Math.abs(whole.scale - 1)).toBeLessThan(0.005);
  });

  it("finds a drawing 6 % too wide for its height, begun at its top left, and how much better the stretch fits", () => {
    const whole = fit(drawnAs({ stretch: 1.06, about: { x: 25, y: 30 } }));
    expect(whole.stretch).toBeCloseTo(1.06, 2);
    expect(Math.abs(whole.scale - 1)).toBeLessThan(0.005);
    expect(Math.abs(whole.rotationDeg)).toBeLessThan(0.3);
    expect(whole.unstretchedMm - whole.afterMm).toBeGreaterThan(0.3);
    // Turned as well, and too tall instead.
    const turned = fit(drawnAs({ stretch: 0.95, degrees: 2 }));
    expect(turned.stretch).toBeCloseTo(0.95, 2);
    expect(turned.rotationDeg).toBeCloseTo(2, 0);
  });
});
