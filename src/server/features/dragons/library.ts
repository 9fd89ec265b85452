import crypto from "node:crypto";
import { buffer as readAll } from "node:stream/consumers";
import type { ObjectStorage } from "../../storage/object-storage";
import { prepareTemplate } from "../../images/template-pipeline";
import { renderPencil } from "../../images/pencil";
import { HttpError } from "../../http/errors";
import { localChannel, type NoticeChannel } from "../../db/change-notices";
import type { Dragon } from "../../../shared/dragons";
import { dragonKeys, toDragon, type DragonsRepository } from "./repository";

// The list is read on every library visit and changes only when an admin changes it; it is kept
// in memory, dropped on every change made through any server process (`changes`), and read again
// after a few seconds in any case.
const LIST_TTL_MS = 5_000;

/**
 * The template library: every way a template enters (upload, AI image, bundled samples) goes
 * through `addTemplate`, so each is checked and stored the same way. Every change is told on
 * `changes`, to this process and the others (the rendered pages that show the library listen).
 */
export function createLibrary(repository: DragonsRepository, storage: ObjectStorage, changes: NoticeChannel<null> = localChannel()) {
  let cached: { dragons: Dragon[]; at: number } | null = null;
  changes.on(() => {
    cached = null;
  });
  const invalidate = () => changes.emit(null);

  async function storePencil(id: string, hires: Buffer): Promise<void> {
    const keys = dragonKeys(id);
    const pencil = await renderPencil(hires);
    await storage.put(keys.pencilHires, pencil.hires, "image/png", { ownerId: null, isPublic: true });
    await storage.put(keys.pencilPreview, pencil.preview, "image/webp", { ownerId: null, isPublic: true });
  }

  async function list(): Promise<Dragon[]> {
    if (!cached || Date.now() - cached.at > LIST_TTL_MS) cached = { dragons: (await repository.list()).map(toDragon), at: Date.now() };
    return cached.dragons;
  }

  return {
    list,

    /** From the cached list when it has the dragon; from the database otherwise (made elsewhere just now). */
    async get(id: string): Promise<Dragon | null> {
      const known = (await list()).find((dragon) => dragon.id === id);
      if (known) return known;
      const row = await repository.get(id);
      return row ? toDragon(row) : null;
    },

    /** Check and store an original image as a new template; optionally with its pencil version. */
    async addTemplate(input: { name: string; image: Buffer; createdBy: string | null; pencil?: boolean; createdAt?: Date }): Promise<Dragon> {
      const prepared = await prepareTemplate(input.image);
      const id = crypto.randomUUID();
      const keys = dragonKeys(id);
      const acl = { ownerId: null, isPublic: true };
      await storage.put(keys.hires, prepared.hires, "image/png", acl);
      await storage.put(keys.preview, prepared.preview, "image/webp", acl);
      await storage.put(keys.previewSmall, prepared.previewSmall, "image/webp", acl);
      if (input.pencil) await storePencil(id, prepared.hires);
      const row = await repository.create({
        id,
        name: input.name,
        hiresKey: keys.hires,
        previewKey: keys.preview,
        previewSmallKey: keys.previewSmall,
        ...(input.pencil ? { pencilHiresKey: keys.pencilHires, pencilPreviewKey: keys.pencilPreview } : {}),
        width: prepared.width,
        height: prepared.height,
        createdBy: input.createdBy,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      });
      invalidate();
      return toDragon(row);
    },

    /** Make (or remake) the pencil version of a template from its stored hi-res image. */
    async generatePencil(id: string): Promise<Dragon> {
      const row = await repository.get(id);
      if (!row) throw new HttpError(404, "Dragon not found");
      const hires = await readAll(await storage.read(row.hiresKey));
      await storePencil(id, hires);
      const updated = await repository.setPencil(id);
      if (!updated) throw new HttpError(404, "Dragon not found");
      invalidate();
      return toDragon(updated);
    },

    /** Remove a template, its works in progress and every stored image of both versions. */
    async remove(id: string): Promise<boolean> {
      const row = await repository.delete(id);
      if (!row) return false;
      invalidate();
      await Promise.all(Object.values(dragonKeys(id)).map((key) => storage.delete(key)));
      return true;
    },

    invalidate,
  };
}

export type Library = ReturnType<typeof createLibrary>;
