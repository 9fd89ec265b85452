import { describe, expect, it } from "vitest";
import { pngBomb } from "../test/images";
import { renderPencilOffThread } from "./pencil-off-thread";

// A pencil thread that cannot render answers with an error: the waiting job is told, the process goes on.
describe("the pencil thread's failures", () => {
  it("answers an error for bytes that are not an image", async () => {
    await expect(renderPencilOffThread(Buffer.from("not a picture at all"))).rejects.toThrow();
  }, 30_000);

  it("answers an error for a PNG whose pixels stop early, or whose size is past what is decoded", async () => {
    await expect(renderPencilOffThread(pngBomb(64, 64 * 4))).rejects.toThrow();
    await expect(renderPencilOffThread(pngBomb(60_000, 60_000))).rejects.toThrow();
  }, 30_000);
});
