import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { illustrationPng } from "../test/images";
import { imageWorkProcess } from "./image-work-process";
import { makeTemplate } from "./made-template";
import { renderPencil } from "./pencil";
import { renderOutline } from "./outline";
import { measureLevel } from "./template-level";

/** This process's image work children, by their process ids (Linux). */
const childPids = () =>
  fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return (
          fs.readFileSync(`/proc/${pid}/status`, "utf8").includes(`PPid:\t${process.pid}\n`) &&
          fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("image-work-child")
        );
      } catch {
        return false;
      }
    });

describe("the image work process", () => {
  let dir: string;
  let png: Buffer;
  let file: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-image-work-test-"));
    png = await illustrationPng(600, 400);
    file = path.join(dir, "picture.png");
    fs.writeFileSync(file, png);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("makes what this process makes of a picture, and measures its level, in a process that ends on close", async () => {
    const work = imageWorkProcess();
    try {
      const [there, here] = await Promise.all([
        work.makeTemplate(file, { pencil: true }),
        makeTemplate(png, { pencil: true, renderPencil, renderOutline }),
      ]);
      expect(Buffer.isBuffer(there.prepared.hires)).toBe(true);
      expect(there.prepared.hires.equals(here.prepared.hires)).toBe(true);
      expect(there.prepared.preview.equals(here.prepared.preview)).toBe(true);
      expect(there.prepared.previewSmall.equals(here.prepared.previewSmall)).toBe(true);
      expect([there.prepared.width, there.prepared.height]).toEqual([600, 400]);
      expect(there.level).toBe(here.level);
      expect(there.pencil!.hires.equals(here.pencil!.hires)).toBe(true);
      expect(there.outline!.hires.equals(here.outline!.hires)).toBe(true);
      expect((await work.renderOutline(file)).hires.equals(here.outline!.hires)).toBe(true);
      expect((await work.makeTemplate(file, { pencil: false })).pencil).toBeUndefined();
      expect(await work.measureLevel(file)).toBe((await measureLevel(file)).level);
      expect(childPids()).toHaveLength(1);
    } finally {
      await work.close();
    }
    expect(childPids()).toEqual([]);
  }, 60_000);

  it("answers a picture it cannot read with the reason, and goes on with the next", async () => {
    const work = imageWorkProcess();
    const text = path.join(dir, "text.png");
    fs.writeFileSync(text, "just some text pretending to be a picture");
    try {
      await expect(work.makeTemplate(text, { pencil: true })).rejects.toThrow(
        "This file is not an image we can read. Please use a PNG, JPEG, WebP or GIF.",
      );
      await expect(work.measureLevel(path.join(dir, "no-such-file.png"))).rejects.toThrow();
      expect((await work.makeTemplate(file, { pencil: false })).prepared.width).toBe(600);
    } finally {
      await work.close();
    }
  }, 60_000);

  it("fails what it was asked when its process dies, and starts another for the next request", async () => {
    const work = imageWorkProcess();
    try {
      await work.measureLevel(file);
      const pids = childPids();
      expect(pids).toHaveLength(1);
      const asked = work.makeTemplate(file, { pencil: true });
      process.kill(Number(pids[0]), "SIGKILL");
      await expect(asked).rejects.toThrow("the image work process stopped (SIGKILL)");
      expect(await work.measureLevel(file)).toBeGreaterThanOrEqual(1);
    } finally {
      await work.close();
    }
  }, 60_000);
});
