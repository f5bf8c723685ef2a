import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Kysely } from "kysely";
import { epochMs, now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { log } from "#app/platform/log.server.ts";
import { startsWithServices } from "#app/platform/services.server.ts";
import { startWorker } from "#app/platform/worker.server.ts";
import { dayMs, dayOf } from "./days.ts";
import { campaignOf, clientAddress, deviceClass, fromSamePage, referrerHost } from "./view-parts.ts";

// Counting the pages people view, where the server answers them (issue 34): no cookie, no
// storage in the browser, no script. A view is a few references pushed on a list in memory
// (the prerendered pages' fast path, server/prerendered.ts, must stay fast); the background
// loop flushes the list every few seconds: it works out the path, the referring site, the
// campaign and the device class, hashes the client's address and User-Agent with the day's salt
// (shared by the instances through the database, so a visitor counts once a day on any of them,
// and deleted once the day is over: the Plausible method), and adds one row per day, visitor and
// what was counted. Neither the address nor the User-Agent is ever written anywhere.
//
// Counted: a browser's navigation to a page (Sec-Fetch-Dest: document, or an Accept with
// text/html from a browser that sends no Sec-Fetch headers), never a prefetch or prerender.
// Not counted: crawlers and every program that says what it is (isbot: uptime monitors, load
// balancers' and Kubernetes' health checks, curl, Node's fetch, headless browsers), requests
// without a User-Agent, requests that are not navigations (the site's own probes and the tests'
// fetches), and the pages that ask not to be indexed (the workspace, a meeting's manage link).

/** The values kept per view until the flush: time, path, Referer, URL, Host, peer, X-Forwarded-For, User-Agent. */
const fieldsPerView = 8;
/** At most this many views wait in memory; beyond, views are dropped (and counted in the log). */
const maxWaiting = 100_000;
const flushEveryMs = 10_000;
/** A past day's salt stays this long after midnight, for the views another instance still holds. */
const saltGraceMs = 10 * 60_000;

type Settings = {
  /** Whether a hop of X-Forwarded-For is a trusted proxy (Express's `trust proxy`). */
  trusted: (address: string, hop: number) => boolean;
  /** The site's own hosts: a referrer among them is a visitor moving between pages, not a source. */
  ownHosts: Set<string>;
};

let waiting: Array<string | number | undefined> = [];
let dropped = 0;
let settings: Settings = { trusted: () => false, ownHosts: new Set() };

/**
 * Counts a view of `pathname` when the request is a person's browser navigating to it (see
 * above). Constant time and no allocation but the list's: the flush does the rest.
 */
function countView(req: IncomingMessage, pathname: string, crawler: boolean) {
  if (crawler || req.method !== "GET") return;
  const headers = req.headers;
  const userAgent = headers["user-agent"];
  if (!userAgent) return;
  const destination = headers["sec-fetch-dest"];
  if (destination === undefined ? !headers.accept?.includes("text/html") : destination !== "document") return;
  if (headers["sec-purpose"] !== undefined || headers.purpose !== undefined) return;
  if (waiting.length >= maxWaiting * fieldsPerView) {
    dropped += 1;
    return;
  }
  const forwardedFor = headers["x-forwarded-for"];
  waiting.push(
    epochMs(),
    pathname,
    headers.referer,
    req.url,
    headers.host,
    req.socket.remoteAddress,
    typeof forwardedFor === "string" ? forwardedFor : undefined,
    userAgent,
  );
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
}: {
  enabled: boolean;
  trusted: Settings["trusted"];
  siteUrl: string;
}): CountView {
  if (!enabled) return notCounting;
  settings = { trusted, ownHosts: new Set(["localhost", "127.0.0.1", new URL(siteUrl).hostname.toLowerCase()]) };
  flushWorker();
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

function flushWorker() {
  startsWithServices("page-views", ({ db }) =>
    startWorker({ name: "Page views flush", intervalMs: flushEveryMs, work: async () => void (await flushViews(db)) }),
  );
}

/** The day's salt: made by the first instance that needs it (today's or a later day's only); null once its day is over and it is gone. */
async function saltOf(db: Kysely<Schema>, day: string, today: string) {
  if (day >= today) {
    await db
      .insertInto("analytics_salts")
      .values({ day, salt: randomBytes(32).toString("base64url") })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
  }
  const row = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirst();
  return row?.salt ?? null;
}

type ViewRow = Schema["analytics_views"];
type ViewParts = Omit<ViewRow, "day" | "visitor" | "views">;

/** The visitor's hash: the day's salt, the client's address and its User-Agent; 22 characters, not reversible without the salt. */
const visitorHash = (salt: string, address: string, userAgent: string) =>
  createHash("sha256").update(`${salt}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);

/** A flush works through this many views, then lets the requests waiting be answered before going on. */
const viewsPerSlice = 1_000;

/** A tree of maps, one level per value, instead of one key made of many strings. */
type Tree = Map<unknown, unknown>;

/** The map under `key` in `map`, made when missing. */
function branch(map: Tree, key: unknown) {
  let found = map.get(key) as Tree | undefined;
  if (!found) {
    found = new Map();
    map.set(key, found);
  }
  return found;
}

/**
 * Writes the views waiting in memory as rows (one per day, visitor and what was counted), and
 * deletes the salts of the days that are over. Several instances add their own rows; the
 * purge's rollup (rollup.server.ts) sums them. Says how many views were written.
 *
 * It shares the thread with the answers, so it is cheap per view and never holds the thread
 * long: under load most views repeat one another's page, referrer, address and browser, so each
 * distinct value is read (parsed, hashed with the salt) once per flush, looked up through trees
 * of maps keyed by the request's own strings (nothing is concatenated per view); views are
 * added up per visitor and what was counted as they are read; and every viewsPerSlice views the
 * flush yields to the requests waiting.
 */
export async function flushViews(db: Kysely<Schema>, now: Date = clockNow()) {
  const batch = waiting;
  waiting = [];
  if (dropped > 0) {
    log.warn(`Page views: ${dropped} views were not counted, more were waiting than the flush could take`);
    dropped = 0;
  }
  const today = dayOf(now.getTime());
  const rows: ViewRow[] = [];
  // What was counted: path → Referer → URL → Host → User-Agent → parts (null: a reload of the same page).
  const parts: Tree = new Map();
  // The client's address: peer → X-Forwarded-For → address.
  const addresses: Tree = new Map();
  // Visitors: day → address → User-Agent → the visitor's rows by what was counted.
  const visitors: Tree = new Map();
  const salts = new Map<string, string | null>();
  // The day of the view before, and its bounds: views come in order, so a day is worked out once.
  let day = "";
  let dayStart = 0;
  let dayEnd = -1;
  let salt: string | null = null;
  for (let at = 0; at < batch.length; at += fieldsPerView) {
    if (at > 0 && at % (viewsPerSlice * fieldsPerView) === 0) await new Promise((resolve) => setImmediate(resolve));
    const time = batch[at] as number;
    const path = batch[at + 1] as string;
    const referer = batch[at + 2] as string | undefined;
    const url = batch[at + 3] as string | undefined;
    const host = batch[at + 4] as string | undefined;
    const userAgent = batch[at + 7] as string;
    const byUserAgent = branch(branch(branch(branch(parts, path), referer), url), host);
    let viewed = byUserAgent.get(userAgent) as ViewParts | null | undefined;
    if (viewed === undefined) {
      viewed = fromSamePage(referer, path, settings.ownHosts, host)
        ? null
        : {
            path: path.toLowerCase().slice(0, 200),
            referrer: referrerHost(referer, settings.ownHosts, host),
            ...campaignOf(url),
            device: deviceClass(userAgent),
          };
      byUserAgent.set(userAgent, viewed);
    }
    if (viewed === null) continue;
    if (time < dayStart || time >= dayEnd) {
      day = dayOf(time);
      dayStart = Date.parse(`${day}T00:00:00.000Z`);
      dayEnd = dayStart + dayMs;
      if (!salts.has(day)) salts.set(day, await saltOf(db, day, today));
      salt = salts.get(day) ?? null;
    }
    const remote = batch[at + 5] as string | undefined;
    const forwardedFor = batch[at + 6] as string | undefined;
    const byForwarded = branch(addresses, remote);
    let address = byForwarded.get(forwardedFor) as string | undefined;
    if (address === undefined) {
      address = clientAddress(remote, forwardedFor, settings.trusted);
      byForwarded.set(forwardedFor, address);
    }
    // Without the day's salt (its day is over and it is gone), views count without a visitor.
    const byAgent = branch(branch(visitors, day), salt ? address : "");
    const agent = salt ? userAgent : "";
    let byParts = byAgent.get(agent) as Map<ViewParts, ViewRow> | undefined;
    if (!byParts) {
      byParts = new Map();
      byAgent.set(agent, byParts);
    }
    const known = byParts.get(viewed);
    if (known) known.views += 1;
    else {
      // One hash per visitor and day: their rows after the first take it from the first.
      const visitor = byParts.values().next().value?.visitor ?? (salt ? visitorHash(salt, address, userAgent) : "");
      const row: ViewRow = { day, visitor, ...viewed, views: 1 };
      byParts.set(viewed, row);
      rows.push(row);
    }
  }
  // A few hundred rows a statement: both engines cap the values one statement may carry.
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto("analytics_views")
      .values(rows.slice(start, start + 200))
      .execute();
  }
  await deletePastSalts(db, now);
  return batch.length / fieldsPerView;
}

/** Deletes the salts of the days that are over (a little after midnight, for views still on their way). */
export async function deletePastSalts(db: Kysely<Schema>, now: Date) {
  const graceOver = dayOf(now.getTime() - saltGraceMs);
  await db.deleteFrom("analytics_salts").where("day", "<", graceOver).execute();
}

/** How many views wait in this instance's memory (tests, the benchmark). */
export const waitingViews = () => waiting.length / fieldsPerView;
