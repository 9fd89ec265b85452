// The words of the check's first step, in one place for translating them (decision 052).

export const PICK_TEXT = {
  lead: "Photograph your paper like this:",
  example:
    "An example of a good photo: the grid page lying flat, seen from straight above, the whole page and its four corner marks inside the frame, evenly lit with no shadow",
  points: [
    { title: "Flat", detail: "The paper on a table, the phone straight above it" },
    { title: "The whole page", detail: "All four corners inside the frame" },
    { title: "Even light", detail: "No shadow or glare on the paper" },
  ],
  takePhoto: "Take a photo",
  choosePhoto: "Choose a photo",
  private: "The photo stays on this device unless you keep or share it.",
} as const;
