import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { withTempCopy } from "./temp-copy";

describe("withTempCopy", () => {
  it("gives the bytes in a file only this user can read, and removes it afterwards", async () => {
    let seen = "";
    const answer = await withTempCopy(Readable.from([Buffer.from("hello "), Buffer.from("pencil")]), async (file) => {
      seen = file;
      expect(fs.readFileSync(file, "utf8")).toBe("hello pencil");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      return 42;
    });
    expect(answer).toBe(42);
    expect(fs.existsSync(path.dirname(seen))).toBe(false);
  });

  it("removes the file when the work fails, and when the bytes stop with an error", async () => {
    let seen = "";
    await expect(
      withTempCopy(Readable.from([Buffer.from("x")]), async (file) => {
        seen = file;
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    expect(fs.existsSync(path.dirname(seen))).toBe(false);

    // os.tmpdir() follows TMPDIR: an empty folder of this test's own shows what is left behind.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-temp-copy-test-"));
    // Stubbed, not assigned: the files of a worker share this process (decision 054), and
    // assigning back an unset TMPDIR would leave the string "undefined" in it.
    vi.stubEnv("TMPDIR", tmp);
    try {
      const broken = new Readable({
        read() {
          this.destroy(new Error("the read broke"));
        },
      });
      await expect(withTempCopy(broken, async () => "never")).rejects.toThrow("the read broke");
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
