// A published tutorial for `npm run bench` (Lighthouse on a blog post page): written by an admin
// made for it, saved through the blog's own save path (sanitised, slug from the title), with a
// featured picture and an inline figure from the first sample template. PGlite has one process at
// a time: run this while no server has that DATA_DIR open.
//
//   DATA_DIR=/tmp/bench DATABASE_URL= npx tsx scripts/lib/seed-blog-post.ts
//
// The last line of stdout is JSON: {"slug":"…"}.
import { asc } from "drizzle-orm";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { dragons, users } from "../../src/server/db/schema";
import { createBlog } from "../../src/server/features/blog/blog";
import { createBlogRepository } from "../../src/server/features/blog/repository";
import { blogPostInputSchema } from "../../src/shared/blog";

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: `${config.DATA_DIR}/db` });
try {
  const [dragon] = await database.db
    .select({ previewKey: dragons.previewKey, name: dragons.name })
    .from(dragons)
    .orderBy(asc(dragons.createdAt))
    .limit(1);
  if (!dragon) throw new Error("seed-blog-post: no dragon to illustrate the post with (start the server once first)");
  const picture = `/objects/${dragon.previewKey}`;
  const [admin] = await database.db
    .insert(users)
    .values({
      email: `bench-author-${Date.now()}@example.com`,
      firstName: "Bench",
      lastName: "Author",
      emailVerified: true,
      isAdmin: true,
    })
    .returning({ id: users.id });
  const paragraph = (topic: string) =>
    `<p>${topic} Work one square at a time: look at where each line enters and leaves the square, mark those points on your paper, then join them. Keep your pencil light until the shapes are right; darken only at the end.</p>`;
  const content = [
    "<h2>Why the grid works</h2>",
    paragraph("The grid turns one hard picture into many easy ones."),
    `<figure><img src="${picture}" alt="${dragon.name}"><figcaption>${dragon.name}, ready for the grid.</figcaption></figure>`,
    "<h2>Getting ready</h2>",
    "<ul><li>A sharp HB pencil and a soft eraser</li><li>Paper the size you chose on the canvas</li><li>A ruler for the grid lines</li></ul>",
    paragraph("Draw the grid on your paper first, as lightly as you can."),
    "<h3>Checking proportions</h3>",
    paragraph("Compare neighbouring squares often."),
    "<blockquote><p>Draw what you see, not what you know.</p></blockquote>",
    paragraph("When every square is done, step back and look at the whole dragon."),
  ].join("");
  const blog = createBlog(createBlogRepository(database.db));
  const post = await blog.create(
    blogPostInputSchema.parse({
      title: "Drawing your first dragon with the grid method",
      content,
      excerpt: "A step-by-step tutorial for beginners: square by square to a finished dragon.",
      featuredImageUrl: picture,
      tags: ["tutorial", "beginners"],
      published: true,
    }),
    admin!.id,
  );
  console.log(JSON.stringify({ slug: post.slug }));
} finally {
  await database.close();
}
