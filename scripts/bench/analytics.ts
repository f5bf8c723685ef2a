// The analytics' costs (issue 34): what counting adds to the prerendered pages' fast path
// (the production server under load on a prerendered page, ANALYTICS=on against ANALYTICS=off,
// in ABBA order, each run 30 s so that it holds three whole flushes, every request a browser's
// navigation from one of 200 visitors); the flush's own cost, measured in this process (time
// per flush of 10 s of views, per view, and the longest it holds the event loop); and the
// dashboard's answer at a million page views (90 days of views rolled up by the purge, today's
// still raw, on SQLite, and PostgreSQL too when TEST_DATABASE_URL is set). `npm run bench --
// analytics` runs this alone. docs/performance.md says how to read it.
import { mkdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { type Kysely, sql } from "kysely";
import { dashboardFigures } from "#app/analytics/dashboard.server.ts";
import { addDays, dayOf } from "#app/analytics/days.ts";
import { flushViews, startCountingViews, waitingViews } from "#app/analytics/page-views.server.ts";
import { purgeAnalytics } from "#app/analytics/rollup.server.ts";
import { epochMs } from "#app/platform/clock.ts";
import { type Engine, openDatabase, type Schema } from "#app/platform/db.server.ts";
import { migrateToLatest } from "#app/platform/migrations.server.ts";
import { replyWeeks } from "#app/workspace/reply-promise.server.ts";
import { createPostgresDatabase } from "#tests/helpers/databases.ts";
import { type BenchSite, median, startServer } from "./harness.ts";

export const analyticsTargets = { countingOverheadPercent: 2, dashboardMs: 100, pageViews: 1_000_000 };

/** Pairs of runs, the order swapped each pair (on-off, off-on, …: ABBA). */
const rounds = 6;
/** Three flush periods (page-views.server.ts flushes every 10 s): whatever the phase, each run holds three flushes. */
const seconds = 30;
const warmUpSeconds = 5;
const visitors = 200;
const userAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** Requests per second on a prerendered page, each a navigation by one of `visitors` (their address through the trusted proxy). */
async function loadPage(url: string, duration = seconds) {
  const requests = Array.from({ length: visitors }, (_, index) => ({
    method: "GET" as const,
    headers: {
      "User-Agent": userAgent,
      Accept: "text/html,application/xhtml+xml",
      "Accept-Encoding": "gzip",
      "Sec-Fetch-Dest": "document",
      Referer: `https://site-${index % 20}.example/`,
      "X-Forwarded-For": `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    },
  }));
  const result = await autocannon({ url, connections: 50, duration, requests });
  return result.requests.average;
}

/** The fast path with counting on and off, in turns (the order swapped each round), on the built site. */
async function benchCounting(site: BenchSite, step: (message: string) => void) {
  const perRound: Array<{ on: number; off: number; overheadPercent: number }> = [];
  const url = `${site.origin}/about?utm_source=bench&utm_medium=load&utm_campaign=analytics`;
  for (let round = 0; round < rounds; round += 1) {
    const figures = { on: 0, off: 0 };
    for (const setting of round % 2 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      step(`Prerendered page with ANALYTICS=${setting}, round ${round + 1} of ${rounds}`);
      const server = await startServer({
        ...site,
        serverEnv: Object.assign({}, site.serverEnv, { ANALYTICS: setting, TRUST_PROXY: "loopback" }),
      });
      await loadPage(url, warmUpSeconds); // warm-up: the JIT, the connections
      figures[setting] = await loadPage(url);
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    perRound.push({ ...figures, overheadPercent: ((figures.off - figures.on) / figures.off) * 100 });
  }
  const on = median(perRound.map((round) => round.on));
  const off = median(perRound.map((round) => round.off));
  const overheads = perRound.map((round) => round.overheadPercent);
  return {
    perRound,
    on,
    off,
    /** The median of the pairs' own overheads (each pair ran back to back, so drift cancels within it). */
    overheadPercent: median(overheads),
    spread: { min: Math.min(...overheads), max: Math.max(...overheads) },
  };
}

/** Views waiting for one flush: 10 s at this many answers a second (about what one core serves the prerendered page). */
const flushViewsPerSecond = 3_000;
const flushRuns = 5;

/** A browser's navigation as node:http hands it to the server: one of `visitors`, from one of 20 sites, some with a campaign. */
function navigation(index: number) {
  const visitor = index % visitors;
  const campaign = index % 3 ? "" : "?utm_source=bench&utm_medium=load&utm_campaign=analytics";
  return {
    method: "GET",
    url: `/page-${index % 12}${campaign}`,
    headers: {
      host: "www.example.org",
      "user-agent": `${userAgent} visitor/${visitor % 40}`,
      accept: "text/html,application/xhtml+xml",
      "sec-fetch-dest": "document",
      referer: `https://site-${visitor % 20}.example/`,
      "x-forwarded-for": `198.51.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
    },
    socket: { remoteAddress: "127.0.0.1" },
  } as unknown as IncomingMessage;
}

/**
 * The flush's own cost in this process, on SQLite: 10 s of views (at flushViewsPerSecond) counted
 * as the server counts them, then flushed; the median of flushRuns flushes: its time from start
 * to end (the database's writes included), per view, and the longest the event loop was held
 * (what a request arriving during the flush waits at most).
 */
async function benchFlush(work: string, step: (message: string) => void) {
  const dataDir = path.join(work, "analytics-flush");
  mkdirSync(dataDir, { recursive: true });
  const database = openDatabase({ dataDir });
  const count = startCountingViews({ enabled: true, trusted: () => true, siteUrl: "https://www.example.org" });
  const views = flushViewsPerSecond * 10;
  const requests = Array.from({ length: 1_000 }, (_, index) => navigation(index));
  const runs: Array<{ ms: number; holdMs: number }> = [];
  try {
    await migrateToLatest(database.db, database.engine);
    for (let run = 0; run <= flushRuns; run += 1) {
      step(`Page views flush: ${views.toLocaleString("en")} views, run ${run + 1} of ${flushRuns + 1}`);
      for (let index = 0; index < views; index += 1) {
        const request = requests[index % requests.length] as IncomingMessage;
        count(request, (request.url as string).split("?")[0] as string, false);
      }
      // The longest gap between two turns of the event loop while the flush runs: a ticker that
      // asks for the next turn at once, as a request waiting to be answered would.
      let ticking = true;
      let last = performance.now();
      let holdMs = 0;
      const tick = () => {
        const at = performance.now();
        holdMs = Math.max(holdMs, at - last);
        last = at;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const started = performance.now();
      const flushed = await flushViews(database.db);
      const ms = performance.now() - started;
      ticking = false;
      holdMs = Math.max(holdMs, performance.now() - last);
      if (flushed !== views || waitingViews() !== 0) throw new Error(`The flush wrote ${flushed} of ${views} views`);
      // The first run warms the JIT and creates the day's salt.
      if (run > 0) runs.push({ ms, holdMs });
    }
  } finally {
    await database.db.destroy();
  }
  const ms = median(runs.map((run) => run.ms));
  return {
    viewsPerFlush: views,
    ms,
    microsecondsPerView: (ms * 1000) / views,
    longestHoldMs: median(runs.map((run) => run.holdMs)),
    /** The share of one core the flush takes at flushViewsPerSecond (one flush per 10 s). */
    corePercent: (ms / 10_000) * 100,
  };
}

/** A million page views over 91 days: per day 11,000 views by 5,000 visitors over 30 pages, 60 referring sites, 15 campaigns, 3 devices. */
async function seedViews(db: Kysely<Schema>, today: string) {
  const perDay = Math.ceil(analyticsTargets.pageViews / 91);
  const rows: Schema["analytics_views"][] = [];
  let total = 0;
  const flush = async () => {
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto("analytics_views")
        .values(rows.slice(start, start + 500))
        .execute();
    rows.length = 0;
  };
  for (let back = 90; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    for (let views = 0, visitor = 0; views < perDay; visitor += 1) {
      const count = 1 + (visitor % 3);
      rows.push({
        day,
        visitor: `v${visitor % 5000}`,
        path: `/page-${visitor % 30}`,
        referrer: visitor % 4 ? null : `site-${visitor % 60}.example`,
        source: visitor % 9 ? null : `source-${visitor % 15}`,
        medium: visitor % 9 ? null : "email",
        campaign: visitor % 9 ? null : `campaign-${visitor % 15}`,
        device: ["mobile", "desktop", "tablet"][visitor % 3] as string,
        views: count,
      });
      views += count;
      total += count;
    }
    if (rows.length > 20_000) await flush();
  }
  await flush();
  return total;
}

/** The dashboard's queries for the last 90 days (as its loader runs them), median of 10, at a million page views. */
async function benchDashboard(work: string, step: (message: string) => void) {
  const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  const results: Array<{ engine: Engine; pageViews: number; rollupSeconds: number; dashboardMs: number }> = [];
  const now = new Date(epochMs());
  const today = dayOf(now.getTime());
  for (const engine of engines) {
    const dataDir = path.join(work, `analytics-${engine}`);
    mkdirSync(dataDir, { recursive: true });
    const postgres = engine === "postgres" ? await createPostgresDatabase() : null;
    const database = openDatabase({ dataDir, databaseUrl: postgres?.url });
    try {
      await migrateToLatest(database.db, database.engine);
      step(`Dashboard on ${engine}: seeding a million page views`);
      const pageViews = await seedViews(database.db, today);
      const started = performance.now();
      await purgeAnalytics(database.db, { now, keepMonths: 25 });
      const rollupSeconds = (performance.now() - started) / 1000;
      if (engine === "postgres") await sql`analyze`.execute(database.db);
      const from = addDays(today, -89);
      const times: number[] = [];
      for (let run = 0; run < 11; run += 1) {
        const begun = performance.now();
        await Promise.all([
          dashboardFigures(database.db, { from, to: today }),
          replyWeeks(database.db, { from, to: today, now }),
        ]);
        if (run > 0) times.push(performance.now() - begun);
      }
      results.push({ engine, pageViews, rollupSeconds, dashboardMs: median(times) });
    } finally {
      await database.db.destroy();
      await postgres?.drop();
    }
  }
  return results;
}

export async function benchAnalytics({
  site,
  step,
  counting = true,
}: {
  site: BenchSite;
  step: (message: string) => void;
  counting?: boolean;
}) {
  return {
    flush: await benchFlush(site.work, step),
    counting: counting ? await benchCounting(site, step) : null,
    dashboard: await benchDashboard(site.work, step),
  };
}

export type AnalyticsBench = Awaited<ReturnType<typeof benchAnalytics>>;

export function printAnalytics({ flush, counting, dashboard }: AnalyticsBench) {
  console.log("\nAnalytics");
  console.log(
    `  flush (in process, SQLite): ${flush.viewsPerFlush.toLocaleString("en")} views in ${flush.ms.toFixed(1)} ms, ` +
      `${flush.microsecondsPerView.toFixed(2)} µs a view, the event loop held ${flush.longestHoldMs.toFixed(1)} ms at most; ` +
      `${flush.corePercent.toFixed(2)} % of a core at ${flushViewsPerSecond.toLocaleString("en")} views/s`,
  );
  if (counting) {
    for (const [index, round] of counting.perRound.entries())
      console.log(
        `  round ${index + 1} (${index % 2 ? "off, on" : "on, off"}; ${seconds} s each): ${Math.round(round.on)} req/s counting, ${Math.round(round.off)} without: ${round.overheadPercent.toFixed(1)} %`,
      );
    console.log(
      `  counting costs the prerendered fast path ${counting.overheadPercent.toFixed(1)} % (median of ${counting.perRound.length} pairs; from ${counting.spread.min.toFixed(1)} to ${counting.spread.max.toFixed(1)} %)`,
    );
  }
  for (const result of dashboard)
    console.log(
      `  ${result.engine}: ${result.pageViews.toLocaleString("en")} page views rolled up in ${result.rollupSeconds.toFixed(1)} s; the dashboard's 90 days in ${result.dashboardMs.toFixed(1)} ms`,
    );
}

export function analyticsChecks({ counting, dashboard }: AnalyticsBench): Array<[string, boolean | null]> {
  return [
    [
      `counting adds less than ${analyticsTargets.countingOverheadPercent} % to the prerendered fast path`,
      // Shown only when every pair is under the target; a median under it with pairs over it (a
      // host whose throughput swings between runs) is no evidence either way: "–".
      !counting
        ? null
        : counting.spread.max < analyticsTargets.countingOverheadPercent
          ? true
          : counting.overheadPercent >= analyticsTargets.countingOverheadPercent
            ? false
            : null,
    ],
    ...dashboard.map((result): [string, boolean] => [
      `the analytics dashboard answers within ${analyticsTargets.dashboardMs} ms at a million page views (${result.engine})`,
      result.dashboardMs < analyticsTargets.dashboardMs,
    ]),
  ];
}
