import { z } from "zod";
import { optional } from "#app/platform/env.ts";

// The consent manager's variable, validated at start-up with every other part (app/config.ts).

export const ConsentConfig = z.object({
  // Raising it asks every visitor again (consent-cookie.ts); prerendered pages carry it.
  CONSENT_REVISION: optional(
    z.coerce.number().int({ error: "must be a whole number" }).min(1, { error: "must be 1 or more" }),
  ).default(1),
});
