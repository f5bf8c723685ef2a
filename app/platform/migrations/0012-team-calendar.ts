import type { Kysely } from "kysely";

// The team's calendar over CalDAV (decision 027).
export async function up(db: Kysely<any>) {
  // The busy times last read from the calendar, one row per calendar address, shared by every
  // instance: when the calendar does not answer, free times come from this read. Times only
  // (no titles, no attendees): a JSON array of [start, end] pairs in epoch milliseconds.
  await db.schema
    .createTable("calendar_busy")
    .addColumn("calendar", "text", (col) => col.primaryKey())
    .addColumn("read_at", "text", (col) => col.notNull())
    .addColumn("from_at", "text", (col) => col.notNull())
    .addColumn("to_at", "text", (col) => col.notNull())
    .addColumn("busy", "text", (col) => col.notNull())
    .execute();

  // Writes to the calendar waiting to be made, retried like the outbox's mail. One row per
  // event UID holding the latest wish for it (put this ICS, or remove it): a removal queued
  // while a put is still waiting replaces it, so the two can never land in the wrong order.
  // `version` grows with each wish, so a worker finishing an older one does not mark a newer
  // one done. The ICS is cleared once written (the calendar holds it then).
  await db.schema
    .createTable("calendar_writes")
    .addColumn("uid", "text", (col) => col.primaryKey())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("ics", "text")
    .addColumn("version", "integer", (col) => col.notNull())
    // The calendar object's ETag after our last write: the next write is conditional on it.
    .addColumn("etag", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull())
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("done_at", "text")
    .execute();
  await db.schema
    .createIndex("calendar_writes_due")
    .on("calendar_writes")
    .columns(["status", "next_attempt_at"])
    .execute();
}
