import { and, desc, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import { inPublicLibrary } from "./visibility";
import type { Database } from "../db/client";
import { dragons, drawingChecks } from "../db/schema";
import { objectUrl } from "../storage/object-storage";
import type { Dragon } from "../../shared/dragons/responses";
import type { TemplateLevel } from "../../shared/dragons/levels";

export type DragonRow = typeof dragons.$inferSelect;

/** The storage keys of one template's images; readable names, one folder per dragon. */
const dragonKeys = (id: string, folder: "dragons" | "pictures") => ({
  hires: `${folder}/${id}/hires.png`,
  preview: `${folder}/${id}/preview.webp`,
  previewSmall: `${folder}/${id}/preview-small.webp`,
  pencilHires: `${folder}/${id}/pencil-hires.png`,
  pencilPreview: `${folder}/${id}/pencil-preview.webp`,
  outlineHires: `${folder}/${id}/outline-hires.png`,
  outlinePreview: `${folder}/${id}/outline-preview.webp`,
});

/** Where a template's files live: the library's under dragons/, a private picture's under pictures/ (owner only: canRead). */
export const keysOf = (row: Pick<DragonRow, "id" | "ownerId">) =>
  dragonKeys(row.id, row.ownerId ? "pictures" : "dragons");

export function toDragon(row: DragonRow): Dragon {
  return {
    id: row.id,
    name: row.name,
    previewUrl: objectUrl(row.previewKey),
    previewSmallUrl: row.previewSmallKey ? objectUrl(row.previewSmallKey) : null,
    hiresUrl: objectUrl(row.hiresKey),
    pencilPreviewUrl: row.pencilPreviewKey ? objectUrl(row.pencilPreviewKey) : null,
    pencilHiresUrl: row.pencilHiresKey ? objectUrl(row.pencilHiresKey) : null,
    outlinePreviewUrl: row.outlinePreviewKey ? objectUrl(row.outlinePreviewKey) : null,
    outlineHiresUrl: row.outlineHiresKey ? objectUrl(row.outlineHiresKey) : null,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    isPrivate: row.ownerId !== null,
    level: (row.chosenLevel ?? row.measuredLevel) as TemplateLevel | null,
    levelChosen: row.chosenLevel !== null,
    attribution: row.attribution,
  };
}

export function createDragonsRepository(db: Database) {
  return {
    /** The public library. */
    async list(): Promise<DragonRow[]> {
      return db.select().from(dragons).where(inPublicLibrary()).orderBy(desc(dragons.createdAt), desc(dragons.id));
    },
    /** One person's private pictures. */
    async listOwnedBy(ownerId: string): Promise<DragonRow[]> {
      return db
        .select()
        .from(dragons)
        .where(eq(dragons.ownerId, ownerId))
        .orderBy(desc(dragons.createdAt), desc(dragons.id));
    },
    /** A template of the library or anyone's picture: callers decide who may see it. */
    async get(id: string): Promise<DragonRow | null> {
      const [row] = await db.select().from(dragons).where(eq(dragons.id, id));
      return row ?? null;
    },
    async rename(id: string, ownerId: string, name: string): Promise<DragonRow | null> {
      const [row] = await db
        .update(dragons)
        .set({ name })
        .where(and(eq(dragons.id, id), eq(dragons.ownerId, ownerId)))
        .returning();
      return row ?? null;
    },
    async create(values: typeof dragons.$inferInsert): Promise<DragonRow> {
      const [row] = await db.insert(dragons).values(values).returning();
      return row!;
    },
    /** An admin's choice of a library template's level; null: back to the measured one. */
    async chooseLevel(id: string, level: TemplateLevel | null): Promise<DragonRow | null> {
      const [row] = await db
        .update(dragons)
        .set({ chosenLevel: level })
        .where(and(eq(dragons.id, id), inPublicLibrary()))
        .returning();
      return row ?? null;
    },
    async setMeasuredLevel(id: string, level: TemplateLevel): Promise<void> {
      await db.update(dragons).set({ measuredLevel: level }).where(eq(dragons.id, id));
    },
    /** Templates (the library's and pictures) whose level was never measured: older than the measure. */
    async unmeasured(limit: number): Promise<DragonRow[]> {
      return db.select().from(dragons).where(isNull(dragons.measuredLevel)).orderBy(dragons.createdAt).limit(limit);
    },
    /** Templates (the library's and pictures) without an outline, added before outlines were, oldest first, after `after`. */
    async withoutOutline(limit: number, after: Pick<DragonRow, "createdAt" | "id"> | null): Promise<DragonRow[]> {
      return db
        .select()
        .from(dragons)
        .where(
          and(
            isNull(dragons.outlineHiresKey),
            after
              ? or(
                  gt(dragons.createdAt, after.createdAt),
                  and(eq(dragons.createdAt, after.createdAt), gt(dragons.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(dragons.createdAt, dragons.id)
        .limit(limit);
    },
    async setOutline(template: Pick<DragonRow, "id" | "ownerId">): Promise<void> {
      const keys = keysOf(template);
      await db
        .update(dragons)
        .set({ outlineHiresKey: keys.outlineHires, outlinePreviewKey: keys.outlinePreview })
        .where(eq(dragons.id, template.id));
    },
    async setPencil(template: Pick<DragonRow, "id" | "ownerId">): Promise<DragonRow | null> {
      const { id } = template;
      const keys = keysOf(template);
      const [row] = await db
        .update(dragons)
        .set({ pencilHiresKey: keys.pencilHires, pencilPreviewKey: keys.pencilPreview })
        .where(eq(dragons.id, id))
        .returning();
      return row ?? null;
    },
    /**
     * Delete a template of the library (`ownerId` null) or one person's picture; its works in
     * progress and checks go with it, by cascade. Answers the deleted row and the checks' photos.
     */
    async delete(id: string, ownerId: string | null): Promise<{ row: DragonRow; checkPhotos: string[] } | null> {
      return db.transaction(async (tx) => {
        const photos = await tx
          .select({ key: drawingChecks.photoKey })
          .from(drawingChecks)
          .where(and(eq(drawingChecks.dragonId, id), isNotNull(drawingChecks.photoKey)));
        const [row] = await tx
          .delete(dragons)
          .where(and(eq(dragons.id, id), ownerId ? eq(dragons.ownerId, ownerId) : isNull(dragons.ownerId)))
          .returning();
        return row ? { row, checkPhotos: photos.map((photo) => photo.key!) } : null;
      });
    },
  };
}

export type DragonsRepository = ReturnType<typeof createDragonsRepository>;
