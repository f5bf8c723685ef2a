import type { Kysely } from "kysely";
import { analyticsEnv } from "./analytics/analytics-env.server.ts";
import { purgeAnalytics } from "./analytics/rollup.server.ts";
import { careersEnv } from "./careers/careers-env.server.ts";
import type { Schema } from "./platform/db.server.ts";
import { env } from "./platform/env.server.ts";
import { log } from "./platform/log.server.ts";
import { startsWithServices } from "./platform/services.server.ts";
import { type PurgeSteps, startDailyPurge } from "./privacy/daily-purge.server.ts";
import { privacyEnv } from "./privacy/privacy-env.server.ts";
import { type RetentionPolicy, retentionPolicy } from "./privacy/retention.server.ts";

// What the purge deletes, composed once for its two callers: the server's daily purge (below) and the operator's `npm run privacy -- purge` (scripts/privacy.ts). The
// submissions' retention (app/privacy/), then the analytics' rollup and retention (app/analytics/):
// raw views into daily totals and deleted, totals past ANALYTICS_KEEP_MONTHS.

export function purgeSteps(
  db: Kysely<Schema>,
  { policy, analyticsKeepMonths }: { policy: RetentionPolicy; analyticsKeepMonths: number },
): PurgeSteps {
  return {
    db,
    policy,
    alsoPurge: [(now, signal) => purgeAnalytics(db, { now, keepMonths: analyticsKeepMonths, signal })],
  };
}

/** Deletes what is past its retention period, once the server listens and then daily (one instance a day). */
export const dailyPurge = startsWithServices(
  "daily purge",
  ({ db }) =>
    startDailyPurge({
      ...purgeSteps(db, {
        policy: retentionPolicy({ ...env, ...privacyEnv, ...careersEnv }),
        analyticsKeepMonths: analyticsEnv.ANALYTICS_KEEP_MONTHS,
      }),
      onPurged: log.info,
    }),
  { whenServing: true },
);
