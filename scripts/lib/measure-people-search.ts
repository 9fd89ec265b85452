// The admin list's search at scale (decision 030): a fresh in-memory PGlite database with the
// migrations and 10,000 people (names from short lists, so common parts match hundreds), then each
// kind of search as GET /api/admin/users runs it (the repository's list()), median of 20 after 3
// warm-ups; then the same without the trigram index, to show what it saves. Not a test: timings
// vary by machine, so nothing here passes or fails.
//
//   npx tsx scripts/lib/measure-people-search.ts [people, 10000 by default]
//
// Prints one JSON line per search: {"search":"…","matches":N,"medianMs":N,"withoutIndexMs":N}.
import os from "node:os";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client";
import { createAdminUsersRepository, searchCondition } from "../../src/server/features/users/repository";
import { users } from "../../src/server/db/schema";
import { MEDIAN_RUNS as RUNS, medianMs } from "./median-ms";

const PEOPLE = Number(process.argv[2] ?? 10_000);

const FIRST = [
  "Ada",
  "Grace",
  "Alan",
  "Emmy",
  "Hedy",
  "Marie",
  "Nikola",
  "Rosalind",
  "Srinivasa",
  "Katherine",
  "Dorothy",
  "Barbara",
  "Edsger",
  "Sofia",
  "Anna",
  "Joan",
  "Tim",
  "Linus",
  "Margaret",
  "Frances",
];
const LAST = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Noether",
  "Lamarr",
  "Curie",
  "Tesla",
  "Franklin",
  "Ramanujan",
  "Johnson",
  "Vaughan",
  "Liskov",
  "Dijkstra",
  "Kovalevskaya",
  "Winkler",
  "Clarke",
  "Berners-Lee",
  "Torvalds",
  "Hamilton",
  "Allen",
];

const database = await openDatabase({});
try {
  const { db } = database;
  // Set-based, like the statistics' seed: names cycle through the lists at different strides.
  await db.execute(sql`
    insert into users (email, first_name, last_name, email_verified, created_at)
    select lower(f.name) || '.' || n || '@' || (array['example.com', 'mail.example', 'school.example'])[1 + n % 3],
           f.name, l.name || case when n % 7 = 0 then ' ' || n else '' end, n % 3 <> 0,
           now() - make_interval(secs => n * 3600)
    from generate_series(1, ${PEOPLE}::int) as n
    join unnest(${sql.raw(`array[${FIRST.map((name) => `'${name}'`).join(",")}]`)}::text[]) with ordinality as f(name, i) on f.i = 1 + n % ${FIRST.length}
    join unnest(${sql.raw(`array[${LAST.map((name) => `'${name}'`).join(",")}]`)}::text[]) with ordinality as l(name, i) on l.i = 1 + (n / ${FIRST.length}) % ${LAST.length}`);
  await db.execute(sql`analyze users`);
  const people = createAdminUsersRepository(db);

  const searches = ["", "ada", "lovelace", "grace hopper", "ada.4242@", "ra", "nobody-at-all"];
  const results: Record<string, { matches: number; medianMs: number }> = {};
  for (const search of searches) {
    const { total } = await people.list(search, 0);
    results[search] = { matches: total, medianMs: await medianMs(() => people.list(search, 0)) };
  }
  const plan = async (search: string) => {
    const query = db.select({ id: users.id }).from(users).where(searchCondition(search)).toSQL();
    const inline = query.sql.replace(
      /\$(\d+)/g,
      (_, n: string) => `'${String(query.params[Number(n) - 1]).replace(/'/g, "''")}'`,
    );
    const rows = (await db.execute(sql.raw(`explain ${inline}`))) as unknown as { rows: Array<Record<string, string>> };
    return rows.rows.map((row) => Object.values(row)[0]).join(" | ");
  };
  const plans = { lovelace: await plan("lovelace"), "ada.4242@": await plan("ada.4242@") };

  await db.execute(sql`drop index users_search_trgm_idx`);
  for (const search of searches) {
    const line = { search, ...results[search]!, withoutIndexMs: await medianMs(() => people.list(search, 0)) };
    console.log(JSON.stringify(line));
  }
  console.log(
    JSON.stringify({
      people: PEOPLE,
      database: "PGlite (in memory)",
      runs: RUNS,
      machine: `${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, Node ${process.version}`,
      date: new Date().toISOString(),
      plans,
    }),
  );
} finally {
  await database.close();
}
