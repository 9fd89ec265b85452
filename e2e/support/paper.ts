import type { Page } from "playwright-core";

/**
 * A fingerprint of the canvas paper's pixels, the share of them clearly coloured (channels far
 * apart) and the share dark (lines of ink or pencil).
 */
export const paperPixels = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=paper]")!;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 2166136261;
    let colourful = 0;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      hash = Math.imul(hash ^ (data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16)), 16777619);
      if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 40)
        colourful++;
      if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) < 110) dark++;
    }
    const pixels = data.length / 4;
    return { hash: hash >>> 0, colourful: colourful / pixels, dark: dark / pixels };
  });
