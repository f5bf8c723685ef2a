import { z } from "zod";

// The webhook endpoints of WEBHOOK_ENDPOINTS: a JSON list, each with a name (how the delivery
// log and the database know it), an address, a kind and, for Standard Webhooks, its own secret.
// Messages about a bad entry name its place and field, never its value (the URL of a Slack
// webhook is itself a secret).

export const webhookEventTypes = ["submission.created", "meeting.cancelled", "inquiry.overdue"] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 to 64 random bytes. */
export const secretPattern = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

export const WebhookEndpointSchema = z
  .strictObject({
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: "must be 1 to 40 lower-case letters, digits or hyphens" }),
    url: z.url({ protocol: /^https?$/, error: "must be an absolute https:// URL" }),
    kind: z.enum(["standard", "slack"], { error: "must be standard or slack" }).default("standard"),
    secret: z
      .string()
      .regex(secretPattern, { error: "must be whsec_ followed by the base64 of 24 to 64 random bytes" })
      .optional(),
    payload: z.enum(["thin", "full"], { error: "must be thin or full" }).default("thin"),
    events: z
      .array(z.enum(webhookEventTypes, { error: `must be among ${webhookEventTypes.join(", ")}` }))
      .min(1, { error: "must name at least one event" })
      .optional(),
    /** A service on this machine or network: http and private addresses are then allowed. */
    allowPrivate: z.boolean({ error: "must be true or false" }).default(false),
  })
  .superRefine((endpoint, context) => {
    if (!endpoint.allowPrivate && !endpoint.url.startsWith("https:")) {
      context.addIssue({
        code: "custom",
        path: ["url"],
        message: "must be an https:// URL (http only with allowPrivate)",
      });
    }
    if (endpoint.kind === "standard" && !endpoint.secret)
      context.addIssue({ code: "custom", path: ["secret"], message: "is needed for a standard endpoint" });
    // A chat channel is read by many: it never gets the visitor's details.
    if (endpoint.kind === "slack" && endpoint.payload === "full")
      context.addIssue({ code: "custom", path: ["payload"], message: "must be thin for a slack endpoint" });
  });

export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** Parses the JSON text of WEBHOOK_ENDPOINTS into the checked list (empty: no webhooks). */
export const WebhookEndpointsSchema = z
  .string()
  .transform((text, context) => {
    if (text.trim() === "") return [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "must be a JSON list of endpoints" });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(WebhookEndpointSchema, { error: "must be a JSON list of endpoints" }).superRefine((endpoints, context) => {
      const names = endpoints.map((endpoint) => endpoint.name);
      for (const [index, name] of names.entries()) {
        if (names.indexOf(name) !== index)
          context.addIssue({
            code: "custom",
            path: [index, "name"],
            message: "must differ from every other endpoint's",
          });
      }
    }),
  );

/** Whether the endpoint gets events of this type (all of them unless it lists some). */
export const subscribes = (endpoint: WebhookEndpoint, type: WebhookEventType) =>
  !endpoint.events || endpoint.events.includes(type);
