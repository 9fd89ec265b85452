import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { renderPencilOffThread } from "./pencil-off-thread";

/** A PNG whose header claims `width`×`height` but whose pixels stop after one row. */
function truncatedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(row)), chunk("IEND", Buffer.alloc(0))]);
}

// A pencil thread that cannot render answers with an error: the waiting job is told, the process goes on.
describe("the pencil thread's failures", () => {
  it("answers an error for bytes that are not an image", async () => {
    await expect(renderPencilOffThread(Buffer.from("not a picture at all"))).rejects.toThrow();
  }, 30_000);

  it("answers an error for a PNG whose pixels stop early or whose size is past what is decoded", async () => {
    await expect(renderPencilOffThread(truncatedPng(64, 64))).rejects.toThrow();
    await expect(renderPencilOffThread(truncatedPng(60_000, 60_000))).rejects.toThrow();
  }, 30_000);
});
