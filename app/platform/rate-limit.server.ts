import type { Kysely } from "kysely";
import { env } from "./env.server.ts";
import { isoNow, now as clockNow } from "./clock.ts";
import { newId } from "./ids.server.ts";
import type { Schema } from "./db.server.ts";
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

export async function pruneRateLimits(db: Kysely<Schema>, olderThan: Date) {
  await db.deleteFrom("rate_limit_hits").where("at", "<", isoNow(olderThan)).execute();
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
