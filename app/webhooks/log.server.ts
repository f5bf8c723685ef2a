import type { Kysely } from "kysely";
import { isoNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";

// The delivery log (decision 024): what the workspace and `npm run submissions` show of a
// submission's webhooks, and its pruning.

export type WebhookLogEntry = {
  id: string;
  endpoint: string;
  type: string;
  status: "pending" | "delivered" | "failed";
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  attempts: Array<{ at: string; statusCode: number | null; error: string | null; durationMs: number }>;
};

/** A submission's deliveries, oldest first, each with its attempts. */
export async function webhookLog(db: Kysely<Schema>, submissionId: string): Promise<WebhookLogEntry[]> {
  const deliveries = await db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhook_events", "webhook_events.id", "webhook_deliveries.event_id")
    .select([
      "webhook_deliveries.id",
      "webhook_deliveries.endpoint",
      "webhook_deliveries.status",
      "webhook_deliveries.created_at",
      "webhook_deliveries.delivered_at",
      "webhook_deliveries.next_attempt_at",
      "webhook_deliveries.last_error",
      "webhook_events.type",
    ])
    .where("webhook_events.submission_id", "=", submissionId)
    .orderBy("webhook_deliveries.created_at")
    .orderBy("webhook_deliveries.endpoint")
    .execute();
  if (deliveries.length === 0) return [];
  const attempts = await db
    .selectFrom("webhook_attempts")
    .selectAll()
    .where(
      "delivery_id",
      "in",
      deliveries.map((delivery) => delivery.id),
    )
    .orderBy("at")
    .orderBy("id")
    .execute();
  return deliveries.map((delivery) => ({
    id: delivery.id,
    endpoint: delivery.endpoint,
    type: delivery.type,
    status: delivery.status,
    createdAt: delivery.created_at,
    deliveredAt: delivery.delivered_at,
    nextAttemptAt: delivery.status === "pending" ? delivery.next_attempt_at : null,
    lastError: delivery.last_error,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === delivery.id)
      .map((attempt) => ({
        at: attempt.at,
        statusCode: attempt.status_code === null ? null : Number(attempt.status_code),
        error: attempt.error,
        durationMs: Number(attempt.duration_ms),
      })),
  }));
}

/** Deletes the events older than `before` that nothing is still trying to send, with their log. */
export async function pruneWebhookEvents(db: Kysely<Schema>, before: Date) {
  const result = await db
    .deleteFrom("webhook_events")
    .where("created_at", "<", isoNow(before))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("webhook_deliveries")
            .select("id")
            .whereRef("webhook_deliveries.event_id", "=", "webhook_events.id")
            .where("status", "=", "pending"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
