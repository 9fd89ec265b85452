import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Run `use` with `bytes` written to a file in a fresh folder of the system's temporary directory
 * (mkdtemp makes it 0700: this user's alone), removed afterwards whatever happens. For a large
 * stored object that a decoder reads from disk as it goes (sharp from a path), rather than holding
 * all of its bytes in memory beside the pixels it decodes from them.
 */
export async function withTempCopy<T>(bytes: Readable, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "dragon-grid-object-"));
  try {
    const file = path.join(dir, "object");
    await pipeline(bytes, fs.createWriteStream(file, { mode: 0o600 }));
    return await use(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
