import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { illustrationPng, pngBomb } from "../test/images";
import { renderOffThread } from "./render-off-thread";
import { renderOutline } from "./outline";

describe("the render thread", () => {
  it("renders the same pencil version from a file as from the file's bytes", async () => {
    const png = await illustrationPng(600, 400);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-pencil-test-")), "hires.png");
    fs.writeFileSync(file, png);
    try {
      const [fromBytes, fromFile] = await Promise.all([
        renderOffThread("pencil", png),
        renderOffThread("pencil", { file }),
      ]);
      expect(fromFile.width).toBe(600);
      expect(fromFile.height).toBe(400);
      expect(fromFile.hires.equals(fromBytes.hires)).toBe(true);
      expect(fromFile.preview.equals(fromBytes.preview)).toBe(true);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }, 30_000);

  // A pencil thread that cannot render answers with an error: the waiting job is told, the process goes on.
  it("answers an error for bytes that are not an image", async () => {
    await expect(renderOffThread("pencil", Buffer.from("not a picture at all"))).rejects.toThrow();
  }, 30_000);

  it("answers an error for a PNG whose pixels stop early, or whose size is past what is decoded", async () => {
    await expect(renderOffThread("pencil", pngBomb(64, 64 * 4))).rejects.toThrow();
    await expect(renderOffThread("pencil", pngBomb(60_000, 60_000))).rejects.toThrow();
  }, 30_000);

  it("answers an error for a file that is not there", async () => {
    await expect(
      renderOffThread("pencil", { file: path.join(os.tmpdir(), "dragon-grid-no-such-file.png") }),
    ).rejects.toThrow();
  }, 30_000);

  it("renders the outline version the same as in this thread", async () => {
    const png = await illustrationPng(600, 400);
    const [there, here] = await Promise.all([renderOffThread("outline", png), renderOutline(png)]);
    expect([there.width, there.height]).toEqual([600, 400]);
    expect(there.hires.equals(here.hires)).toBe(true);
    expect(there.preview.equals(here.preview)).toBe(true);
  }, 30_000);
});
