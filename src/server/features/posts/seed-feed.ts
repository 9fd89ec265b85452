import crypto from "node:crypto";
import { loadSharp } from "../../images/sharp";
import type { Database } from "../../db/client";
import { comments, dragons, likes, postImages, posts, sessions, storedObjects, users } from "../../db/schema";
import type { ObjectStorage } from "../../storage/object-storage";
import { hashToken, randomToken } from "../../auth/tokens";
import { SESSION_COOKIE } from "../../auth/sessions";
import { postImageKeys } from "./images";

export interface SeedFeedOptions {
  posts?: number;
  photosPerPost?: number;
  likesPerPost?: number;
  commentsPerPost?: number;
  users?: number;
}

export interface SeededFeed {
  posts: number;
  users: number;
  /** Cookie headers (`dg_session=…`) of a seeded user and of a seeded admin, for load tests. */
  cookie: string;
  adminCookie: string;
}

const CHUNK = 1_000;
const SESSION_MS = 30 * 24 * 60 * 60 * 1000;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** A small real photo: a WebP display version, its thumbnail and a JPEG "original". */
async function samplePhoto(index: number) {
  const hue = (index * 97) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="100%" height="100%" fill="hsl(${hue},55%,70%)"/>
    <circle cx="160" cy="120" r="80" fill="hsl(${(hue + 180) % 360},60%,40%)"/></svg>`;
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(svg));
  return {
    display: await image.clone().webp({ quality: 70 }).toBuffer(),
    thumb: await image.clone().resize(160, 120).webp({ quality: 60 }).toBuffer(),
    original: await image.clone().jpeg({ quality: 70 }).toBuffer(),
  };
}

/**
 * Fill a database with an approved community feed for load tests (`npm run bench`): by default
 * 500 posts × 3 photos, 20 likes and 10 comments each, from 50 users, newest a minute apart.
 * Photos are small real WebP files in the app's storage, with their rows in stored_objects, as the
 * real posting path leaves them. Rows go in by the thousand: one statement per object would make
 * seeding take longer than the benchmark.
 */
export async function seedFeed(
  db: Database,
  storage: ObjectStorage,
  options: SeedFeedOptions = {},
): Promise<SeededFeed> {
  const postCount = options.posts ?? 500;
  const photosPerPost = options.photosPerPost ?? 3;
  const likesPerPost = options.likesPerPost ?? 20;
  const commentsPerPost = options.commentsPerPost ?? 10;
  const userCount = Math.max(options.users ?? 50, likesPerPost);
  const run = crypto.randomBytes(4).toString("hex");

  const people = await db
    .insert(users)
    .values(
      Array.from({ length: userCount + 1 }, (_, i) => ({
        email: i === userCount ? `feed-admin-${run}@bench.example` : `feed-${run}-${i}@bench.example`,
        firstName: i % 3 === 0 ? null : `Reader${i}`,
        lastName: i % 2 === 0 ? `Bench${i}` : null,
        emailVerified: true,
        isAdmin: i === userCount,
      })),
    )
    .returning({ id: users.id, isAdmin: users.isAdmin });
  const members = people.filter((p) => !p.isAdmin);
  const admin = people.find((p) => p.isAdmin)!;
  const [userToken, adminToken] = [randomToken(), randomToken()];
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.insert(sessions).values([
    { tokenHash: hashToken(userToken), userId: members[0]!.id, expiresAt },
    { tokenHash: hashToken(adminToken), userId: admin.id, expiresAt },
  ]);

  const dragonIds = (await db.select({ id: dragons.id }).from(dragons)).map((d) => d.id);
  const photos = await Promise.all(Array.from({ length: photosPerPost }, (_, i) => samplePhoto(i)));

  const now = Date.now();
  const postRows: (typeof posts.$inferInsert)[] = [];
  const imageRows: (typeof postImages.$inferInsert)[] = [];
  const objectRows: (typeof storedObjects.$inferInsert)[] = [];
  const likeRows: (typeof likes.$inferInsert)[] = [];
  const commentRows: (typeof comments.$inferInsert)[] = [];
  const writes: { key: string; body: Buffer; contentType: string }[] = [];

  for (let i = 0; i < postCount; i++) {
    const id = crypto.randomUUID();
    const author = members[i % members.length]!;
    const createdAt = new Date(now - (i + 1) * 60_000);
    postRows.push({
      id,
      userId: author.id,
      dragonId: dragonIds.length ? dragonIds[i % dragonIds.length]! : null,
      description: `Bench drawing number ${i + 1}, done square by square.`,
      approved: true,
      createdAt,
    });
    photos.forEach((photo, position) => {
      const keys = postImageKeys(id, position);
      const objectKey = `uploads/${crypto.randomUUID()}`;
      imageRows.push({
        postId: id,
        objectKey,
        displayKey: keys.display,
        thumbKey: keys.thumb,
        width: 320,
        height: 240,
        position,
      });
      objectRows.push(
        {
          key: keys.display,
          ownerId: author.id,
          isPublic: true,
          contentType: "image/webp",
          size: photo.display.length,
        },
        { key: keys.thumb, ownerId: author.id, isPublic: true, contentType: "image/webp", size: photo.thumb.length },
        { key: objectKey, ownerId: author.id, isPublic: false, contentType: "image/jpeg", size: photo.original.length },
      );
      writes.push(
        { key: keys.display, body: photo.display, contentType: "image/webp" },
        { key: keys.thumb, body: photo.thumb, contentType: "image/webp" },
        { key: objectKey, body: photo.original, contentType: "image/jpeg" },
      );
    });
    for (let k = 0; k < likesPerPost; k++) likeRows.push({ postId: id, userId: members[(i + k) % members.length]!.id });
    for (let k = 0; k < commentsPerPost; k++) {
      commentRows.push({
        postId: id,
        userId: members[(i * 7 + k) % members.length]!.id,
        text: `Comment ${k + 1}: lovely wings on this one!`,
        createdAt: new Date(createdAt.getTime() + (k + 1) * 1000),
      });
    }
  }

  // Bytes first, 32 at a time; then the rows that make them visible.
  for (let i = 0; i < writes.length; i += 32) {
    await Promise.all(writes.slice(i, i + 32).map((w) => storage.backend.put(w.key, w.body, w.contentType)));
  }
  await insertInChunks(objectRows, (chunk) => db.insert(storedObjects).values(chunk));
  await insertInChunks(postRows, (chunk) => db.insert(posts).values(chunk));
  await insertInChunks(imageRows, (chunk) => db.insert(postImages).values(chunk));
  await insertInChunks(likeRows, (chunk) => db.insert(likes).values(chunk));
  await insertInChunks(commentRows, (chunk) => db.insert(comments).values(chunk));

  return {
    posts: postCount,
    users: members.length,
    cookie: `${SESSION_COOKIE}=${userToken}`,
    adminCookie: `${SESSION_COOKIE}=${adminToken}`,
  };
}
