import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Kysely } from "kysely";
import { epochMs, now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { log } from "#app/platform/log.server.ts";
import { startsWithServices } from "#app/platform/services.server.ts";
import { describeError, startWorker } from "#app/platform/worker.server.ts";
import { dayMs, dayOf } from "./days.ts";
import { campaignValue, dayBatch, remembered } from "./tallies.ts";
import { campaignOf, clientAddress, deviceClass, fromSamePage, referrerHost } from "./view-parts.ts";
import { type HashState, keyOfSalt, visitorMark, withPrefix } from "./visitor-hash.ts";

// Counting the pages people view, where the server answers them (issue 34): no cookie, no
// storage in the browser, no script. A view adds one to a count in memory, found through a tree
// of maps keyed by the request's own strings (day, path, Host, Referer, URL, peer,
// X-Forwarded-For, User-Agent), so only each distinct combination waits in memory, not every
// view (the prerendered pages' fast path, server/prerendered.ts, must stay fast). The background
// loop flushes the counts every few seconds: it works out the path, the referring site, the
// campaign and the device class once per distinct value, marks each visitor with a keyed hash of
// their address and User-Agent under the day's salt (visitor-hash.ts; the salt is shared by the
// instances through the database, so a visitor counts once a day on any of them, and deleted once
// the day is over: the Plausible method), and adds one row per day: the values it met and a
// record per combination counted, its views, the visitor's mark and the values' indexes
// (tallies.ts). Neither the address nor the User-Agent is ever written anywhere.
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
 * per level of the tree: tens of megabytes at worst, against addresses made up to fill it.
 */
export const maxCombinations = 50_000;
/**
 * Once this many combinations wait, the flush starts without waiting for its period: at a few
 * thousand new visitors a second, the period's views would otherwise meet maxCombinations and
 * be dropped (and keep more strings alive between collections).
 */
export const earlyFlushAt = maxCombinations / 5;
/** Starts the flush now (a no-op until the background services run). */
let kickFlush: () => void = () => {};
/** A past day's salt stays this long after midnight, for the views another instance still holds. */
const saltGraceMs = 10 * 60_000;

type Settings = {
  /** Whether a hop of X-Forwarded-For is a trusted proxy (Express's `trust proxy`). */
  trusted: (address: string, hop: number) => boolean;
  /** The site's own hosts: a referrer among them is a visitor moving between pages, not a source. */
  ownHosts: Set<string>;
};

/** A tree of maps, one level per value, instead of one key made of many strings. */
type Tree = Map<unknown, unknown>;

/**
 * The views waiting for the flush: day → path → Host (with a Referer only) → Referer → URL (with
 * a query only) → User-Agent → peer → X-Forwarded-For → how many views.
 */
let waiting: Map<string, Tree> = new Map();
let waitingCount = 0;
let combinations = 0;
let dropped = 0;
// The day views are counted under now, and its bounds: worked out once a day, not per view.
let dayTree: Tree = new Map();
let dayStart = 0;
let dayEnd = -1;
let settings: Settings = { trusted: () => false, ownHosts: new Set() };

/** The map under `key` in `map`; made when missing, unless the combinations are at their limit. */
function child(map: Tree | undefined, key: unknown) {
  if (map === undefined) return undefined;
  let found = map.get(key) as Tree | undefined;
  if (found === undefined && combinations < maxCombinations) {
    found = new Map();
    map.set(key, found);
  }
  return found;
}

/**
 * Counts a view of `pathname` when the request is a person's browser navigating to it (see
 * above): a few map lookups keyed by strings the request already holds, nothing made but a
 * combination not seen since the last flush. The flush does the rest.
 */
function countView(req: IncomingMessage, pathname: string, crawler: boolean) {
  if (crawler || req.method !== "GET") return;
  const headers = req.headers;
  const userAgent = headers["user-agent"];
  if (!userAgent) return;
  const destination = headers["sec-fetch-dest"];
  if (destination === undefined ? !headers.accept?.includes("text/html") : destination !== "document") return;
  if (headers["sec-purpose"] !== undefined || headers.purpose !== undefined) return;
  const time = epochMs();
  if (time >= dayEnd || time < dayStart) enterDay(time);
  const referer = headers.referer;
  const url = req.url;
  const forwardedFor = headers["x-forwarded-for"];
  // The Host only matters beside a Referer (is it this site?), the URL only for its campaign.
  // The User-Agent above the addresses: a new visitor behind a proxy adds one entry to a map that
  // is there already, and keeps only its address's string until the flush (a map of its own per
  // visitor, and its User-Agent's string, made every young-generation collection copy more).
  const byForwarded = child(
    child(
      child(
        child(child(child(dayTree, pathname), referer === undefined ? undefined : headers.host), referer),
        url?.includes("?") ? url : undefined,
      ),
      userAgent,
    ),
    req.socket.remoteAddress,
  );
  const forwarded = typeof forwardedFor === "string" ? forwardedFor : undefined;
  const views = byForwarded?.get(forwarded) as number | undefined;
  if (views !== undefined) (byForwarded as Tree).set(forwarded, views + 1);
  else if (byForwarded !== undefined && combinations < maxCombinations) {
    byForwarded.set(forwarded, 1);
    combinations += 1;
    if (combinations === earlyFlushAt) kickFlush();
  } else {
    dropped += 1;
    return;
  }
  waitingCount += 1;
}

/** Counts views under the day of `time` from now on (at midnight, or when a test moves the clock). */
function enterDay(time: number) {
  const day = dayOf(time);
  dayStart = Date.parse(`${day}T00:00:00.000Z`);
  dayEnd = dayStart + dayMs;
  dayTree = remembered(waiting, day, () => new Map());
}

export type CountView = (req: IncomingMessage, pathname: string, crawler: boolean) => void;

const notCounting: CountView = () => {};

/**
 * Starts counting (the server's request listener calls the function returned for every page it
 * answers; a no-op with ANALYTICS=off) and the worker that flushes the views every few seconds.
 */
export function startCountingViews({
  enabled,
  trusted,
  siteUrl,
  flushEverySeconds = 10,
}: {
  enabled: boolean;
  trusted: Settings["trusted"];
  siteUrl: string;
  /** ANALYTICS_FLUSH_SECONDS. */
  flushEverySeconds?: number;
}): CountView {
  if (!enabled) return notCounting;
  settings = { trusted, ownHosts: new Set(["localhost", "127.0.0.1", new URL(siteUrl).hostname.toLowerCase()]) };
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
  const flush = startsWithServices("page-views", ({ db }) => {
    const worker = startWorker({ name: "Page views flush", intervalMs, work: async () => void (await flushViews(db)) });
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

/** Today's (and a later day's) salt once read, per database: it never changes until its day is over. */
const knownSalts = new WeakMap<Kysely<Schema>, Map<string, string>>();

/** The day's salt: made by the first instance that needs it (today's or a later day's only); null once its day is over and it is gone. */
async function saltOf(db: Kysely<Schema>, day: string, today: string) {
  let known = knownSalts.get(db);
  if (!known) {
    known = new Map();
    knownSalts.set(db, known);
  }
  // A day that is over is read from the database each time, and forgotten here: it is deleted there soon.
  for (const past of known.keys()) if (past < today) known.delete(past);
  const salt = known.get(day);
  if (salt) return salt;
  if (day >= today) {
    await db
      .insertInto("analytics_salts")
      .values({ day, salt: randomBytes(32).toString("base64url") })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
  }
  const row = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirst();
  if (row && day >= today) known.set(day, row.salt);
  return row?.salt ?? null;
}

/** The day up to which each database's past salts were last deleted by a flush. */
const saltsDeletedBefore = new WeakMap<Kysely<Schema>, string>();

/** A flush works through this many combinations, then lets the requests waiting be answered before going on. */
const combinationsPerSlice = 1_000;

/** What a flush works out once per User-Agent and day: its device's index, and its hash state (null without the day's salt). */
type Agent = { device: number; state: HashState | null };

/**
 * Writes the views waiting in memory as one row per day (tallies.ts: the values met, a record
 * per combination counted), and, once a day, deletes the salts of the days that are over.
 * Several instances add their own rows; the dashboard and the purge's rollup (rollup.server.ts)
 * add them up. Says how many views were written.
 *
 * It shares the thread with the answers, so it is cheap and never holds the thread long: it
 * walks the tree of what was counted, so each distinct value is read (parsed, hashed) once per
 * flush, where it sits in the tree; a visitor's mark is a few rounds of a hash on their address
 * after their User-Agent's; a combination is six integers written; the day's salt is read once;
 * the row is one per day whatever the number of visitors; and every combinationsPerSlice
 * combinations the flush yields to the requests waiting.
 */
export async function flushViews(db: Kysely<Schema>, now: Date = clockNow()) {
  const batch = waiting;
  const views = waitingCount;
  const waitingCombinations = combinations;
  waiting = new Map();
  waitingCount = 0;
  combinations = 0;
  dayEnd = -1;
  if (dropped > 0) {
    log.warn(`Page views: ${dropped} views were not counted, more were waiting than the flush could take`);
    dropped = 0;
  }
  const today = dayOf(now.getTime());
  const { ownHosts, trusted } = settings;
  // Whether a hop is a trusted proxy, asked once per flush and address (parsing an address is
  // the dearest part of finding the client's).
  const trust = new Map<number, Map<string, boolean>>();
  const trustedOnce = (address: string, hop: number) =>
    remembered(
      remembered(trust, hop, () => new Map()),
      address,
      () => trusted(address, hop),
    );
  const rows: Array<Schema["analytics_tallies"]> = [];
  let walked = 0;
  for (const [day, byPath] of batch as Map<string, Map<string, Tree>>) {
    const salt = await saltOf(db, day, today);
    // Without the day's salt (its day is over and it is gone), views count without a visitor.
    const key = salt ? keyOfSalt(salt) : null;
    const counts = dayBatch(waitingCombinations);
    const agents = new Map<string, Agent>();
    for (const [pathname, byHost] of byPath) {
      const page = counts.index("page", pathname.toLowerCase().slice(0, 200));
      for (const [host, byReferer] of byHost as Map<string | undefined, Tree>) {
        for (const [referer, byUrl] of byReferer as Map<string | undefined, Tree>) {
          // A reload of the same page (a form's confirmation): the same visit, not another view.
          if (fromSamePage(referer, pathname, ownHosts, host)) continue;
          const referrerHostName = referrerHost(referer, ownHosts, host);
          const referrer = referrerHostName === null ? -1 : counts.index("referrer", referrerHostName);
          for (const [url, byAgent] of byUrl as Map<string | undefined, Tree>) {
            const { source, medium, campaign: name } = campaignOf(url);
            const campaign =
              source === null && medium === null && name === null
                ? -1
                : counts.index("campaign", campaignValue(source, medium, name));
            for (const [userAgent, byPeer] of byAgent as Map<string, Tree>) {
              const agent = remembered(agents, userAgent, () => ({
                device: counts.index("device", deviceClass(userAgent)),
                state: key && withPrefix(key, userAgent),
              }));
              const { state, device } = agent;
              for (const [remote, byForwarded] of byPeer as Map<string | undefined, Map<string | undefined, number>>) {
                for (const [forwardedFor, count] of byForwarded) {
                  if (++walked % combinationsPerSlice === 0) await new Promise((resolve) => setImmediate(resolve));
                  // A visitor's mark is a few rounds of the hash: cheaper than remembering it.
                  const mark = state ? visitorMark(state, clientAddress(remote, forwardedFor, trustedOnce)) : -1;
                  counts.add(count, mark, page, referrer, campaign, device);
                }
              }
            }
          }
        }
      }
    }
    if (counts.views > 0) rows.push({ day, tallies: counts.stored() });
  }
  if (rows.length > 0) await db.insertInto("analytics_tallies").values(rows).execute();
  // Once a day is over (and its grace), not at every flush.
  const graceOver = dayOf(now.getTime() - saltGraceMs);
  if (saltsDeletedBefore.get(db) !== graceOver) {
    await deletePastSalts(db, now);
    saltsDeletedBefore.set(db, graceOver);
  }
  return views;
}

/** Deletes the salts of the days that are over (a little after midnight, for views still on their way). */
export async function deletePastSalts(db: Kysely<Schema>, now: Date) {
  const graceOver = dayOf(now.getTime() - saltGraceMs);
  await db.deleteFrom("analytics_salts").where("day", "<", graceOver).execute();
}

/** How many views wait in this instance's memory (tests, the benchmark). */
export const waitingViews = () => waitingCount;

/** How many distinct combinations of what a view counts wait in memory (tests, the benchmark). */
export const waitingCombinations = () => combinations;
