import { expect } from "vitest";
import type { BlobBackend } from "../storage/blob-backend";

/**
 * What every backend's `list` does (decision 032); the local and the S3 backend's tests run it.
 * No key here has a sibling that sorts between a folder and its contents ("b-d" beside "b/c"):
 * s3rver lists such keys folder first, where S3 (and the local backend) list in byte order.
 */
export async function expectListsInKeyOrder(backend: BlobBackend): Promise<void> {
  for (const key of ["listing/c/d", "listing/a", "listing/b", "listing-not/x"])
    await backend.put(key, Buffer.from(key), "text/plain");
  const keys = async (options: { after?: string; limit: number }, folder = "listing/") =>
    (await backend.list(folder, options)).map((blob) => blob.key);

  expect(await keys({ limit: 10 })).toEqual(["listing/a", "listing/b", "listing/c/d"]);
  expect(await keys({ limit: 2 })).toEqual(["listing/a", "listing/b"]);
  expect(await keys({ after: "listing/b", limit: 2 })).toEqual(["listing/c/d"]);
  expect(await keys({ after: "listing/a0", limit: 1 })).toEqual(["listing/b"]);
  expect(await keys({ after: "listing/c/d", limit: 2 })).toEqual([]);
  expect(await keys({ limit: 2 }, "nothing/")).toEqual([]);
  for (const blob of await backend.list("listing/", { limit: 10 })) {
    expect(blob.lastModified).toBeInstanceOf(Date);
    expect(Math.abs(blob.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
  }
}
