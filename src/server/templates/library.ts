import crypto from "node:crypto";
import type { ObjectAcl, ObjectStorage } from "../storage/object-storage";
import { renderOffThread } from "../images/render-off-thread";
import { makeTemplate, type MadeTemplate } from "../images/made-template";
import type { OutlineResult } from "../images/outline";
import { measureLevel } from "../images/template-level";
import type { PencilResult } from "../images/pencil";
import type { TemplateLevel } from "../../shared/dragons/levels";
import { withTempCopy } from "../storage/temp-copy";
import { HttpError } from "../http/errors";
import { localChannel, type NoticeChannel } from "../db/change-notices";
import type { Dragon } from "../../shared/dragons/responses";
import { keysOf, toDragon, type DragonRow, type DragonsRepository } from "./repository";

// The list is read on every library visit and changes only when an admin changes it; it is kept
// in memory, dropped on every change made through any server process (`changes`), and read again
// after a few seconds in any case.
const LIST_TTL_MS = 5_000;

type Template = Pick<DragonRow, "id" | "ownerId">;

/** A file the library stores for a template. */
interface TemplateFile {
  key: string;
  body: Buffer;
  contentType: string;
}

/**
 * The template library, and Pro members' private pictures beside it (decision 031): every way a
 * template enters (upload, AI image, bundled samples, a member's picture) goes through
 * `addTemplate`, so each is checked and stored the same way. The library's files are public under
 * dragons/; a picture's are its owner's alone under pictures/, counted towards their upload quota.
 * Every change to the library is told on `changes`, to this process and the others (the rendered
 * pages that show the library listen); pictures are nobody else's business and are not told.
 */
export function createLibrary(
  repository: DragonsRepository,
  storage: ObjectStorage,
  changes: NoticeChannel<null> = localChannel(),
) {
  let cached: { dragons: Dragon[]; at: number } | null = null;
  changes.on(() => {
    cached = null;
  });
  const invalidate = () => changes.emit(null);
  const changed = (template: Template) => {
    if (!template.ownerId) invalidate();
  };

  /** Store a template's files: the library's as public; a picture's as its owner's, within their quota (`replacing` not counted). */
  async function store(template: Template, files: TemplateFile[], replacing: string[] = []): Promise<void> {
    const acl: ObjectAcl = { ownerId: template.ownerId, isPublic: template.ownerId === null };
    if (template.ownerId)
      await storage.reserve(
        template.ownerId,
        files.map((file) => ({ key: file.key, size: file.body.length, contentType: file.contentType })),
        replacing,
      );
    for (const file of files) await storage.put(file.key, file.body, file.contentType, acl);
  }

  /** The pencil version's files. */
  function pencilFiles(template: Template, pencil: PencilResult): TemplateFile[] {
    const keys = keysOf(template);
    return [
      { key: keys.pencilHires, body: pencil.hires, contentType: "image/png" },
      { key: keys.pencilPreview, body: pencil.preview, contentType: "image/webp" },
    ];
  }

  /** The outline version's files. */
  function outlineFiles(template: Template, outline: OutlineResult): TemplateFile[] {
    const keys = keysOf(template);
    return [
      { key: keys.outlineHires, body: outline.hires, contentType: "image/png" },
      { key: keys.outlinePreview, body: outline.preview, contentType: "image/webp" },
    ];
  }

  async function list(): Promise<Dragon[]> {
    if (!cached || Date.now() - cached.at > LIST_TTL_MS)
      cached = { dragons: (await repository.list()).map(toDragon), at: Date.now() };
    return cached.dragons;
  }

  /** A template of the library, or (with `viewerId`) that person's own picture; null for anything else. */
  async function get(id: string, viewerId: string | null = null): Promise<Dragon | null> {
    const known = (await list()).find((dragon) => dragon.id === id);
    if (known) return known;
    // Made elsewhere just now, or someone's picture.
    const row = await repository.get(id);
    return row && (row.ownerId === null || row.ownerId === viewerId) ? toDragon(row) : null;
  }

  return {
    list,
    get,

    /** One person's pictures, newest first. */
    async listOwnedBy(ownerId: string): Promise<Dragon[]> {
      return (await repository.listOwnedBy(ownerId)).map(toDragon);
    },

    /**
     * Check and store an original image as a new template, in the library or (`ownerId`) as that
     * person's picture; optionally with its pencil version. `replacing`: the upload it is made
     * from, about to be deleted, so not counted against the quota twice; `outline: false` leaves
     * the outline to the library's upkeep. Or (`made`) store what another process made of an
     * image (image-work-process.ts), with the versions it made.
     */
    async addTemplate(
      input: {
        name: string;
        createdBy: string | null;
        ownerId?: string | null;
        replacing?: string;
        createdAt?: Date;
        attribution?: string;
      } & ({ image: Buffer; pencil?: boolean; outline?: boolean } | { made: MadeTemplate }),
    ): Promise<Dragon> {
      const { prepared, level, outline, pencil } =
        "made" in input
          ? input.made
          : await makeTemplate(input.image, {
              pencil: input.pencil ?? false,
              outline: input.outline ?? true,
              renderPencil: (hires) => renderOffThread("pencil", hires),
              renderOutline: (hires) => renderOffThread("outline", hires),
            });
      const template = { id: crypto.randomUUID(), ownerId: input.ownerId ?? null };
      const keys = keysOf(template);
      const files: TemplateFile[] = [
        { key: keys.hires, body: prepared.hires, contentType: "image/png" },
        { key: keys.preview, body: prepared.preview, contentType: "image/webp" },
        { key: keys.previewSmall, body: prepared.previewSmall, contentType: "image/webp" },
        ...(outline ? outlineFiles(template, outline) : []),
        ...(pencil ? pencilFiles(template, pencil) : []),
      ];
      await store(template, files, input.replacing ? [input.replacing] : []);
      const row = await repository.create({
        ...template,
        name: input.name,
        hiresKey: keys.hires,
        previewKey: keys.preview,
        previewSmallKey: keys.previewSmall,
        ...(outline ? { outlineHiresKey: keys.outlineHires, outlinePreviewKey: keys.outlinePreview } : {}),
        ...(pencil ? { pencilHiresKey: keys.pencilHires, pencilPreviewKey: keys.pencilPreview } : {}),
        width: prepared.width,
        height: prepared.height,
        measuredLevel: level,
        attribution: input.attribution ?? null,
        createdBy: input.createdBy,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      });
      changed(template);
      return toDragon(row);
    },

    /** Make (or remake) the pencil version of a template of the library, or of `ownerId`'s picture. */
    async generatePencil(id: string, ownerId: string | null = null): Promise<Dragon> {
      const row = await repository.get(id);
      if (!row || row.ownerId !== ownerId) throw new HttpError(404, ownerId ? "Picture not found" : "Dragon not found");
      const keys = keysOf(row);
      // The stored hi-res (up to ~100 MB of PNG) goes to a temporary file, not into memory: the
      // pencil thread's decoder reads it from there as it goes.
      const pencil = await withTempCopy(await storage.read(row.hiresKey), (file) =>
        renderOffThread("pencil", { file }),
      );
      const files = pencilFiles(row, pencil);
      await store(row, files, [keys.pencilHires, keys.pencilPreview]);
      const updated = await repository.setPencil(row);
      if (!updated) throw new HttpError(404, ownerId ? "Picture not found" : "Dragon not found");
      changed(row);
      return toDragon(updated);
    },

    /** An admin's choice of a library template's level (null: the measured one again); null when there is no such template. */
    async chooseLevel(id: string, level: TemplateLevel | null): Promise<Dragon | null> {
      const row = await repository.chooseLevel(id, level);
      if (row) changed(row);
      return row ? toDragon(row) : null;
    },

    /**
     * Measure the level of templates added before levels were (decision 072), a few per call, the
     * oldest first, with `measure` (a file's level: here, or in another process); answers how many
     * were measured. Every process may run it: the measure is the same wherever it runs, so two
     * measuring one template at once write the same level.
     */
    async measureMissingLevels(
      limit = 4,
      measure: (file: string) => Promise<TemplateLevel> = async (file) => (await measureLevel(file)).level,
    ): Promise<number> {
      const rows = await repository.unmeasured(limit);
      for (const row of rows) {
        const level = await withTempCopy(await storage.read(row.hiresKey), measure);
        await repository.setMeasuredLevel(row.id, level);
        changed(row);
      }
      return rows.length;
    },

    /**
     * Draw the outline of templates added before outlines were (decision 073), up to `limit` of
     * them after `after` (the last row a previous call answered), oldest first, with `render` (the
     * upkeep's image work process). A picture's outline counts towards its owner's quota as its
     * other files do; one that does not fit, or fails, is counted in `failed` and left for the next
     * start.
     */
    async makeMissingOutlines(
      limit: number,
      after: Pick<DragonRow, "createdAt" | "id"> | null,
      render: (file: string) => Promise<OutlineResult>,
    ): Promise<{ rows: number; last: Pick<DragonRow, "createdAt" | "id"> | null; failed: number }> {
      const rows = await repository.withoutOutline(limit, after);
      let failed = 0;
      for (const row of rows) {
        try {
          const outline = await withTempCopy(await storage.read(row.hiresKey), render);
          await store(row, outlineFiles(row, outline), [keysOf(row).outlineHires, keysOf(row).outlinePreview]);
          await repository.setOutline(row);
          changed(row);
        } catch {
          failed++;
        }
      }
      const last = rows.at(-1);
      return { rows: rows.length, last: last ? { createdAt: last.createdAt, id: last.id } : null, failed };
    },

    async rename(id: string, ownerId: string, name: string): Promise<Dragon | null> {
      const row = await repository.rename(id, ownerId, name);
      return row ? toDragon(row) : null;
    },

    /**
     * Remove a template of the library (or `ownerId`'s picture), its works in progress and checks
     * and every stored image of both versions and of the checks.
     */
    async remove(id: string, ownerId: string | null = null): Promise<boolean> {
      const removed = await repository.delete(id, ownerId);
      if (!removed) return false;
      changed(removed.row);
      await Promise.all(
        [...Object.values(keysOf(removed.row)), ...removed.checkPhotos].map((key) => storage.delete(key)),
      );
      return true;
    },

    invalidate,
  };
}

export type Library = ReturnType<typeof createLibrary>;
