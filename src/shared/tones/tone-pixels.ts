import { toneTable, type Tone } from "../grid/grid-view";

// Rec. 601 weights as integer tables scaled by 2^16: one lookup and an add per channel, no floats
// in the loop over millions of pixels.
const LUMA_R = Int32Array.from({ length: 256 }, (_, v) => Math.round(0.299 * v * 65536));
const LUMA_G = Int32Array.from({ length: 256 }, (_, v) => Math.round(0.587 * v * 65536));
const LUMA_B = Int32Array.from({ length: 256 }, (_, v) => Math.round(0.114 * v * 65536));

/** Turn RGBA pixels into grey, value steps or an outline's chosen lines, in place (alpha kept). */
export function tonePixels(data: Uint8ClampedArray, mode: Tone): void {
  if (mode === "color") return;
  const table = toneTable(mode);
  for (let i = 0; i < data.length; i += 4) {
    const value = table[(LUMA_R[data[i]!]! + LUMA_G[data[i + 1]!]! + LUMA_B[data[i + 2]!]! + 32768) >> 16]!;
    data[i] = value;
    data[i + 1] = value;
    data[i + 2] = value;
  }
}
