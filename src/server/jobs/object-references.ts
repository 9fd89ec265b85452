import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { blogPosts, dragons, drawingChecks, postImages, users } from "../db/schema";

/** How a column names stored objects: as a key, or as `/objects/{key}` URLs anywhere in its text. */
export type ObjectReference = { column: PgColumn; holds: "key" | "urls" };

/**
 * Every column that refers to stored objects (decision 032). An object none of them names is
 * nobody's, and the sweep deletes it once it is old enough. sweeps.test.ts fails for a column of the
 * schema that looks as if it held a key or URL and is not listed here, and proves each one listed.
 */
export const OBJECT_REFERENCES: readonly ObjectReference[] = [
  { column: postImages.objectKey, holds: "key" },
  { column: postImages.displayKey, holds: "key" },
  { column: postImages.thumbKey, holds: "key" },
  { column: drawingChecks.photoKey, holds: "key" },
  { column: dragons.previewKey, holds: "key" },
  { column: dragons.previewSmallKey, holds: "key" },
  { column: dragons.hiresKey, holds: "key" },
  { column: dragons.pencilPreviewKey, holds: "key" },
  { column: dragons.pencilHiresKey, holds: "key" },
  { column: dragons.outlinePreviewKey, holds: "key" },
  { column: dragons.outlineHiresKey, holds: "key" },
  { column: users.profileImageUrl, holds: "urls" },
  { column: blogPosts.featuredImageUrl, holds: "urls" },
  { column: blogPosts.content, holds: "urls" },
];

// A key's characters after /objects/ (blob-backend.ts's isValidKey); where a URL ends, they end.
const OBJECT_URL = "/objects/([A-Za-z0-9._/-]+)";

const table = (column: PgColumn) => sql.identifier(getTableName(column.table));
const name = (column: PgColumn) => sql.identifier(column.name);

/** Every key some row names: the keys as they are, and those of the URLs in text columns. */
export function referencedKeys(): SQL {
  return sql.join(
    OBJECT_REFERENCES.map(({ column, holds }) =>
      holds === "key"
        ? sql`select ${name(column)} as key from ${table(column)}`
        : sql`select (regexp_matches(${name(column)}, ${OBJECT_URL}, 'g'))[1] as key from ${table(column)}`,
    ),
    sql` union all `,
  );
}

/**
 * True when `key` appears anywhere in a text column, even where no URL could be read around it (an
 * absolute link, a key in other words): the safe side of reading URLs out of text.
 */
export function mentioned(key: SQL): SQL {
  const texts = OBJECT_REFERENCES.filter(({ holds }) => holds === "urls");
  return sql.join(
    texts.map(({ column }) => sql`exists (select 1 from ${table(column)} where strpos(${name(column)}, ${key}) > 0)`),
    sql` or `,
  );
}
