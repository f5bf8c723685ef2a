import { type Kysely, sql } from "kysely";
import { applyPath } from "#app/careers/jobs.ts";
import { listPostings } from "#app/careers/postings.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { pages } from "#app/site/pages.ts";
import { addDays, daysBetween } from "./days.ts";
import { flushViews } from "./page-views.server.ts";
import { type DayFigure, figuresFromViews, rolledThrough } from "./rollup.server.ts";
import { otherValue } from "./tallies.ts";

// What the workspace's analytics dashboard shows for a range of days (offered to the workspace):
// views and visits per day, the top pages, referring sites, campaigns and devices, each form's
// views and submissions, and the "How Did You Hear About Us" answers. The rolled-up days are read
// from their totals; the days since (today) are worked out from the views.

export type Row = { value: string; views: number; visits: number };
export type Funnel = {
  form: "contact" | "meeting" | "application";
  /** The posting's slug for an application to one, "" for a general application. */
  posting: string | null;
  /** The posting's title, when it is still in the content. */
  title: string | null;
  path: string;
  views: number;
  submissions: number;
};

/** How many rows of each breakdown the dashboard shows (and exports). */
const topRows = 20;

/** The answers to "How Did You Hear About Us", as grouped: trimmed, lower case, spaces folded, without closing punctuation. */
export const foldAnswer = (answer: string) =>
  answer
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.!,;:]+$/, "")
    .slice(0, 100);

/** Every value of a dimension, summed over the range. */
function sums(figures: DayFigure[], dimension: DayFigure["dimension"]) {
  const rows = new Map<string, Row>();
  for (const figure of figures) {
    if (figure.dimension !== dimension) continue;
    const row = rows.get(figure.value) ?? { value: figure.value, views: 0, visits: 0 };
    row.views += figure.views;
    row.visits += figure.visits;
    rows.set(figure.value, row);
  }
  return [...rows.values()];
}

/** A dimension's values most viewed first, the top ones (not the others folded into one: no value to show). */
const breakdown = (figures: DayFigure[], dimension: DayFigure["dimension"]) =>
  sums(figures, dimension)
    .filter((row) => row.value !== otherValue)
    .sort((a, b) => b.views - a.views || a.value.localeCompare(b.value))
    .slice(0, topRows);

/** The figures of the days from `from` to `to`: stored totals for the rolled-up days, worked out from the views for the rest. */
export async function figuresBetween(db: Kysely<Schema>, from: string, to: string) {
  const through = await rolledThrough(db);
  const stored =
    through && through >= from
      ? await db
          .selectFrom("analytics_daily")
          .select(["day", "dimension", "value", "views", "visits"])
          .where("day", ">=", from)
          .where("day", "<=", through < to ? through : to)
          .execute()
      : [];
  const liveFrom = through && through >= from ? addDays(through, 1) : from;
  const live = liveFrom <= to ? await figuresFromViews(db, liveFrom, to) : [];
  return [
    ...stored.map((row) => ({ ...row, views: Number(row.views), visits: Number(row.visits) }) as DayFigure),
    ...live,
  ];
}

/** The "How Did You Hear About Us" answers of the inquiries (not spam) that arrived in the range, most given first. */
async function heardAnswers(db: Kysely<Schema>, from: string, to: string) {
  const rows = await db
    .selectFrom("submissions")
    .select(sql<string | null>`fields`.as("fields"))
    .where("status", "=", "received")
    .where("kind", "=", "contact")
    .where("created_at", ">=", `${from}T00:00:00.000Z`)
    .where("created_at", "<", `${addDays(to, 1)}T00:00:00.000Z`)
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const answer = (JSON.parse(row.fields ?? "{}") as { source?: unknown }).source;
    const folded = typeof answer === "string" ? foldAnswer(answer) : "";
    counts.set(folded, (counts.get(folded) ?? 0) + 1);
  }
  return [...counts]
    .map(([answer, count]) => ({ answer, count }))
    .sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer))
    .slice(0, topRows);
}

/** Every figure the dashboard shows for the days from `from` to `to` (both included, UTC); `fresh`: with this instance's views not flushed yet. */
export async function dashboardFigures(
  db: Kysely<Schema>,
  { from, to, fresh = false }: { from: string; to: string; fresh?: boolean },
) {
  // The views this instance still holds are written first, so a view shows as soon as it is made.
  if (fresh) await flushViews(db);
  const [figures, heard] = await Promise.all([figuresBetween(db, from, to), heardAnswers(db, from, to)]);
  const totals = new Map(
    figures.filter((figure) => figure.dimension === "total").map((figure) => [figure.day, figure] as const),
  );
  const days = daysBetween(from, to).map((day) => ({
    day,
    views: totals.get(day)?.views ?? 0,
    visits: totals.get(day)?.visits ?? 0,
  }));
  const pagesViewed = new Map(sums(figures, "page").map((row) => [row.value, row.views]));
  const submitted = new Map(sums(figures, "submissions").map((row) => [row.value, row.views]));
  const funnels: Funnel[] = [
    {
      form: "contact",
      posting: null,
      title: null,
      path: pages.contact.path,
      views: 0,
      submissions: submitted.get("contact") ?? 0,
    },
    {
      form: "meeting",
      posting: null,
      title: null,
      path: pages.meeting.path,
      views: 0,
      submissions: submitted.get("meeting") ?? 0,
    },
  ];
  // Each posting that drew a view of its form or an application in the range, and the general application.
  const postings = new Set([""]);
  for (const value of submitted.keys()) if (value.startsWith("application:")) postings.add(value.slice(12));
  for (const path of pagesViewed.keys()) {
    const posting = path.match(/^\/careers\/([a-z0-9-]+)\/apply$/)?.[1];
    if (posting) postings.add(posting);
  }
  const titles = new Map((await listPostings(db)).map((posting) => [posting.slug, posting.title]));
  for (const posting of [...postings].sort()) {
    funnels.push({
      form: "application",
      posting,
      title: posting ? (titles.get(posting) ?? null) : null,
      path: applyPath(posting ? { slug: posting } : undefined),
      views: 0,
      submissions: submitted.get(`application:${posting}`) ?? 0,
    });
  }
  for (const funnel of funnels) funnel.views = pagesViewed.get(funnel.path) ?? 0;
  return {
    days,
    views: days.reduce((sum, day) => sum + day.views, 0),
    visits: days.reduce((sum, day) => sum + day.visits, 0),
    pages: breakdown(figures, "page"),
    referrers: breakdown(figures, "referrer"),
    campaigns: breakdown(figures, "campaign").map((row) => {
      const [source, medium, campaign] = JSON.parse(row.value) as [string, string, string];
      return { ...row, source, medium, campaign };
    }),
    devices: breakdown(figures, "device"),
    funnels,
    heard,
  };
}

export type DashboardFigures = Awaited<ReturnType<typeof dashboardFigures>>;
