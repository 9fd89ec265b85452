import type { SavedProgress } from "../../shared/progress/responses";
import { read, write } from "./on-this-device";

// The guided first drawing (decision 076): which dragon it is for, kept in this browser while the
// learner draws it, and the paper it starts on. The guide page sets it; the canvas reads it for the
// first cells' hints and ends it once the drawing is checked.

const GUIDE_KEY = "dragon-grid:first-drawing";

/** Large squares, easy to rule and to copy: 2-inch squares on Letter, 5 cm on A4 (both landscape). */
export const GUIDE_PAPERS = {
  letter: { paperPreset: "letter", unit: "in", paperWidth: 11, paperHeight: 8.5, gridSize: 2 },
  a4: { paperPreset: "a4", unit: "cm", paperWidth: 29.7, paperHeight: 21, gridSize: 5 },
} as const satisfies Record<string, Partial<SavedProgress>>;
export type GuidePaper = keyof typeof GUIDE_PAPERS;

export const isGuidePaper = (value: string | null): value is GuidePaper => value === "letter" || value === "a4";

/** Cells whose hint is shown, one each: the first three. */
export const GUIDED_CELLS = 3;

export const startGuide = (dragonId: string) => write(GUIDE_KEY, { dragonId });
export const guidedDragon = (): string | null => read<{ dragonId?: string }>(GUIDE_KEY)?.dragonId ?? null;
export function endGuide(): void {
  try {
    localStorage.removeItem(GUIDE_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
