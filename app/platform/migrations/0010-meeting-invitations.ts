import type { Kysely } from "kysely";

// Meeting invitations (app/booking/, decision 023): an e-mail may carry a calendar part, and a
// booking knows when its reminder is due.
export async function up(db: Kysely<any>) {
  // The iTIP method (REQUEST, CANCEL) and the iCalendar text sent with the e-mail, when it is an invitation.
  await db.schema.alterTable("outbox").addColumn("calendar_method", "text").execute();
  await db.schema.alterTable("outbox").addColumn("calendar", "text").execute();
  // The meeting's video link, fixed when it is booked (a template may give each meeting its own room).
  await db.schema.alterTable("bookings").addColumn("video_url", "text").execute();
  // When the reminder is to be queued; cleared by the instance that queues it (so it goes once),
  // and left empty when the meeting is booked too late for one, or cancelled.
  await db.schema.alterTable("bookings").addColumn("reminder_due_at", "text").execute();
  await db.schema.createIndex("bookings_reminder_due").on("bookings").column("reminder_due_at").execute();
}
