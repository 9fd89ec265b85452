import { describe, expect, it } from "vitest";
import type { MessageValues } from "../i18n/translate";
import type { CellCheck } from "./cell-check";
import { describeCell } from "./words";

const check = (patch: Partial<CellCheck>): CellCheck => ({
  label: "F4",
  column: 5,
  row: 3,
  status: "off",
  errorMm: 3,
  offsetMm: { x: 0, y: 0 },
  coverage: 1,
  ...patch,
});

describe("the check's words about a cell", () => {
  it("says each verdict in English by default", () => {
    expect(describeCell(check({ status: "not-drawn" }))).toBe("F4: not drawn yet");
    expect(describeCell(check({ status: "empty" }))).toBe("F4: nothing to draw here");
    expect(describeCell(check({ status: "partial" }))).toBe("F4: partly drawn, what is there is close");
    expect(describeCell(check({ status: "close" }))).toBe("F4: matches (within 1.5 mm)");
    expect(describeCell(check({ offsetMm: { x: 0, y: 3 } }))).toBe("F4: lines about 3 mm low");
    expect(describeCell(check({ offsetMm: { x: 0, y: -3 } }))).toBe("F4: lines about 3 mm high");
    expect(describeCell(check({ offsetMm: { x: 3, y: 0 } }))).toBe("F4: lines about 3 mm to the right");
    expect(describeCell(check({ offsetMm: { x: -3, y: 0 } }))).toBe("F4: lines about 3 mm to the left");
    expect(describeCell(check({ errorMm: 4, offsetMm: { x: 2.5, y: 2.5 } }))).toBe(
      "F4: lines about 4 mm low and to the right",
    );
    expect(describeCell(check({ errorMm: 4, offsetMm: { x: -2.5, y: 2.5 } }))).toBe(
      "F4: lines about 4 mm low and to the left",
    );
    expect(describeCell(check({ errorMm: 4, offsetMm: { x: 2.5, y: -2.5 } }))).toBe(
      "F4: lines about 4 mm high and to the right",
    );
    expect(describeCell(check({ errorMm: 4, offsetMm: { x: -2.5, y: -2.5 } }))).toBe(
      "F4: lines about 4 mm high and to the left",
    );
    // Lines wrong in shape rather than moved: no direction.
    expect(describeCell(check({ errorMm: 5.4, offsetMm: { x: 0.5, y: 0.5 } }))).toBe(
      "F4: lines about 5 mm from the template's",
    );
  });

  it("asks a translation for one whole sentence, by its English text, with the numbers as values", () => {
    const asked: [string, MessageValues | undefined][] = [];
    const translate = (id: string, values?: MessageValues) => {
      asked.push([id, values]);
      return "translated";
    };
    expect(describeCell(check({ errorMm: 4, offsetMm: { x: -2.5, y: 2.5 } }), translate)).toBe("translated");
    expect(describeCell(check({ status: "close" }), translate)).toBe("translated");
    expect(asked).toEqual([
      ["{label}: lines about {mm} mm low and to the left", { label: "F4", mm: 4 }],
      ["{label}: matches (within 1.5 mm)", { label: "F4" }],
    ]);
  });
});
