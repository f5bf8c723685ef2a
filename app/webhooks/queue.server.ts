import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { subscribes, type WebhookEndpoint, type WebhookEventType } from "./endpoints.ts";

// Queuing webhooks (decision 024): an event is stored in the transaction of what it tells, with
// one delivery per endpoint that takes it; the worker (delivery.server.ts) sends them. A delivery
// is tried for about three days from when it was queued, or sent again.

/** How long a delivery is retried: Standard Webhooks' three days. */
export const retryForMs = 72 * 60 * 60_000;

export type QueuedEvent = {
  type: WebhookEventType;
  submissionId: string | null;
  /** The thin payload's data: ids, kinds, times and links, never personal data. */
  data: Record<string, string | number | null>;
  /** The line a chat channel gets, without personal data. */
  chatText: string;
};

/** Stores an event and a delivery for each endpoint that takes its type, in the caller's transaction; returns the event id, or null when no endpoint takes it. */
export async function queueWebhook(
  db: Kysely<Schema>,
  event: QueuedEvent,
  endpoints: readonly WebhookEndpoint[],
  now: Date = clockNow(),
) {
  const targets = endpoints.filter((endpoint) => subscribes(endpoint, event.type));
  if (targets.length === 0) return null;
  const id = newId();
  await db
    .insertInto("webhook_events")
    .values({
      id,
      type: event.type,
      submission_id: event.submissionId,
      data: JSON.stringify(event.data),
      chat_text: event.chatText,
      created_at: isoNow(now),
    })
    .execute();
  await db
    .insertInto("webhook_deliveries")
    .values(
      targets.map((endpoint) => ({
        id: newId(),
        event_id: id,
        endpoint: endpoint.name,
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: isoNow(now),
        retry_until: isoNow(new Date(now.getTime() + retryForMs)),
        created_at: isoNow(now),
      })),
    )
    .execute();
  return id;
}

/**
 * Sends a submission's events again to each of their endpoints, at once and with the same
 * webhook-id (a receiver that has one already knows it), on a fresh three-day schedule. A
 * delivery an instance is sending right now keeps its lease and is not sent twice.
 */
export async function redeliverSubmission(db: Kysely<Schema>, submissionId: string, now: Date = clockNow()) {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: isoNow(now),
      retry_until: isoNow(new Date(now.getTime() + retryForMs)),
      last_error: null,
      delivered_at: null,
    })
    .where("event_id", "in", (eb) =>
      eb.selectFrom("webhook_events").select("id").where("submission_id", "=", submissionId),
    )
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", isoNow(now))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
