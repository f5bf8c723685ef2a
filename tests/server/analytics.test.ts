import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { dashboardFigures } from "#app/analytics/dashboard.server.ts";
import { flushViews, startCountingViews, waitingCombinations, waitingViews } from "#app/analytics/page-views.server.ts";
import { mergeDayTallies, mergeTalliesAt, purgeAnalytics } from "#app/analytics/rollup.server.ts";
import { dayBatch, keptValues, otherValue } from "#app/analytics/tallies.ts";
import { openDatabase } from "#app/platform/db.server.ts";
import { migrateTo, migrateToLatest } from "#app/platform/migrations.server.ts";
import { now, startClockAt } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import { createPostgresDatabase, engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { browserOf } from "#server/browsers.ts";
import { storedFigures } from "#tests/helpers/stored-tallies.ts";

// Counting page views without personal data (issue 34), on both engines: what a view keeps, who
// is not counted, what starts a visit (decision 042), counts added up across instances, the
// rollup into daily totals inside the purge, what the purge deletes, and the bounds on what is
// stored whatever is sent (decision 048).

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A browser's navigation, as node:http hands it to the server. */
function visit(
  url: string,
  {
    address = "203.0.113.7",
    userAgent = chrome,
    headers = {} as Record<string, string | undefined>,
    method = "GET",
  } = {},
) {
  return {
    method,
    url,
    headers: {
      host: "www.example.org",
      "user-agent": userAgent,
      accept: "text/html,application/xhtml+xml",
      "sec-fetch-dest": "document",
      ...headers,
    },
    socket: { remoteAddress: address },
  } as unknown as IncomingMessage;
}

const count = startCountingViews({ enabled: true, siteUrl: "https://www.example.org" });
const pathOf = (url: string) => url.split("?")[0] as string;
/** A view as the server counts it: its browser known by the User-Agent (none without one). */
const view = (url: string, options?: Parameters<typeof visit>[1]) => {
  const request = visit(url, options);
  const userAgent = request.headers["user-agent"];
  count(request, pathOf(url), userAgent ? browserOf(userAgent) : undefined);
};

/** Every text the analytics tables hold. */
async function storedTexts(database: TestDatabase) {
  const tables = ["analytics_tallies", "analytics_daily"] as const;
  const rows = (await Promise.all(tables.map((table) => database.db.selectFrom(table).selectAll().execute()))).flat();
  return rows.flatMap((row) => Object.values(row).map(String));
}

/** The rows the flushes wrote. */
const tallyRows = (database: TestDatabase) =>
  database.db.selectFrom("analytics_tallies").select(["day", "tallies"]).execute();

async function addSubmission(
  database: TestDatabase,
  {
    kind,
    createdAt,
    status = "received",
    job = null,
    source,
  }: {
    kind: "contact" | "application" | "meeting";
    createdAt: string;
    status?: "received" | "spam";
    job?: string | null;
    source?: string;
  },
) {
  await database.db
    .insertInto("submissions")
    .values({
      id: newId(),
      kind,
      status,
      created_at: createdAt,
      job_slug: job,
      fields: JSON.stringify({ name: "Ann Example", email: "ann@example.com", source }),
      spam_reason: null,
      form_key: null,
      note: null,
      search_text: null,
    })
    .execute();
}

describe.each(engines)("page views on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    startClockAt(new Date(Date.now()));
    await flushViews(database.db);
    await database.cleanup();
  });

  test("a person's views count with their page, referring site, campaign and device; no address, User-Agent or query is kept", async () => {
    const campaign = "/about?utm_source=Newsletter&utm_medium=email&utm_campaign=spring&email=ann%40example.com";
    view(campaign);
    view(campaign);
    view("/features", {
      address: "198.51.100.4",
      userAgent: iphone,
      headers: { referer: "https://www.news.example/item/1" },
    });
    // Moving between the site's own pages names no source.
    view("/careers", { headers: { referer: "https://www.example.org/about" } });
    // A form and its confirmation after the post: one view of the form, not two.
    view("/contact");
    view("/contact?sent=1", { headers: { referer: "https://www.example.org/contact" } });
    // Not counted: a crawler, a probe that is not a navigation (a health check, a test's fetch),
    // a request without a User-Agent, a prefetch (an older browser's too), a HEAD.
    view("/about", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    view("/about", { headers: { "sec-fetch-dest": undefined, accept: "*/*" } });
    view("/about", { headers: { "sec-fetch-dest": "empty" } });
    view("/about", { userAgent: "" });
    view("/about", { headers: { "sec-purpose": "prefetch" } });
    view("/about", { headers: { "sec-fetch-dest": undefined, purpose: "prefetch" } });
    view("/about", { method: "HEAD" });
    expect(waitingViews()).toBe(6);

    const today = now().toISOString().slice(0, 10);
    const figures = await dashboardFigures(database.db, { from: today, to: today, fresh: true });
    // A visit starts wherever a page is opened from outside the site (the campaign's link twice,
    // another site, the address typed); the page opened from the site's own is a view of one.
    expect(figures.views).toBe(5);
    expect(figures.visits).toBe(4);
    expect(figures.pages).toEqual([
      { value: "/about", views: 2, visits: 2 },
      { value: "/careers", views: 1, visits: 0 },
      { value: "/contact", views: 1, visits: 1 },
      { value: "/features", views: 1, visits: 1 },
    ]);
    expect(figures.referrers).toEqual([{ value: "news.example", views: 1, visits: 1 }]);
    expect(figures.campaigns).toEqual([
      expect.objectContaining({ source: "newsletter", medium: "email", campaign: "spring", views: 2, visits: 2 }),
    ]);
    expect(figures.devices).toEqual([
      { value: "desktop", views: 4, visits: 3 },
      { value: "mobile", views: 1, visits: 1 },
    ]);

    const texts = (await storedTexts(database)).join("\n");
    for (const personal of ["203.0.113.7", "198.51.100.4", "Chrome/131", "iPhone", "ann", "example.com", "item/1"])
      expect(texts).not.toContain(personal);
  });

  test("views and visits add up across instances and flushes, day by day", async () => {
    const fromOwnPage = { headers: { referer: "https://www.example.org/about" } };
    startClockAt(new Date("2030-03-01T12:00:00Z"));
    view("/about", { headers: { referer: "https://search.example/?q=interviews" } });
    view("/features", fromOwnPage);
    await flushViews(database.db);
    // Another instance, later that day: the same visitor (their address and browser) starts another visit.
    view("/about");
    await flushViews(database.db);
    // A visit that goes on past midnight: the next day's first view is not a visit.
    startClockAt(new Date("2030-03-01T23:59:00Z"));
    view("/careers", fromOwnPage);
    startClockAt(new Date("2030-03-02T00:01:00Z"));
    view("/contact", { headers: { referer: "https://www.example.org/careers" } });
    await flushViews(database.db);
    expect(await tallyRows(database)).toHaveLength(4);

    // Another instance that day: two visits to /features from outside, one view from another page.
    view("/features");
    view("/features");
    view("/features", fromOwnPage);
    await flushViews(database.db);

    const both = await dashboardFigures(database.db, { from: "2030-03-01", to: "2030-03-02" });
    expect(both.days).toEqual([
      { day: "2030-03-01", views: 4, visits: 2 },
      { day: "2030-03-02", views: 4, visits: 2 },
    ]);
    expect(both.pages).toEqual([
      { value: "/features", views: 4, visits: 2 },
      { value: "/about", views: 2, visits: 2 },
      { value: "/careers", views: 1, visits: 0 },
      { value: "/contact", views: 1, visits: 0 },
    ]);
    expect(both.referrers).toEqual([{ value: "search.example", views: 1, visits: 1 }]);
    // Rolled up by the purge, the same figures.
    await purgeAnalytics(database.db, { now: new Date("2030-03-03T01:00:00Z"), keepMonths: 25 });
    expect((await dashboardFigures(database.db, { from: "2030-03-01", to: "2030-03-02" })).days).toEqual(both.days);
  });

  test("a view after midnight counts on the new day, with no flush or clock change in between", async () => {
    startClockAt(new Date("2030-04-01T23:59:59.700Z"));
    view("/about");
    // The clock passes midnight 300 ms on.
    await new Promise((resolve) => setTimeout(resolve, 600));
    view("/features");
    await flushViews(database.db);
    const rows = await tallyRows(database);
    const pages = (day: string) =>
      storedFigures(rows.filter((row) => row.day === day)).figure("total", "") ?? { views: 0, visits: 0 };
    expect(rows.map((row) => row.day).sort()).toEqual(["2030-04-01", "2030-04-02"]);
    expect(pages("2030-04-01")).toEqual({ views: 1, visits: 1 });
    expect(pages("2030-04-02")).toEqual({ views: 1, visits: 1 });
  });

  test("views are added up as they are counted: memory holds each combination once, whoever viewed it; a flush writes one row a day", async () => {
    const people = ["203.0.113.1", "203.0.113.2", "203.0.113.3"];
    // Opened from outside (visits), and the campaign's page from the site's own (views of one).
    for (let index = 0; index < 3_000; index += 1)
      view(
        index % 2 ? "/about" : "/features?utm_source=feed",
        index % 2
          ? { address: people[index % 3] as string }
          : { address: people[index % 3] as string, headers: { referer: "https://www.example.org/about" } },
      );
    // Two pages of one referring site: two combinations in memory, one row (the site's host).
    view("/about", { address: "203.0.113.9", headers: { referer: "https://news.example/a" } });
    view("/about", { address: "203.0.113.9", headers: { referer: "https://www.news.example/b" } });
    expect(waitingViews()).toBe(3_002);
    expect(waitingCombinations()).toBe(2 + 2);
    expect(await flushViews(database.db)).toBe(3_002);
    expect(waitingViews()).toBe(0);
    expect(waitingCombinations()).toBe(0);
    // One row for the day, whatever the number of visitors: per page, site, campaign and device,
    // the views and the visits.
    const rows = await tallyRows(database);
    expect(rows).toHaveLength(1);
    const { figure } = storedFigures(rows);
    expect(figure("total", "")).toEqual({ views: 3_002, visits: 1_502 });
    expect(figure("page", "/about")).toEqual({ views: 1_502, visits: 1_502 });
    expect(figure("page", "/features")).toEqual({ views: 1_500, visits: 0 });
    expect(figure("campaign", JSON.stringify(["feed", "", ""]))).toEqual({ views: 1_500, visits: 0 });
    expect(figure("referrer", "news.example")).toEqual({ views: 2, visits: 2 });
  });

  test("a page's many campaign addresses are each counted apart, past the few compared in turn", async () => {
    // Twenty campaigns linking to one page from one site: the first few addresses are compared
    // in turn, the others looked up by hash; every one is counted, as many times as it was viewed.
    const campaign = (index: number) => `/about?utm_source=mail&utm_campaign=issue-${index}`;
    for (let index = 0; index < 20; index += 1)
      for (let time = 0; time <= index; time += 1)
        view(campaign(index), { headers: { referer: "https://news.example/" } });
    expect(waitingViews()).toBe((20 * 21) / 2);
    expect(waitingCombinations()).toBe(20);
    await flushViews(database.db);
    const { figure } = storedFigures(await tallyRows(database));
    for (let index = 0; index < 20; index += 1)
      expect(figure("campaign", JSON.stringify(["mail", "", `issue-${index}`]))).toEqual({
        views: index + 1,
        visits: index + 1,
      });
    expect(figure("referrer", "news.example")).toEqual({ views: 210, visits: 210 });
  });

  test("a long flush lets the requests in between", async () => {
    // 3,000 referring sites, each a combination of its own.
    for (let index = 0; index < 3_000; index += 1)
      view("/about", { headers: { referer: `https://site-${index}.example/` } });
    let turns = 0;
    let flushing = true;
    const tick = () => {
      turns += 1;
      if (flushing) setImmediate(tick);
    };
    setImmediate(tick);
    expect(await flushViews(database.db)).toBe(3_000);
    flushing = false;
    // The event loop turned between the flush's slices (a request waiting is answered there).
    expect(turns).toBeGreaterThanOrEqual(2);
    const figures = await dashboardFigures(database.db, {
      from: now().toISOString().slice(0, 10),
      to: now().toISOString().slice(0, 10),
    });
    expect(figures.views).toBe(3_000);
    expect(figures.visits).toBe(3_000);
    const { figure } = storedFigures(await tallyRows(database));
    // A flush keeps the first keptValues sites met among equals, the others in one (decision 048).
    expect(figure("referrer", "site-0.example")).toEqual({ views: 1, visits: 1 });
    expect(figure("referrer", `site-${keptValues - 1}.example`)).toEqual({ views: 1, visits: 1 });
    expect(figure("referrer", `site-${keptValues}.example`)).toBeUndefined();
    expect(figure("referrer", otherValue)).toEqual({ views: 3_000 - keptValues, visits: 3_000 - keptValues });
  });

  test("150,000 distinct referrers, campaigns and pages in a day: at most keptValues + 1 of each in every stored row and in the day's totals, every view still counted", async () => {
    startClockAt(new Date("2030-06-01T08:00:00Z"));
    const distinct = 150_000;
    let popular = 0;
    for (let index = 0; index < distinct; index += 1) {
      view(`/made-up-${index}?utm_source=s${index}&utm_campaign=c${index}`, {
        headers: { referer: `https://r${index}.example/` },
      });
      // A real referring site among them, a view in every 300.
      if (index % 300 === 0) {
        view("/about", { headers: { referer: "https://search.example/" } });
        popular += 1;
      }
      // As the server does once this many combinations wait (earlyFlushAt).
      if (waitingCombinations() >= 10_000) await flushViews(database.db);
    }
    await flushViews(database.db);
    const rows = await tallyRows(database);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const row of rows) {
      const { values } = JSON.parse(row.tallies) as { values: Record<string, string[]> };
      for (const dimension of ["page", "referrer", "campaign", "device"])
        expect(values[dimension]?.length, dimension).toBeLessThanOrEqual(keptValues + 1);
    }
    const today = await dashboardFigures(database.db, { from: "2030-06-01", to: "2030-06-01" });
    expect(today.views).toBe(distinct + popular);
    expect(today.visits).toBe(distinct + popular);
    expect(today.referrers[0]).toEqual({ value: "search.example", views: popular, visits: popular });

    await purgeAnalytics(database.db, { now: new Date("2030-06-02T03:00:00Z"), keepMonths: 25 });
    const daily = await database.db
      .selectFrom("analytics_daily")
      .select(["dimension", "value", "views"])
      .where("day", "=", "2030-06-01")
      .execute();
    for (const dimension of ["page", "referrer", "campaign"] as const) {
      const ofDimension = daily.filter((row) => row.dimension === dimension);
      expect(ofDimension, dimension).toHaveLength(keptValues + 1);
      // Every view is in one of the rows: the kept values' and the others' (the search's views have no campaign).
      expect(ofDimension.reduce((sum, row) => sum + Number(row.views), 0)).toBe(
        dimension === "campaign" ? distinct : distinct + popular,
      );
      expect(ofDimension.filter((row) => row.value === otherValue)).toHaveLength(1);
    }
    expect(daily.filter((row) => row.dimension === "total").map((row) => Number(row.views))).toEqual([
      distinct + popular,
    ]);
    const rolled = await dashboardFigures(database.db, { from: "2030-06-01", to: "2030-06-01" });
    expect(rolled.referrers[0]).toEqual(today.referrers[0]);
    expect(rolled.referrers).toHaveLength(20);
    expect(rolled.referrers.some((row) => row.value === otherValue)).toBe(false);
  });

  test("a day's many flushes are merged into one pre-summed row with the same figures; a day with few is left", async () => {
    startClockAt(new Date("2030-06-01T08:00:00Z"));
    for (let flush = 0; flush < mergeTalliesAt + 20; flush += 1) {
      view(`/page-${flush % 7}`, { headers: { referer: `https://site-${flush % 5}.example/` } });
      view(`/page-${flush % 3}?utm_source=news&utm_campaign=c${flush % 4}`, { userAgent: iphone });
      view("/about", { headers: { referer: "https://www.example.org/features" } });
      await flushViews(database.db);
    }
    startClockAt(new Date("2030-06-02T08:00:00Z"));
    view("/about");
    await flushViews(database.db);
    const range = { from: "2030-06-01", to: "2030-06-02" };
    const before = await dashboardFigures(database.db, range);
    expect(before.views).toBe(3 * (mergeTalliesAt + 20) + 1);

    expect(await mergeDayTallies(database.db, database.engine)).toBe(mergeTalliesAt + 20);
    const rows = await tallyRows(database);
    expect(rows.map((row) => row.day).sort()).toEqual(["2030-06-01", "2030-06-02"]);
    expect(await dashboardFigures(database.db, range)).toEqual(before);
    // Nothing left to merge; the rollup reads the merged row as it read the flushes'.
    expect(await mergeDayTallies(database.db, database.engine)).toBe(0);
    await purgeAnalytics(database.db, { now: new Date("2030-06-03T03:00:00Z"), keepMonths: 25 });
    expect(await dashboardFigures(database.db, range)).toEqual(before);
  });

  test("long values are cut: a page's path at 200 characters, a referring site at 100, a campaign's part at 100", async () => {
    startClockAt(new Date("2030-06-01T08:00:00Z"));
    const long = "x".repeat(5000);
    view(`/${long}?utm_source=${long}&utm_medium=${long}&utm_campaign=${long}`, {
      headers: { referer: `https://${"y".repeat(60)}.${"z".repeat(60)}.${"w".repeat(60)}.example/${long}` },
    });
    await flushViews(database.db);
    const figures = await dashboardFigures(database.db, { from: "2030-06-01", to: "2030-06-01" });
    expect(figures.pages[0]?.value).toBe(`/${"x".repeat(199)}`);
    expect(figures.referrers[0]?.value).toHaveLength(100);
    expect(figures.campaigns[0]).toMatchObject({
      source: "x".repeat(100),
      medium: "x".repeat(100),
      campaign: "x".repeat(100),
    });
    expect(Math.max(...(await storedTexts(database)).map((text) => text.length))).toBeLessThan(1000);
  });

  test("the purge rolls the days over into totals with the forms' submissions, deletes their views after a few days and the totals after the months kept", async () => {
    const at = (day: string, time = "10:00:00") => `${day}T${time}.000Z`;
    const days = ["2030-05-01", "2030-05-05", "2030-05-06"];
    // A visit's first view opened from outside the site, the others from its pages.
    const viewsOn = async (day: string, path: string, count: number) => {
      startClockAt(new Date(at(day)));
      view(path);
      for (let index = 1; index < count; index += 1)
        view(path, { headers: { referer: "https://www.example.org/careers" } });
      await flushViews(database.db);
    };
    // The first day: two visits to /contact, one from a search, and two views from the site's pages.
    startClockAt(new Date(at(days[0] as string)));
    view("/contact", { headers: { referer: "https://search.example/" } });
    await flushViews(database.db);
    await viewsOn(days[0] as string, "/contact", 3);
    await viewsOn(days[1] as string, "/contact", 2);
    await viewsOn(days[1] as string, "/careers/senior-engineer/apply", 4);
    await viewsOn(days[2] as string, "/contact", 1);
    await addSubmission(database, { kind: "contact", createdAt: at(days[0] as string), source: "A podcast." });
    await addSubmission(database, { kind: "contact", createdAt: at(days[0] as string), status: "spam" });
    await addSubmission(database, { kind: "contact", createdAt: at(days[1] as string), source: "a  Podcast" });
    await addSubmission(database, { kind: "application", createdAt: at(days[1] as string), job: "senior-engineer" });
    await addSubmission(database, { kind: "meeting", createdAt: at(days[2] as string) });
    // Totals older than the months kept.
    await database.db
      .insertInto("analytics_daily")
      .values({ day: "2028-01-01", dimension: "total", value: "", views: 9, visits: 9 })
      .execute();

    const before = await dashboardFigures(database.db, { from: "2030-05-01", to: "2030-05-06" });
    const line = await purgeAnalytics(database.db, { now: new Date(at("2030-05-06", "03:00:00")), keepMonths: 25 });
    // The first day's two rows deleted; the days after it kept a little longer.
    expect(line).toBe("Analytics: 2 days rolled up, 2 view rows and 1 old totals deleted");
    // Run again (another instance, or the next day's run cut short): nothing is counted twice.
    await purgeAnalytics(database.db, { now: new Date(at("2030-05-06", "04:00:00")), keepMonths: 25 });

    const totals = await database.db
      .selectFrom("analytics_daily")
      .select(["day", "views", "visits"])
      .where("dimension", "=", "total")
      .orderBy("day")
      .execute();
    expect(totals.map((row) => [row.day, Number(row.views), Number(row.visits)])).toEqual([
      ["2030-05-01", 4, 2],
      ["2030-05-05", 6, 2],
    ]);
    const left = await database.db.selectFrom("analytics_tallies").select("day").distinct().orderBy("day").execute();
    expect(left.map((row) => row.day)).toEqual(["2030-05-05", "2030-05-06"]);

    const after = await dashboardFigures(database.db, { from: "2030-05-01", to: "2030-05-06" });
    expect(after).toEqual(before);
    expect(after.views).toBe(11);
    expect(after.funnels.filter((funnel) => funnel.views || funnel.submissions)).toEqual([
      expect.objectContaining({ form: "contact", path: "/contact", views: 7, submissions: 2 }),
      expect.objectContaining({ form: "meeting", views: 0, submissions: 1 }),
      expect.objectContaining({
        form: "application",
        posting: "senior-engineer",
        path: "/careers/senior-engineer/apply",
        views: 4,
        submissions: 1,
      }),
    ]);
    expect(after.heard).toEqual([{ answer: "a podcast", count: 2 }]);
  });
});

describe.each(engines)("migration 0023 on %s", (engine) => {
  test("drops the first week's views table and the rows with visitors' marks; today's rows stay as they read", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-test-"));
    const postgres = engine === "postgres" ? await createPostgresDatabase() : null;
    const { db } = openDatabase({ dataDir, databaseUrl: postgres?.url });
    try {
      await migrateTo(db, engine, "0021-analytics-visits");
      // A row as the release before writes it, and one with visitors' marks (before decision 042).
      const current = dayBatch(1);
      current.add(3, 2, current.index("page", "/about"), -1, -1, current.index("device", "desktop"));
      const marks = Buffer.from(new Int32Array([2, 7, 0, -1, -1, 0]).buffer).toString("base64");
      const older = JSON.stringify({
        values: { page: ["/about"], referrer: [], campaign: [], device: ["desktop"] },
        records: marks,
      });
      await db
        .insertInto("analytics_tallies")
        .values([
          { day: "2030-03-02", tallies: current.stored() },
          { day: "2030-03-02", tallies: older },
        ])
        .execute();
      await migrateToLatest(db, engine);
      const rows = await db.selectFrom("analytics_tallies").select(["day", "tallies"]).execute();
      expect(rows).toEqual([{ day: "2030-03-02", tallies: current.stored() }]);
      expect(storedFigures(rows).figure("page", "/about")).toEqual({ views: 3, visits: 2 });
      await expect(sql`select count(*) from analytics_views`.execute(db)).rejects.toThrow();
    } finally {
      await db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
