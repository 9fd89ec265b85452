import { eq, isNull, or, type SQL } from "drizzle-orm";
import { dragons } from "../db/schema";

/**
 * The templates a person may use (decision 031): the public library, and their own private
 * pictures. Saving progress, keeping a check and posting name a template by id; each asks this,
 * so a private picture's id known to someone else is "Dragon not found" to them.
 */
export function dragonVisibleTo(userId: string | null): SQL {
  return userId ? or(isNull(dragons.ownerId), eq(dragons.ownerId, userId))! : isNull(dragons.ownerId);
}

/** The public library only: what is shared between people (lists, pages, caches, the sitemap, the feed). */
export const inPublicLibrary = (): SQL => isNull(dragons.ownerId);
