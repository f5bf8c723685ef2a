import type { IncomingMessage } from "node:http";
import type { Kysely } from "kysely";
import { clockChanges, epochMs } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { log } from "#app/platform/log.server.ts";
import { startsWithServices } from "#app/platform/services.server.ts";
import { describeError, startWorker } from "#app/platform/worker.server.ts";
import { dayMs, dayOf } from "./days.ts";
import { mergeDayTallies } from "./rollup.server.ts";
import { campaignValue, dayBatch, remembered } from "./tallies.ts";
import { campaignOf, deviceClass, isSamePage, referralOf } from "./view-parts.ts";

// Counting the pages people view, where the server answers them (issue 34): no cookie, no
// storage in the browser, no script, and no address read. A view adds one to a count in memory,
// found through a tree keyed by the request's own values (day, path, Referer, URL, the browser's
// number), so only each distinct combination waits in memory, not every view (the prerendered
// pages' fast path, server/prerendered.ts, must stay fast). The background loop flushes the
// counts every few seconds: it works out the path, the referring site, whether the views start
// visits (opened from anywhere but another page of this site: decision 042), the campaign and the
// device class once per distinct value, and adds one row per day: the values it met and a record
// per combination counted, its views, its visits and the values' indexes (tallies.ts). Views and
// visits add up across instances and flushes; the User-Agent is never written anywhere.
//
// Counted: a browser's navigation to a page (Sec-Fetch-Dest: document, or an Accept with
// text/html from a browser that sends no Sec-Fetch headers), never a prefetch or prerender.
// Not counted: crawlers and every program that says what it is (isbot: uptime monitors, load
// balancers' and Kubernetes' health checks, curl, Node's fetch, headless browsers), requests
// without a User-Agent, requests that are not navigations (the site's own probes and the tests'
// fetches), and the pages that ask not to be indexed (the workspace, a meeting's manage link).

/**
 * At most this many distinct combinations wait in memory; beyond, a view of a new one is dropped
 * (and counted in the log), a view of one already waiting still counts. Each costs at most a map
 * per level of the tree: tens of megabytes at worst, against Referers made up to fill it.
 */
export const maxCombinations = 50_000;
/**
 * Once this many combinations wait, the flush starts without waiting for its period: at a few
 * thousand new combinations a second, the period's views would otherwise meet maxCombinations and
 * be dropped (and keep more strings alive between collections).
 */
export const earlyFlushAt = maxCombinations / 5;
/** Starts the flush now (a no-op until the background services run). */
let kickFlush: () => void = () => {};

/** The site's own hosts (SITE_URL's): a Referer on one of them is a visitor moving between pages, not a source. */
let ownHosts = new Set<string>();

/**
 * A browser as a request's User-Agent names it: one record per distinct User-Agent
 * (server/browsers.ts), so the counts are keyed by its number, not by a long string compared
 * again.
 */
export type Browser = { readonly userAgent: string; readonly crawler: boolean; readonly id: number };

/** A combination's views, added to in place (one map lookup a view, not a lookup and a set). */
type Count = { views: number; readonly browser: Browser };

/** A combination's counts by browser, keyed by the browser's number (a small integer hashes for free). */
type ByBrowser = Map<number, Count>;

/**
 * The URLs with a query that views of one path and Referer had, and their counts. A URL is
 * compared in turn with those met (most views have none, a campaign's link is one address), and
 * not hashed: a campaign's address is 70 characters and more, new with each request. Past
 * `listed` URLs (queries made up), a Map takes the others.
 */
class ByUrl {
  static readonly listed = 8;
  readonly urls: Array<string | undefined> = [];
  readonly counts: ByBrowser[] = [];
  others: Map<string | undefined, ByBrowser> | undefined;

  /** The counts of `url`; made when missing and `make`, else undefined. */
  find(url: string | undefined, make: boolean) {
    const urls = this.urls;
    for (let index = 0; index < urls.length; index += 1) if (urls[index] === url) return this.counts[index];
    let found = this.others?.get(url);
    if (found === undefined && make) {
      found = new Map();
      if (urls.length < ByUrl.listed) {
        urls.push(url);
        this.counts.push(found);
      } else {
        this.others ??= new Map();
        this.others.set(url, found);
      }
    }
    return found;
  }

  *entries(): Generator<[string | undefined, ByBrowser]> {
    for (let index = 0; index < this.urls.length; index += 1) yield [this.urls[index], this.counts[index] as ByBrowser];
    if (this.others) yield* this.others;
  }
}

/** A day's views: path → Referer → URL → browser → count. */
type DayCounts = Map<string, Map<string | undefined, ByUrl>>;

// What countView makes when a path or a Referer is new, made once here, not once per view.
const newByReferer = () => new Map<string | undefined, ByUrl>();
const newByUrl = () => new ByUrl();

/** The views waiting for the flush, by day. */
let waiting: Map<string, DayCounts> = new Map();
let waitingCount = 0;
let combinations = 0;
let dropped = 0;
// The tree of the day views are counted under now. Reading the clock on every view would cost
// more than the rest of its count: the day is worked out again after each flush, when a timer
// says it is over, and when a test sets the clock.
let dayTree: DayCounts | undefined;
let dayClockSets = -1;
let dayOver: ReturnType<typeof setTimeout> | undefined;

/** The value under `key` in `map`; made when missing, unless the combinations are at their limit. */
function child<K, V>(map: Map<K, V> | undefined, key: K, make: () => V) {
  if (map === undefined) return undefined;
  let found = map.get(key);
  if (found === undefined && combinations < maxCombinations) {
    found = make();
    map.set(key, found);
  }
  return found;
}

/**
 * Counts a view of `pathname` when the request is a person's browser navigating to it (see
 * above): two map lookups keyed by strings the request already holds (its path, hashed already
 * to find its page, and its Referer), a URL compared only when it has a query, one lookup by the
 * browser's number; nothing made but a combination not seen since the last flush. The flush does
 * the rest.
 */
function countView(req: IncomingMessage, pathname: string, browser: Browser | undefined) {
  if (browser === undefined || browser.crawler || req.method !== "GET") return;
  const headers = req.headers;
  // A navigation, never a prefetch or prerender: Sec-Purpose from the browsers that send
  // Sec-Fetch-Dest, the older Purpose from those too old to.
  const destination = headers["sec-fetch-dest"];
  if (destination === undefined) {
    if (!headers.accept?.includes("text/html") || headers.purpose !== undefined) return;
  } else if (destination !== "document" || headers["sec-purpose"] !== undefined) return;
  const referer = headers.referer;
  const url = req.url;
  // The URL only matters for its campaign: one with a query is longer than its path.
  const byUrl = child(
    child(dayTree !== undefined && dayClockSets === clockChanges() ? dayTree : enterDay(), pathname, newByReferer),
    referer,
    newByUrl,
  );
  const byBrowser = byUrl?.find(
    url !== undefined && url.length > pathname.length && url.includes("?") ? url : undefined,
    combinations < maxCombinations,
  );
  const count = byBrowser?.get(browser.id);
  if (count !== undefined) count.views += 1;
  else if (byBrowser !== undefined && combinations < maxCombinations) {
    byBrowser.set(browser.id, { views: 1, browser });
    combinations += 1;
    if (combinations === earlyFlushAt) kickFlush();
  } else {
    dropped += 1;
    return;
  }
  waitingCount += 1;
}

/** The tree of today's views, worked out now, and a timer that says when today is over. */
function enterDay() {
  const time = epochMs();
  const day = dayOf(time);
  dayTree = remembered(waiting, day, () => new Map());
  dayClockSets = clockChanges();
  clearTimeout(dayOver);
  // A small integer (`| 0`): the difference of two dates is a heap number, and a timer given one
  // changes the shape of every timer's object (V8 widens the field), and with it the code that
  // makes the answers' timers (docs/performance.md, "Issue 34, session 22").
  const untilDayEnd = (Date.parse(`${day}T00:00:00.000Z`) + dayMs - time) | 0;
  dayOver = setTimeout(() => {
    dayTree = undefined;
  }, untilDayEnd).unref();
  return dayTree;
}

export type CountView = (req: IncomingMessage, pathname: string, browser: Browser | undefined) => void;

const notCounting: CountView = () => {};

/**
 * Starts counting (the server's request listener calls the function returned for every page it
 * answers; a no-op with ANALYTICS=off) and the worker that flushes the views every few seconds.
 */
export function startCountingViews({
  enabled,
  siteUrl,
  flushEverySeconds = 10,
}: {
  enabled: boolean;
  siteUrl: string;
  /** ANALYTICS_FLUSH_SECONDS. */
  flushEverySeconds?: number;
}): CountView {
  if (!enabled) return notCounting;
  // The site's host with and without "www." (a site answering at both), and this machine.
  const bare = new URL(siteUrl).hostname.replace(/^www\./, "");
  ownHosts = new Set(["localhost", "127.0.0.1", "[::1]", bare, `www.${bare}`]);
  flushWorker(flushEverySeconds * 1000);
  return countView;
}

/** Whether a page's answer is one to count: a page (HTML, 200) that does not ask to stay out of search engines. */
export function isCountedAnswer(statusCode: number, contentType: unknown, robots: unknown) {
  return (
    statusCode === 200 &&
    String(contentType).startsWith("text/html") &&
    !(typeof robots === "string" && robots.includes("noindex"))
  );
}

function flushWorker(intervalMs: number) {
  const flush = startsWithServices("page-views", ({ db, engine }) => {
    const worker = startWorker({
      name: "Page views flush",
      intervalMs,
      work: async () => {
        await flushViews(db);
        // A day's many rows made one, so the dashboard reads pre-summed rows (rollup.server.ts).
        await mergeDayTallies(db, engine);
      },
    });
    return {
      kick: worker.kick,
      // A server stopping (a deploy, a restart) writes the views still waiting, before the
      // database closes: they would be lost otherwise.
      stop: async () => {
        await worker.stop();
        await flushViews(db).catch((error: unknown) =>
          log.error(`Page views flush at stop failed: ${describeError(error)}`),
        );
      },
    };
  });
  kickFlush = flush.kick;
}

/** A flush works through this many combinations, then lets the requests waiting be answered before going on. */
const combinationsPerSlice = 1_000;

/**
 * Writes the views waiting in memory as one row per day (tallies.ts: the values met, a record
 * per combination counted). Several instances add their own rows; the dashboard and the purge's
 * rollup (rollup.server.ts) add them up. Says how many views were written.
 *
 * It shares the thread with the answers, so it is cheap and never holds the thread long: it
 * walks the tree of what was counted, so each distinct value is read (parsed) once per flush,
 * where it sits in the tree; a combination is six integers written; the row is one per day; and
 * every combinationsPerSlice combinations the flush yields to the requests waiting.
 */
export async function flushViews(db: Kysely<Schema>) {
  const batch = waiting;
  const views = waitingCount;
  const waitingCombinations = combinations;
  waiting = new Map();
  waitingCount = 0;
  combinations = 0;
  dayTree = undefined;
  if (dropped > 0) {
    log.warn(`Page views: ${dropped} views were not counted, more were waiting than the flush could take`);
    dropped = 0;
  }
  const rows: Array<Schema["analytics_tallies"]> = [];
  let walked = 0;
  for (const [day, byPath] of batch) {
    const counts = dayBatch(waitingCombinations);
    const devices = new Map<string, number>();
    for (const [pathname, byReferer] of byPath) {
      const page = counts.index("page", pathname.toLowerCase().slice(0, 200));
      for (const [referer, byUrl] of byReferer) {
        const { ownPath, site } = referralOf(referer, ownHosts);
        // A reload of the same page (a form's confirmation): the same visit, not another view.
        if (ownPath !== null && isSamePage(ownPath, pathname)) continue;
        const referrer = site === null ? -1 : counts.index("referrer", site);
        // Opened from anywhere but another page of this site: a visit starts (decision 042).
        const visits = ownPath === null;
        for (const [url, byBrowser] of byUrl.entries()) {
          const { source, medium, campaign: name } = campaignOf(url);
          const campaign =
            source === null && medium === null && name === null
              ? -1
              : counts.index("campaign", campaignValue(source, medium, name));
          for (const { browser, views: count } of byBrowser.values()) {
            if (++walked % combinationsPerSlice === 0) await new Promise((resolve) => setImmediate(resolve));
            const device = remembered(devices, browser.userAgent, () =>
              counts.index("device", deviceClass(browser.userAgent)),
            );
            counts.add(count, visits ? count : 0, page, referrer, campaign, device);
          }
        }
      }
    }
    if (counts.views > 0) rows.push({ day, tallies: counts.stored() });
  }
  if (rows.length > 0) await db.insertInto("analytics_tallies").values(rows).execute();
  return views;
}

/** How many views wait in this instance's memory (tests, the benchmark). */
export const waitingViews = () => waitingCount;

/** How many distinct combinations of what a view counts wait in memory (tests, the benchmark). */
export const waitingCombinations = () => combinations;
