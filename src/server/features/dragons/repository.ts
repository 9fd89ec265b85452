import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dragons } from "../../db/schema";
import { objectUrl } from "../../storage/object-storage";
import type { Dragon } from "../../../shared/dragons";

export type DragonRow = typeof dragons.$inferSelect;

/** The storage keys of one template's images; readable names, one folder per dragon. */
export const dragonKeys = (id: string) => ({
  hires: `dragons/${id}/hires.png`,
  preview: `dragons/${id}/preview.webp`,
  previewSmall: `dragons/${id}/preview-small.webp`,
  pencilHires: `dragons/${id}/pencil-hires.png`,
  pencilPreview: `dragons/${id}/pencil-preview.webp`,
});

export function toDragon(row: DragonRow): Dragon {
  return {
    id: row.id,
    name: row.name,
    previewUrl: objectUrl(row.previewKey),
    previewSmallUrl: row.previewSmallKey ? objectUrl(row.previewSmallKey) : null,
    hiresUrl: objectUrl(row.hiresKey),
    pencilPreviewUrl: row.pencilPreviewKey ? objectUrl(row.pencilPreviewKey) : null,
    pencilHiresUrl: row.pencilHiresKey ? objectUrl(row.pencilHiresKey) : null,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    isPrivate: row.ownerId !== null,
  };
}

export function createDragonsRepository(db: Database) {
  return {
    async list(): Promise<DragonRow[]> {
      return db.select().from(dragons).orderBy(desc(dragons.createdAt), desc(dragons.id));
    },
    async get(id: string): Promise<DragonRow | null> {
      const [row] = await db.select().from(dragons).where(eq(dragons.id, id));
      return row ?? null;
    },
    async create(values: typeof dragons.$inferInsert): Promise<DragonRow> {
      const [row] = await db.insert(dragons).values(values).returning();
      return row!;
    },
    async setPencil(id: string): Promise<DragonRow | null> {
      const keys = dragonKeys(id);
      const [row] = await db.update(dragons).set({ pencilHiresKey: keys.pencilHires, pencilPreviewKey: keys.pencilPreview }).where(eq(dragons.id, id)).returning();
      return row ?? null;
    },
    /** Delete the row (its works in progress go with it, by cascade); answers the deleted row. */
    async delete(id: string): Promise<DragonRow | null> {
      const [row] = await db.delete(dragons).where(eq(dragons.id, id)).returning();
      return row ?? null;
    },
  };
}

export type DragonsRepository = ReturnType<typeof createDragonsRepository>;
