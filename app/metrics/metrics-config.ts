import { z } from "zod";
import { optional } from "#app/platform/env.ts";

// The metrics' variable (issue 49, docs/backups.md), validated at start-up with the rest of the
// configuration (app/config.ts).

export const MetricsConfig = z.object({
  // Unset: GET /metrics does not exist (404). Set: answered only with `Authorization: Bearer <it>`.
  METRICS_TOKEN: optional(
    z
      .string()
      .min(24, { error: "must be at least 24 characters long (openssl rand -hex 16)" })
      .regex(/^[\x21-\x7e]+$/, { error: "must be printable characters without spaces" }),
  ),
});
