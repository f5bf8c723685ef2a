import type { Kysely } from "kysely";

// Meeting bookings (app/booking/). `booking_claims` is what makes double booking impossible on
// both engines: each booking claims every quarter-hour cell its meeting and buffers cover, and
// one of the numbered places of its company day; the primary key (host, cell) lets one booking
// only hold each, so a second one's insert fails and its transaction rolls back.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (col) => col.primaryKey())
    // Whose calendar: one team for now; the claims are per host.
    .addColumn("host", "text", (col) => col.notNull())
    .addColumn("start_at", "text", (col) => col.notNull())
    .addColumn("end_at", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    // The invitation's SEQUENCE (RFC 5545): raised by each change sent to calendars.
    .addColumn("sequence", "integer", (col) => col.notNull().defaultTo(0))
    // A hash of the manage link's token: separate from the id, and a database copy opens nothing.
    .addColumn("manage_token_hash", "text", (col) => col.notNull().unique())
    // The visitor's details, once they are stored as a submission of kind "meeting".
    .addColumn("submission_id", "text", (col) => col.references("submissions.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("cancelled_at", "text")
    .execute();
  await db.schema.createIndex("bookings_status_start").on("bookings").columns(["status", "start_at"]).execute();

  await db.schema
    .createTable("booking_claims")
    .addColumn("host", "text", (col) => col.notNull())
    // A UTC cell start (`2026-03-29T07:15:00.000Z`) or a day's place (`day:2026-03-29:3`).
    .addColumn("cell", "text", (col) => col.notNull())
    .addColumn("booking_id", "text", (col) => col.notNull().references("bookings.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("booking_claims_pk", ["host", "cell"])
    .execute();
  await db.schema.createIndex("booking_claims_booking").on("booking_claims").column("booking_id").execute();
}
