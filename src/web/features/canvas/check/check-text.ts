// The words of the check's first step, in one place for translating them (decision 052).
import { msg } from "@lingui/core/macro";

export const PICK_TEXT = {
  lead: msg`Photograph your paper like this:`,
  example: msg`An example of a good photo: the grid page lying flat, seen from straight above, the whole page and its four corner marks inside the frame, evenly lit with no shadow`,
  points: [
    { title: msg`Flat`, detail: msg`The paper on a table, the phone straight above it` },
    { title: msg`The whole page`, detail: msg`All four corners inside the frame` },
    { title: msg`Even light`, detail: msg`No shadow or glare on the paper` },
  ],
  takePhoto: msg`Take a photo`,
  choosePhoto: msg`Choose a photo`,
  private: msg`The photo stays on this device unless you keep or share it.`,
} as const;
