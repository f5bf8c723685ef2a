import { type Kysely, sql } from "kysely";
import type { Engine, Schema } from "#app/platform/db.server.ts";
import { pacer } from "#app/platform/pacing.server.ts";
import { addDays, dayOf, monthsBeforeDay } from "./days.ts";
import { addStoredTallies, type DayTallies, type Dimension, foldDay, mergedTallies, remembered } from "./tallies.ts";

// From the tallies the instances flushed to the days' totals, and what is kept how long: a part of
// the daily purge (app/privacy/daily-purge.server.ts). A day is rolled up once it is over: its
// totals per page, referring site, campaign and device (views and visits), and its forms'
// submissions that were not spam; then its views go after a few days. The dashboard reads the
// totals, and the same figures worked out from the views for the days not rolled up yet (today).
// A day keeps at most `keptValues` pages, referring sites, campaigns and devices, the most
// viewed, and one row for all the others (tallies.ts, decision 048).

export type DayFigure = { day: string; dimension: Dimension; value: string; views: number; visits: number };

/** Views are kept this many days after their day (for a rollup that ran late), never once rolled up and older. */
export const viewsKeptDays = 3;

/** A form's submissions' value: "contact", "meeting", or "application:<posting slug>" ("application:" for a general one). */
export const submissionsValue = (kind: string, jobSlug: string | null) =>
  kind === "application" ? `application:${jobSlug ?? ""}` : kind;

/** The figures of the days from `from` to `to`, worked out from the instances' tallies and the submissions. */
export async function figuresFromViews(db: Kysely<Schema>, from: string, to: string): Promise<DayFigure[]> {
  const [batches, submissions] = await Promise.all([
    db
      .selectFrom("analytics_tallies")
      .select(["day", "tallies"])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .execute(),
    db
      .selectFrom("submissions")
      .select([
        sql<string>`substr(created_at, 1, 10)`.as("day"),
        "kind",
        "job_slug",
        sql<number | string>`count(*)`.as("count"),
      ])
      .where("status", "=", "received")
      .where("created_at", ">=", `${from}T00:00:00.000Z`)
      .where("created_at", "<", `${addDays(to, 1)}T00:00:00.000Z`)
      .groupBy([sql`substr(created_at, 1, 10)`, "kind", "job_slug"])
      .execute(),
  ]);
  const days = new Map<string, DayTallies>();
  for (const batch of batches)
    addStoredTallies(
      remembered(days, batch.day, () => new Map()),
      batch.tallies,
    );
  const figures: DayFigure[] = [];
  // Each day's values past the most viewed folded into one (tallies.ts): what the rollup stores.
  for (const [day, tallies] of days)
    for (const [dimension, values] of foldDay(tallies))
      for (const [value, tally] of values)
        figures.push({ day, dimension, value, views: tally.views, visits: tally.visits });
  for (const row of submissions)
    figures.push({
      day: row.day,
      dimension: "submissions",
      value: submissionsValue(row.kind, row.job_slug),
      views: Number(row.count),
      visits: 0,
    });
  return figures;
}

/** A day's rows are merged into one once it has this many (one per flush: about 17 minutes of flushes every 10 s). */
export const mergeTalliesAt = 100;

/**
 * The days whose flushes wrote `mergeTalliesAt` rows or more (today, mostly), each made one row
 * (mergedTallies), in a transaction that keeps other instances' flushes out meanwhile (on
 * PostgreSQL a lock that lets reads through; SQLite has one writer at a time): the dashboard
 * reads today from a few pre-summed rows, off the answers' path. Says how many rows it merged.
 */
export async function mergeDayTallies(db: Kysely<Schema>, engine: Engine) {
  const crowded = await db
    .selectFrom("analytics_tallies")
    .select("day")
    .groupBy("day")
    .having((eb) => eb.fn.countAll(), ">=", mergeTalliesAt)
    .execute();
  let merged = 0;
  for (const { day } of crowded)
    merged += await db.transaction().execute(async (trx) => {
      if (engine === "postgres") await sql`lock table analytics_tallies in share row exclusive mode`.execute(trx);
      const rows = await trx.selectFrom("analytics_tallies").select("tallies").where("day", "=", day).execute();
      if (rows.length < 2) return 0;
      await trx.deleteFrom("analytics_tallies").where("day", "=", day).execute();
      await trx
        .insertInto("analytics_tallies")
        .values({ day, tallies: mergedTallies(rows.map((row) => row.tallies)) })
        .execute();
      return rows.length;
    });
  return merged;
}

/** The last day whose totals are stored (rolled up), or null. */
export async function rolledThrough(db: Kysely<Schema>) {
  const row = await db
    .selectFrom("analytics_daily")
    .select((eb) => eb.fn.max("day").as("day"))
    .where("dimension", "=", "total")
    .executeTakeFirst();
  return row?.day ?? null;
}

/**
 * Stores the totals of the days that are over and not rolled up yet: each day after the last
 * rolled up (at first, from the first day with views) to yesterday that has views or
 * submissions, each in one transaction: its totals replace whatever a run cut short had
 * written. A day with neither has nothing to store (the dashboard shows it as zeros). Says how
 * many days it rolled up.
 */
export async function rollUp(db: Kysely<Schema>, now: Date, signal?: AbortSignal) {
  const today = dayOf(now.getTime());
  const last = await rolledThrough(db);
  const first = last
    ? addDays(last, 1)
    : ((
        await db
          .selectFrom("analytics_tallies")
          .select((eb) => eb.fn.min("day").as("day"))
          .executeTakeFirst()
      )?.day ?? null);
  if (!first || first >= today) return 0;
  const [tallied, submitted] = await Promise.all([
    db
      .selectFrom("analytics_tallies")
      .select("day")
      .distinct()
      .where("day", ">=", first)
      .where("day", "<", today)
      .execute(),
    db
      .selectFrom("submissions")
      .select(sql<string>`substr(created_at, 1, 10)`.as("day"))
      .distinct()
      .where("status", "=", "received")
      .where("created_at", ">=", `${first}T00:00:00.000Z`)
      .where("created_at", "<", `${today}T00:00:00.000Z`)
      .execute(),
  ]);
  const days = [...new Set([...tallied, ...submitted].map((row) => row.day))].sort();
  const pause = pacer();
  for (const day of days) {
    signal?.throwIfAborted();
    const figures = await figuresFromViews(db, day, day);
    const rows = figures.some((figure) => figure.dimension === "total")
      ? figures
      : [{ day, dimension: "total" as const, value: "", views: 0, visits: 0 }, ...figures];
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("analytics_daily").where("day", "=", day).execute();
      for (let start = 0; start < rows.length; start += 200)
        await trx
          .insertInto("analytics_daily")
          .values(rows.slice(start, start + 200))
          .execute();
    });
    await pause();
  }
  return days.length;
}

/**
 * The analytics' part of the daily purge at `now`: rolls up the days that are over, deletes the
 * views of rolled-up days older than `viewsKeptDays` and the totals older than `keepMonths`.
 * Returns the line for the purge's log (counts only).
 */
export async function purgeAnalytics(
  db: Kysely<Schema>,
  { now, keepMonths, signal }: { now: Date; keepMonths: number; signal?: AbortSignal },
) {
  const rolled = await rollUp(db, now, signal);
  const today = dayOf(now.getTime());
  const through = await rolledThrough(db);
  const viewsBefore = addDays(today, -viewsKeptDays);
  const views = through
    ? Number(
        (
          await db
            .deleteFrom("analytics_tallies")
            .where("day", "<=", through)
            .where("day", "<", viewsBefore)
            .executeTakeFirst()
        ).numDeletedRows,
      )
    : 0;
  const totals = Number(
    (await db.deleteFrom("analytics_daily").where("day", "<", monthsBeforeDay(today, keepMonths)).executeTakeFirst())
      .numDeletedRows,
  );
  return `Analytics: ${rolled} days rolled up, ${views} view rows and ${totals} old totals deleted`;
}
