import { z } from "zod";
import { optional, wholeNumber } from "#app/platform/env.ts";

// The analytics' variables (issue 34), validated at start-up with the rest of the configuration
// (app/config.ts): counting on or off, how often the counts are written, and how long the days'
// totals are kept.

export const AnalyticsConfig = z.object({
  // Off: no view is counted and nothing is written; the dashboard shows what was counted before.
  ANALYTICS: optional(z.enum(["on", "off"], { error: "must be on or off" })).default("on"),
  // The days' totals (nothing about a person) are kept this long, inside the daily purge.
  ANALYTICS_KEEP_MONTHS: optional(wholeNumber(1, 120, "months")).default(25),
  // How often the counts in memory are written to the database (and show on the dashboard). Longer
  // means fewer writes; a stopping server writes what waits, whatever this is.
  ANALYTICS_FLUSH_SECONDS: optional(wholeNumber(1, 3600, "seconds")).default(10),
});
