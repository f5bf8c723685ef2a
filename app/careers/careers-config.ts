import { z } from "zod";
import { wholeNumber, optional } from "#app/platform/env.ts";

// How long applications are kept before the daily purge deletes them (app/privacy/ deletes
// them and its notice says so; the form's future-openings box names the longer period).
// Validated at start-up with every other part (app/config.ts).

export const CareersConfig = z
  .object({
    RETENTION_APPLICATION_MONTHS: optional(wholeNumber(1, 120, "months")).default(6),
    RETENTION_FUTURE_OPENINGS_MONTHS: optional(wholeNumber(1, 120, "months")).default(12),
  })
  .superRefine((env, context) => {
    // Ticking the future-openings box must never shorten how long an application is kept.
    if (env.RETENTION_FUTURE_OPENINGS_MONTHS < env.RETENTION_APPLICATION_MONTHS) {
      context.addIssue({
        code: "custom",
        path: ["RETENTION_FUTURE_OPENINGS_MONTHS"],
        message: "must be at least RETENTION_APPLICATION_MONTHS",
      });
    }
  });

export type CareersValues = z.output<typeof CareersConfig>;
