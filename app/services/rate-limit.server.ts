import type { Kysely } from "kysely";
import { env } from "#app/config/env.server.ts";
import { isoNow } from "./clock.server.ts";
import type { Schema } from "./db.server.ts";
import { clientKey } from "./form-guard.server.ts";

/** The client's address as the server computed it (server/app.ts sets it, overwriting the client's). */
export const clientAddressHeader = "x-site-client-address";

// A fixed-window counter per client kept in the database, so the limit holds across instances.

export type RateLimit = { max: number; windowSeconds: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function hitRateLimit(
  db: Kysely<Schema>,
  key: string,
  { max, windowSeconds }: RateLimit,
  now: Date = new Date(),
): Promise<RateDecision> {
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: isoNow(new Date(windowStart)), count: 1 })
    .onConflict((conflict) =>
      conflict.columns(["key", "window_start"]).doUpdateSet((update) => ({ count: update("rate_limits.count", "+", 1) })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  if (Number(row.count) <= max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000)) };
}

export async function pruneRateLimits(db: Kysely<Schema>, olderThan: Date) {
  await db.deleteFrom("rate_limits").where("window_start", "<", isoNow(olderThan)).execute();
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
