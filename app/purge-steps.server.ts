import type { Kysely } from "kysely";
import { purgeAnalytics } from "./analytics/rollup.server.ts";
import type { Schema } from "./platform/db.server.ts";
import type { PurgeSteps } from "./privacy/daily-purge.server.ts";
import type { RetentionPolicy } from "./privacy/retention.server.ts";

// What the purge deletes, composed once for its two callers: the server's daily purge
// (server/app.ts) and the operator's `npm run privacy -- purge` (scripts/privacy.ts). The
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
