import { type Kysely, sql } from "kysely";
import type { Schema } from "#app/platform/db.server.ts";
import { pacer } from "#app/platform/pacing.server.ts";
import { addDays, dayOf, monthsBeforeDay } from "./days.ts";
import { deletePastSalts } from "./page-views.server.ts";

// From the views the instances flushed to the days' totals, and what is kept how long: a part of
// the daily purge (app/privacy/daily-purge.server.ts). A day is rolled up once it is over: its
// totals per page, referring site, campaign and device (views, and visits: visitors counted once
// a day), and its forms' submissions that were not spam; then its views go after a few days. The
// dashboard reads the totals, and the same figures worked out from the views for the days not
// rolled up yet (today).

/** What a day's totals are per: the whole day, a page, a referring site, a campaign, a device, a form's submissions. */
export type Dimension = "total" | "page" | "referrer" | "campaign" | "device" | "submissions";
export type DayFigure = { day: string; dimension: Dimension; value: string; views: number; visits: number };

/** Views are kept this many days after their day (for a rollup that ran late), never once rolled up and older. */
export const viewsKeptDays = 3;

/** A campaign's value: its source, medium and name, as JSON (any of them may be missing). */
export const campaignValue = (source: string | null, medium: string | null, campaign: string | null) =>
  JSON.stringify([source ?? "", medium ?? "", campaign ?? ""]);

/** A form's submissions' value: "contact", "meeting", or "application:<posting slug>" ("application:" for a general one). */
export const submissionsValue = (kind: string, jobSlug: string | null) =>
  kind === "application" ? `application:${jobSlug ?? ""}` : kind;

/** The figures of the days from `from` to `to`, worked out from the views and the submissions. */
export async function figuresFromViews(db: Kysely<Schema>, from: string, to: string): Promise<DayFigure[]> {
  const views = db.selectFrom("analytics_views").where("day", ">=", from).where("day", "<=", to);
  const counts = [
    sql<number | string>`sum(views)`.as("views"),
    sql<number | string>`count(distinct case when visitor <> '' then visitor end)`.as("visits"),
  ] as const;
  const [total, page, referrer, campaign, device, submissions] = await Promise.all([
    views
      .select(["day", ...counts])
      .groupBy("day")
      .execute(),
    views
      .select(["day", "path", ...counts])
      .groupBy(["day", "path"])
      .execute(),
    views
      .select(["day", "referrer", ...counts])
      .where("referrer", "is not", null)
      .groupBy(["day", "referrer"])
      .execute(),
    views
      .select(["day", "source", "medium", "campaign", ...counts])
      .where((eb) =>
        eb.or([eb("source", "is not", null), eb("medium", "is not", null), eb("campaign", "is not", null)]),
      )
      .groupBy(["day", "source", "medium", "campaign"])
      .execute(),
    views
      .select(["day", "device", ...counts])
      .groupBy(["day", "device"])
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
  const figure = (day: string, dimension: Dimension, value: string, row: { views: unknown; visits: unknown }) => ({
    day,
    dimension,
    value,
    views: Number(row.views),
    visits: Number(row.visits),
  });
  return [
    ...total.map((row) => figure(row.day, "total", "", row)),
    ...page.map((row) => figure(row.day, "page", row.path, row)),
    ...referrer.map((row) => figure(row.day, "referrer", row.referrer ?? "", row)),
    ...campaign.map((row) => figure(row.day, "campaign", campaignValue(row.source, row.medium, row.campaign), row)),
    ...device.map((row) => figure(row.day, "device", row.device, row)),
    ...submissions.map((row) => ({
      day: row.day,
      dimension: "submissions" as const,
      value: submissionsValue(row.kind, row.job_slug),
      views: Number(row.count),
      visits: 0,
    })),
  ];
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
          .selectFrom("analytics_views")
          .select((eb) => eb.fn.min("day").as("day"))
          .executeTakeFirst()
      )?.day ?? null);
  if (!first || first >= today) return 0;
  const [viewed, submitted] = await Promise.all([
    db
      .selectFrom("analytics_views")
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
  const days = [...new Set([...viewed, ...submitted].map((row) => row.day))].sort();
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
 * views of rolled-up days older than `viewsKeptDays`, the totals older than `keepMonths`, and the
 * salts of past days. Returns the line for the purge's log (counts only).
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
            .deleteFrom("analytics_views")
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
  await deletePastSalts(db, now);
  return `Analytics: ${rolled} days rolled up, ${views} view rows and ${totals} old totals deleted`;
}
