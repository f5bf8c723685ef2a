import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Kysely } from "kysely";
import { epochMs, now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { log } from "#app/platform/log.server.ts";
import { startsWithServices } from "#app/platform/services.server.ts";
import { startWorker } from "#app/platform/worker.server.ts";
import { dayOf } from "./days.ts";
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

/** The visitor's hash: the day's salt, the client's address and its User-Agent; 22 characters, not reversible without the salt. */
const visitorHash = (salt: string, address: string, userAgent: string) =>
  createHash("sha256").update(`${salt}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);

/**
 * Writes the views waiting in memory as rows (one per day, visitor and what was counted), and
 * deletes the salts of the days that are over. Several instances add their own rows; the
 * purge's rollup (rollup.server.ts) sums them. Says how many views were written.
 */
export async function flushViews(db: Kysely<Schema>, now: Date = clockNow()) {
  const batch = waiting;
  waiting = [];
  if (dropped > 0) {
    log.warn(`Page views: ${dropped} views were not counted, more were waiting than the flush could take`);
    dropped = 0;
  }
  const today = dayOf(now.getTime());
  const rows = new Map<string, ViewRow>();
  const salts = new Map<string, string | null>();
  const hashes = new Map<string, string>();
  // Under load most views repeat one another's page, referrer, address and browser: each such
  // combination is read once per flush (the flush shares the thread with the answers).
  const parts = new Map<string, Omit<ViewRow, "day" | "visitor" | "views"> | null>();
  for (let at = 0; at < batch.length; at += fieldsPerView) {
    const [time, path, referer, url, host, remote, forwardedFor, userAgent] = batch.slice(at, at + fieldsPerView) as [
      number,
      string,
      string | undefined,
      string | undefined,
      string | undefined,
      string | undefined,
      string | undefined,
      string,
    ];
    const partsKey = `${path}\n${referer}\n${url}\n${host}\n${userAgent}`;
    let viewed = parts.get(partsKey);
    if (viewed === undefined) {
      viewed = fromSamePage(referer, path, settings.ownHosts, host)
        ? null
        : {
            path: path.toLowerCase().slice(0, 200),
            referrer: referrerHost(referer, settings.ownHosts, host),
            ...campaignOf(url),
            device: deviceClass(userAgent),
          };
      parts.set(partsKey, viewed);
    }
    if (viewed === null) continue;
    const day = dayOf(time);
    if (!salts.has(day)) salts.set(day, await saltOf(db, day, today));
    const salt = salts.get(day);
    let visitor = "";
    if (salt) {
      const address = clientAddress(remote, forwardedFor, settings.trusted);
      const key = `${day}\n${address}\n${userAgent}`;
      visitor = hashes.get(key) ?? visitorHash(salt, address, userAgent);
      hashes.set(key, visitor);
    }
    const row: ViewRow = { day, visitor, ...viewed, views: 1 };
    const key = [row.day, row.visitor, row.path, row.referrer, row.source, row.medium, row.campaign, row.device].join(
      "\u0000",
    );
    const known = rows.get(key);
    if (known) known.views += 1;
    else rows.set(key, row);
  }
  const values = [...rows.values()];
  // A few hundred rows a statement: both engines cap the values one statement may carry.
  for (let start = 0; start < values.length; start += 200) {
    await db
      .insertInto("analytics_views")
      .values(values.slice(start, start + 200))
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
