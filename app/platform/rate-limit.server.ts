import { type Kysely, sql } from "kysely";
import { env } from "./env.server.ts";
import { isoNow, now as clockNow } from "./clock.ts";
import { newId } from "./ids.server.ts";
import type { Schema } from "./db.server.ts";
import { pacer } from "./pacing.server.ts";
import { clientKey } from "./secret.server.ts";

/** The client's address as the server computed it (server/app.ts sets it, overwriting the client's). */
export const clientAddressHeader = "x-site-client-address";

export type RateLimit = { max: number; windowSeconds: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A sliding window kept in the database, so the limit holds across instances: at most `max`
 * posts in any `windowSeconds`, a window's edge included. Each post is written before it is
 * counted, so two posts racing for the last place can both be refused but never both let through;
 * a refused post is taken back, so retrying while refused does not lengthen the wait.
 */
export async function hitRateLimit(
  db: Kysely<Schema>,
  key: string,
  { max, windowSeconds }: RateLimit,
  now: Date = clockNow(),
): Promise<RateDecision> {
  const windowMs = windowSeconds * 1000;
  const since = isoNow(new Date(now.getTime() - windowMs));
  const id = newId();
  await db
    .insertInto("rate_limit_hits")
    .values({ id, key, at: isoNow(now) })
    .execute();
  const inWindow = db.selectFrom("rate_limit_hits").where("key", "=", key).where("at", ">", since);
  const { count } = await inWindow
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(count) <= max) return { allowed: true };

  await db.deleteFrom("rate_limit_hits").where("id", "=", id).execute();
  // A place frees up when the oldest of the `max` newest counted posts leaves the window.
  const freesUp = await inWindow
    .select("at")
    .orderBy("at", "desc")
    .offset(max - 1)
    .limit(1)
    .executeTakeFirst();
  const freeAt = freesUp ? Date.parse(freesUp.at) + windowMs : now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

/** Rows deleted per statement: each stays short, and on SQLite requests are served between two. */
const pruneBatch = 200;

/**
 * Deletes the records whose window has passed at `now`, oldest first through the rate_limit_hits_at
 * index, a batch at a time, paced (pacing.server.ts); says how many went. The only place they are
 * deleted (a worker runs it every window: services.server.ts), so they are kept "only as long as
 * the limit they count for", as the site promises its visitors.
 */
export async function pruneRateLimits(
  db: Kysely<Schema>,
  { windowSeconds, now, signal }: { windowSeconds: number; now: Date; signal?: AbortSignal },
) {
  const before = isoNow(new Date(now.getTime() - windowSeconds * 1000));
  const pause = pacer();
  let deleted = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom("rate_limit_hits")
        .select("id")
        .where("at", "<", before)
        .orderBy("at")
        .orderBy("id")
        .limit(pruneBatch)
        .execute()
    ).map((row) => row.id);
    if (ids.length)
      deleted += Number(
        (await db.deleteFrom("rate_limit_hits").where("id", "in", ids).executeTakeFirst()).numDeletedRows,
      );
    if (ids.length < pruneBatch) break;
    await pause();
    signal?.throwIfAborted();
  }
  // 0001's fixed-window counters, still written by instances of an older version during a rollout.
  await sql`delete from rate_limits where window_start < ${before}`.execute(db);
  return deleted;
}

/**
 * Counts one post from the request's client against the configured limit (RATE_LIMIT_MAX per
 * RATE_LIMIT_WINDOW_SECONDS, times `allowance`), in its own `scope`. Only a hash of the address is stored.
 */
export function limitClient(
  services: { db: Kysely<Schema>; secret: string },
  request: Request,
  { scope, allowance = 1 }: { scope: string; allowance?: number },
) {
  const address = request.headers.get(clientAddressHeader) ?? "unknown";
  return hitRateLimit(services.db, `${scope}:${clientKey(services.secret, address)}`, {
    max: env.RATE_LIMIT_MAX * allowance,
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
  });
}
