// The analytics' costs (issue 34): what counting adds to the prerendered pages' fast path, as
// CPU time, which a busy shared host does not fake the way it fakes requests per second: the
// counting's own CPU time per view in this process (counting 10 s of views, and its flush),
// against the server's CPU time per answer of the prerendered page; and the production server
// under load, ANALYTICS=on against ANALYTICS=off in ABBA order, each run 30 s so that it holds
// three whole flushes, every request a browser's navigation from one of 200 visitors: the
// server process's own CPU time per answer (all its threads, from /proc), and its requests per
// second (a secondary row: on a shared host they swing far more than the target). Also the
// flush's time and the longest it holds the event loop, and the dashboard's answer at a million
// page views (90 days of views rolled up by the purge, today's still raw, on SQLite, and
// PostgreSQL too when TEST_DATABASE_URL is set). `npm run bench -- analytics` runs this alone.
// docs/performance.md says how to read it.
import { mkdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import autocannon from "autocannon";
import { type Kysely, sql } from "kysely";
import { dashboardFigures } from "#app/analytics/dashboard.server.ts";
import { addDays, dayOf } from "#app/analytics/days.ts";
import {
  earlyFlushAt,
  flushViews,
  startCountingViews,
  waitingCombinations,
  waitingViews,
} from "#app/analytics/page-views.server.ts";
import { mergeDayTallies, purgeAnalytics } from "#app/analytics/rollup.server.ts";
import { epochMs, startClockAt } from "#app/platform/clock.ts";
import { type Engine, openDatabase, type Schema } from "#app/platform/db.server.ts";
import { migrateToLatest } from "#app/platform/migrations.server.ts";
import { replyWeeks } from "#app/workspace/inbox/reply-promise.server.ts";
import { createPostgresDatabase } from "#tests/helpers/databases.ts";
import { browserOf } from "#server/browsers.ts";
import { type BenchSite, median, processCpuMs, startServer } from "./harness.ts";

export const analyticsTargets = { countingOverheadPercent: 2, dashboardMs: 100, pageViews: 1_000_000 };

/** Pairs of runs, the order swapped each pair (on-off, off-on, …: ABBA). */
const rounds = 6;
/** Three flush periods (page-views.server.ts flushes every 10 s): whatever the phase, each run holds three flushes. */
const seconds = 30;
const warmUpSeconds = 5;
const visitors = 200;
const userAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/**
 * A load run on a prerendered page, each request a navigation by one of `visitors` (their address
 * through the trusted proxy): its requests per second, and the server's CPU time per answer.
 */
async function loadPage(url: string, pid: number, duration = seconds) {
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
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({ url, connections: 50, duration, requests });
  const cpuMs = processCpuMs(pid) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    /** The server's CPU time per answer (µs): the counting and its flushes included, whatever the host's load. */
    cpuMicroseconds: (cpuMs * 1000) / result["2xx"],
    load: loadavg()[0] as number,
  };
}

type Run = Awaited<ReturnType<typeof loadPage>>;
/** A pair's own overhead, in %: how much more (CPU time) or less (requests/s) the run counting took. */
const overheads = (pairs: Array<{ on: Run; off: Run }>) => {
  const summary = (values: number[]) => ({
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
  });
  return {
    cpu: summary(pairs.map(({ on, off }) => ((on.cpuMicroseconds - off.cpuMicroseconds) / off.cpuMicroseconds) * 100)),
    throughput: summary(
      pairs.map(({ on, off }) => ((off.requestsPerSecond - on.requestsPerSecond) / off.requestsPerSecond) * 100),
    ),
  };
};

/** The fast path with counting on and off, in turns (the order swapped each round), on the built site. */
async function benchCounting(site: BenchSite, step: (message: string) => void) {
  const perRound: Array<{ on: Run; off: Run }> = [];
  const url = `${site.origin}/about?utm_source=bench&utm_medium=load&utm_campaign=analytics`;
  for (let round = 0; round < rounds; round += 1) {
    const figures: Partial<Record<"on" | "off", Run>> = {};
    for (const setting of round % 2 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      step(`Prerendered page with ANALYTICS=${setting}, round ${round + 1} of ${rounds}`);
      const server = await startServer({
        ...site,
        serverEnv: Object.assign({}, site.serverEnv, { ANALYTICS: setting, TRUST_PROXY: "loopback" }),
      });
      await loadPage(url, server.pid as number, warmUpSeconds); // warm-up: the JIT, the connections
      const run = await loadPage(url, server.pid as number);
      figures[setting] = run;
      console.log(
        `  ${run.cpuMicroseconds.toFixed(1)} µs of the server's CPU an answer, ${Math.round(run.requestsPerSecond)} req/s, load ${run.load.toFixed(1)}`,
      );
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    perRound.push(figures as { on: Run; off: Run });
  }
  return {
    perRound,
    /** The server's CPU time per answer without counting (µs), the median of the runs: what a share of it is taken of. */
    offCpuMicroseconds: median(perRound.map((round) => round.off.cpuMicroseconds)),
    /** Each pair ran back to back, so a drift cancels within it: the median of the pairs' own overheads, and their spread. */
    ...overheads(perRound),
  };
}

/**
 * Views waiting for one flush: 10 s at this many answers a second (what this host's server
 * answered of the prerendered page under the load run, 13k–23k, in round numbers; and before
 * session 15 the most views the list in memory took).
 */
const flushViewsPerSecond = 10_000;
const flushRuns = 5;

/** A string with the same characters as `text` but its own, never hashed yet: as node:http makes each header's per request. */
const fresh = (text: string) => Buffer.from(text, "latin1").toString("latin1");

/** A browser's navigation as node:http hands it to the server: one of `visitors`, from one of 20 sites, some with a campaign. */
function navigation(index: number) {
  const visitor = index % visitors;
  const campaign = index % 3 ? "" : "?utm_source=bench&utm_medium=load&utm_campaign=analytics";
  return {
    method: "GET",
    url: fresh(`/page-${index % 12}${campaign}`),
    headers: {
      host: fresh("www.example.org"),
      "user-agent": fresh(`${userAgent} visitor/${visitor % 40}`),
      accept: fresh("text/html,application/xhtml+xml"),
      "sec-fetch-dest": fresh("document"),
      referer: fresh(`https://site-${visitor % 20}.example/`),
      "x-forwarded-for": fresh(`198.51.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`),
    },
    socket: { remoteAddress: "127.0.0.1" },
  } as unknown as IncomingMessage;
}

/** A full garbage collection now (V8's gc(), reached without starting Node with --expose-gc). */
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** This process's CPU time so far (all its threads), in µs. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * The counting's own cost in this process, on SQLite, flushRuns times (after one run that warms
 * the JIT), the median reported: 10 s of views (at
 * flushViewsPerSecond), each a request of its own with header strings never hashed yet, counted
 * as the server counts them, in CPU time (this process's, so the host's other work is not in
 * it), less the same loop calling a function that does nothing (ANALYTICS=off's); then the flush
 * of those views: its CPU time and its time from start to end (the database's writes included),
 * per view, and the longest the event loop was held (what a request arriving during the flush
 * waits at most).
 */
export async function benchFlush(work: string, step: (message: string) => void) {
  const dataDir = path.join(work, "analytics-flush");
  mkdirSync(dataDir, { recursive: true });
  const database = openDatabase({ dataDir });
  const count = startCountingViews({ enabled: true, siteUrl: "https://www.example.org" });
  const notCounting = startCountingViews({ enabled: false, siteUrl: "https://www.example.org" });
  const views = flushViewsPerSecond * 10;
  const runs: Array<{ countCpuUs: number; cpuUs: number; ms: number; holdMs: number }> = [];
  // What the server does with the request anyway before counting (server/prerendered.ts): it
  // asks whether the User-Agent is a crawler's and looks the path up among the pages, which
  // hashes both strings. Counting is what the loop adds to this.
  const pages = new Map(Array.from({ length: 12 }, (_, index) => [`/page-${index}`, index]));
  const countAll = (counter: typeof count, requests: IncomingMessage[], paths: string[]) => {
    collectGarbage(); // what the requests were made of is not the loop's
    const started = cpuNow();
    for (let index = 0; index < requests.length; index += 1) {
      const request = requests[index] as IncomingMessage;
      const path = paths[index] as string;
      if (pages.has(path)) counter(request, path, browserOf(request.headers["user-agent"] as string));
    }
    return cpuNow() - started;
  };
  try {
    await migrateToLatest(database.db, database.engine);
    for (let run = 0; run <= flushRuns; run += 1) {
      step(`Page views counted and flushed: ${views.toLocaleString("en")} views, run ${run + 1} of ${flushRuns + 1}`);
      const baseline = Array.from({ length: views }, (_, index) => navigation(index));
      const baselinePaths = baseline.map((request) => fresh((request.url as string).split("?")[0] as string));
      const notCountingUs = countAll(notCounting, baseline, baselinePaths);
      baseline.length = 0;
      const requests = Array.from({ length: views }, (_, index) => navigation(index));
      const paths = requests.map((request) => fresh((request.url as string).split("?")[0] as string));
      const countCpuUs = countAll(count, requests, paths) - notCountingUs;
      requests.length = 0;
      collectGarbage();
      if (waitingViews() !== views) throw new Error(`${waitingViews()} of ${views} views were counted`);
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
      const cpuStarted = cpuNow();
      const started = performance.now();
      const flushed = await flushViews(database.db);
      const ms = performance.now() - started;
      const cpuUs = cpuNow() - cpuStarted;
      ticking = false;
      holdMs = Math.max(holdMs, performance.now() - last);
      if (flushed !== views || waitingViews() !== 0) throw new Error(`The flush wrote ${flushed} of ${views} views`);
      if (run > 0) runs.push({ countCpuUs, cpuUs, ms, holdMs });
    }
  } finally {
    await database.db.destroy();
  }
  const ms = median(runs.map((run) => run.ms));
  const countNanoseconds = (median(runs.map((run) => run.countCpuUs)) * 1000) / views;
  const flushNanoseconds = (median(runs.map((run) => run.cpuUs)) * 1000) / views;
  return {
    viewsPerFlush: views,
    ms,
    microsecondsPerView: (ms * 1000) / views,
    longestHoldMs: median(runs.map((run) => run.holdMs)),
    /** The share of one core the flush takes at flushViewsPerSecond (one flush per 10 s). */
    corePercent: (ms / 10_000) * 100,
    /** CPU time per view: counting it on the request's path, and its share of the flush. */
    countNanoseconds,
    flushNanoseconds,
  };
}

/** Distinct referring sites made up today, as issue 46's attacker sent them: a view each. */
const floodReferrers = 100_000;

/**
 * A million page views over 91 days, counted and flushed as the server does: per day 11,000 views
 * by 5,000 visitors over 30 pages, 60 referring sites, 15 campaigns, 3 devices. Today's views are
 * flushed two at a time (5,500 rows: as many as a day of flushes every 10 s writes when views
 * arrive all day, merged once a hundred wait as the server's worker merges them), the days before
 * 50 at a time (the rollup reads those once). Today also has
 * 100,000 views from as many made-up referring sites, flushed as the server flushes them (once
 * 10,000 combinations wait): merged as the rest.
 */
async function seedViews(db: Kysely<Schema>, engine: Engine, today: string) {
  // Each flush as the server's worker does it: today's rows merged once a hundred wait.
  const flush = async () => {
    await flushViews(db);
    await mergeDayTallies(db, engine);
  };
  const perDay = Math.ceil(analyticsTargets.pageViews / 91);
  const count = startCountingViews({ enabled: true, siteUrl: "https://www.example.org" });
  const agents = [
    userAgent,
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ];
  let total = 0;
  // The clock is moved to each day and back to the present after.
  const present = epochMs();
  const started = performance.now();
  try {
    for (let back = 90; back >= 0; back -= 1) {
      const day = addDays(today, -back);
      const viewsPerFlush = back === 0 ? 2 : 50;
      startClockAt(new Date(`${day}T12:00:00.000Z`));
      for (let views = 0, visitor = 0; views < perDay; visitor += 1) {
        const campaign =
          visitor % 9
            ? ""
            : `?utm_source=source-${visitor % 15}&utm_medium=email&utm_campaign=campaign-${visitor % 15}`;
        const path = `/page-${visitor % 30}`;
        const request = {
          method: "GET",
          url: `${path}${campaign}`,
          headers: {
            host: "www.example.org",
            "user-agent": agents[visitor % 3],
            accept: "text/html",
            "sec-fetch-dest": "document",
            referer: visitor % 4 ? undefined : `https://site-${visitor % 60}.example/`,
          },
          socket: { remoteAddress: `10.${(visitor % 5000) >> 8}.${visitor % 256}.1` },
        } as unknown as IncomingMessage;
        for (let view = 0; view < 1 + (visitor % 3); view += 1) {
          count(request, path, browserOf(request.headers["user-agent"] as string));
          views += 1;
          total += 1;
          if (waitingViews() >= viewsPerFlush) await flush();
        }
      }
      await flush();
    }
    for (let index = 0; index < floodReferrers; index += 1) {
      const request = {
        method: "GET",
        url: "/",
        headers: {
          host: "www.example.org",
          "user-agent": userAgent,
          accept: "text/html",
          "sec-fetch-dest": "document",
          referer: `https://made-up-${index}.example/`,
        },
      } as unknown as IncomingMessage;
      count(request, "/", browserOf(userAgent));
      total += 1;
      if (waitingCombinations() >= earlyFlushAt) await flush();
    }
    await flush();
  } finally {
    startClockAt(new Date(present + performance.now() - started));
  }
  return total;
}

/** The dashboard's queries for the last 90 days (as its loader runs them), median of 10, at a million page views. */
export async function benchDashboard(work: string, step: (message: string) => void) {
  const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  const results: Array<{
    engine: Engine;
    pageViews: number;
    referrers: number;
    rollupSeconds: number;
    dashboardMs: number;
    cpuMs: number;
    load: number;
  }> = [];
  const now = new Date(epochMs());
  const today = dayOf(now.getTime());
  for (const engine of engines) {
    const dataDir = path.join(work, `analytics-${engine}`);
    mkdirSync(dataDir, { recursive: true });
    const postgres = engine === "postgres" ? await createPostgresDatabase() : null;
    const database = openDatabase({ dataDir, databaseUrl: postgres?.url });
    try {
      await migrateToLatest(database.db, database.engine);
      step(
        `Dashboard on ${engine}: seeding a million page views and ${floodReferrers.toLocaleString("en")} distinct referring sites`,
      );
      const pageViews = await seedViews(database.db, database.engine, today);
      const started = performance.now();
      await purgeAnalytics(database.db, { now, keepMonths: 25 });
      const rollupSeconds = (performance.now() - started) / 1000;
      if (engine === "postgres") await sql`analyze`.execute(database.db);
      const from = addDays(today, -89);
      const times: number[] = [];
      const cpuTimes: number[] = [];
      for (let run = 0; run < 11; run += 1) {
        const begun = performance.now();
        const cpuBefore = process.cpuUsage();
        await Promise.all([
          dashboardFigures(database.db, { from, to: today }),
          replyWeeks(database.db, { from, to: today, now }),
        ]);
        const cpu = process.cpuUsage(cpuBefore);
        if (run > 0) {
          times.push(performance.now() - begun);
          cpuTimes.push((cpu.user + cpu.system) / 1000);
        }
      }
      results.push({
        engine,
        pageViews,
        referrers: floodReferrers,
        rollupSeconds,
        dashboardMs: median(times),
        // This process's CPU time (SQLite's work included, PostgreSQL's not): what a busy host does not inflate.
        cpuMs: median(cpuTimes),
        load: loadavg()[0] as number,
      });
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
  const flush = await benchFlush(site.work, step);
  const fastPath = counting ? await benchCounting(site, step) : null;
  return {
    flush,
    counting: fastPath,
    /**
     * What counting adds to an answer of the prerendered page, in %: its CPU time per view in
     * this process (counting, and its share of the flush), over the server's CPU time per answer
     * without counting. Independent of the load generator and of the host's other work.
     */
    sharePercent: fastPath
      ? ((flush.countNanoseconds + flush.flushNanoseconds) / (fastPath.offCpuMicroseconds * 1000)) * 100
      : null,
    dashboard: await benchDashboard(site.work, step),
  };
}

export type AnalyticsBench = Awaited<ReturnType<typeof benchAnalytics>>;

const percent = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(1)} %`;

export function printAnalytics({ flush, counting, sharePercent, dashboard }: AnalyticsBench) {
  console.log("\nAnalytics");
  console.log(
    `  counting, in process (CPU time): ${flush.countNanoseconds.toFixed(0)} ns a view on the request's path, ` +
      `${flush.flushNanoseconds.toFixed(0)} ns a view in the flush (${flush.viewsPerFlush.toLocaleString("en")} views a flush)`,
  );
  console.log(
    `  flush (in process, SQLite): ${flush.viewsPerFlush.toLocaleString("en")} views in ${flush.ms.toFixed(1)} ms, ` +
      `${flush.microsecondsPerView.toFixed(2)} µs a view, the event loop held ${flush.longestHoldMs.toFixed(1)} ms at most; ` +
      `${flush.corePercent.toFixed(2)} % of a core at ${flushViewsPerSecond.toLocaleString("en")} views/s`,
  );
  if (counting) {
    for (const [index, { on, off }] of counting.perRound.entries())
      console.log(
        `  round ${index + 1} (${index % 2 ? "off, on" : "on, off"}; ${seconds} s each): server CPU ${on.cpuMicroseconds.toFixed(1)} µs an answer counting, ` +
          `${off.cpuMicroseconds.toFixed(1)} without (${percent(((on.cpuMicroseconds - off.cpuMicroseconds) / off.cpuMicroseconds) * 100)}); ` +
          `${Math.round(on.requestsPerSecond)} req/s against ${Math.round(off.requestsPerSecond)}; load ${on.load.toFixed(1)}, ${off.load.toFixed(1)}`,
      );
    console.log(
      `  counting's share of an answer (in-process CPU time per view / the server's CPU time per answer without counting, ${counting.offCpuMicroseconds.toFixed(1)} µs): ${(sharePercent as number).toFixed(2)} %`,
    );
    console.log(
      `  the server's CPU time per answer, counting against not: ${percent(counting.cpu.median)} (median of ${counting.perRound.length} pairs; from ${percent(counting.cpu.min)} to ${percent(counting.cpu.max)})`,
    );
    console.log(
      `  requests per second, counting against not (secondary: the host's load moves them): ${percent(-counting.throughput.median)} (median; from ${percent(-counting.throughput.max)} to ${percent(-counting.throughput.min)})`,
    );
  }
  printDashboard(dashboard);
}

export type DashboardBench = Awaited<ReturnType<typeof benchDashboard>>;

export function printDashboard(dashboard: DashboardBench) {
  for (const result of dashboard)
    console.log(
      `  ${result.engine}: ${result.pageViews.toLocaleString("en")} page views (${result.referrers.toLocaleString("en")} distinct referring sites today) rolled up in ${result.rollupSeconds.toFixed(1)} s; the dashboard's 90 days in ${result.dashboardMs.toFixed(1)} ms (${result.cpuMs.toFixed(1)} ms of this process's CPU time; load ${result.load.toFixed(1)})`,
    );
}

export const dashboardChecks = (dashboard: DashboardBench) =>
  dashboard.map((result): [string, boolean] => [
    `the analytics dashboard answers within ${analyticsTargets.dashboardMs} ms at a million page views and ${result.referrers.toLocaleString("en")} distinct referring sites (${result.engine})`,
    result.dashboardMs < analyticsTargets.dashboardMs,
  ]);

export function analyticsChecks({
  counting,
  sharePercent,
  dashboard,
}: AnalyticsBench): Array<[string, boolean | null]> {
  const target = analyticsTargets.countingOverheadPercent;
  return [
    [
      `counting adds less than ${target} % to the prerendered fast path (CPU time per answer)`,
      // Rests on CPU time, which the host's other work does not fake: met when counting's own
      // share of an answer is under the target and the server's CPU time per answer, measured
      // with and without counting, agrees (the pairs' median under it too); missed when either
      // is over; not shown without /proc.
      !counting || sharePercent === null || !Number.isFinite(counting.cpu.median)
        ? null
        : sharePercent < target && counting.cpu.median < target,
    ],
    ...dashboardChecks(dashboard),
  ];
}
