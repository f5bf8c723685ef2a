import type { Kysely } from "kysely";

// Receipts to visitors and signed webhooks (decision 024).
export async function up(db: Kysely<any>) {
  // Which receipts went where: the e-mail itself is an outbox row of the submission; the address
  // is kept only as a keyed hash, enough to count a day's receipts to it.
  await db.schema
    .createTable("receipts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("submission_id", "text", (col) => col.notNull().references("submissions.id").onDelete("cascade"))
    .addColumn("outbox_id", "text", (col) => col.notNull())
    .addColumn("address_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("receipts_address").on("receipts").columns(["address_hash", "created_at"]).execute();
  await db.schema.createIndex("receipts_submission").on("receipts").column("submission_id").execute();

  // An event (a submission arrived, a meeting was cancelled) with its thin payload. It outlives
  // its submission's deletion (the link is cleared): a cancellation by an erasure still goes out.
  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("submission_id", "text", (col) => col.references("submissions.id").onDelete("set null"))
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("chat_text", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("webhook_events_submission").on("webhook_events").column("submission_id").execute();

  // One event to one endpoint: leased, retried and finished like the outbox's mail.
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("event_id", "text", (col) => col.notNull().references("webhook_events.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("retry_until", "text", (col) => col.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("webhook_deliveries_event_endpoint", ["event_id", "endpoint"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();

  // The delivery log: every request, its answer and its error.
  await db.schema
    .createTable("webhook_attempts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("delivery_id", "text", (col) => col.notNull().references("webhook_deliveries.id").onDelete("cascade"))
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("status_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("webhook_attempts_delivery").on("webhook_attempts").column("delivery_id").execute();

  // Endpoints that answered 410 Gone. A new address for the name (in WEBHOOK_ENDPOINTS) is a new
  // endpoint: only the address's hash is kept, since a chat webhook's address is its secret.
  await db.schema
    .createTable("disabled_webhooks")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("url_hash", "text", (col) => col.notNull())
    .addColumn("disabled_at", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .execute();
}
