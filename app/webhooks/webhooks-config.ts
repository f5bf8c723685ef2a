import { z } from "zod";
import { optional, wholeNumber } from "#app/platform/env.ts";
import { WebhookEndpointsSchema } from "./endpoints.ts";

// The webhooks' variables (decision 024), validated at start-up with the rest of the
// configuration (app/config.ts).

export const WebhooksConfig = z.object({
  // Signed webhooks: a JSON list, see README and endpoints.ts.
  WEBHOOK_ENDPOINTS: optional(WebhookEndpointsSchema).default([]),
  WEBHOOK_TIMEOUT_SECONDS: optional(wholeNumber(1, 30, "seconds")).default(10),
});
