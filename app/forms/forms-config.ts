import { z } from "zod";
import { optional, wholeNumber } from "#app/platform/env.ts";

// The public forms' variables, validated at start-up with the rest of the configuration
// (app/config.ts): where applications are told, the spam guard's minimum time and the visitor's
// receipt (receipts.server.ts).

export const FormsConfig = z.object({
  // Where applications are told (the contact address without it).
  CAREERS_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
  FORM_MIN_SECONDS: optional(
    z.coerce.number({ error: "must be a number of seconds" }).min(0, { error: "must be zero or more" }),
  ).default(3),
  // The visitor's receipt after an inquiry or application.
  RECEIPTS: optional(z.enum(["on", "off"], { error: "must be on or off" })).default("on"),
  RECEIPT_DAILY_LIMIT: optional(wholeNumber(1, 20, "receipts")).default(3),
});
