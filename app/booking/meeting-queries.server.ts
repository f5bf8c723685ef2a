import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { bookingEnv } from "./booking-env.server.ts";
import type { Meeting } from "./invitation.server.ts";

// What a booked meeting is read as: by the changes (meetings.server.ts), the reminders
// (reminders.server.ts) and the command line (`npm run bookings`, scripts/bookings.ts).

/** A submission's fields as stored (JSON). */
export type StoredFields = Record<string, string | null>;

/**
 * A booking as the e-mails and events describe it, with its status, its submission and that
 * submission's fields (none once erased).
 */
export async function readMeeting(db: Kysely<Schema>, bookingId: string) {
  const row = await db
    .selectFrom("bookings")
    .leftJoin("submissions", "submissions.id", "bookings.submission_id")
    .select([
      "bookings.id",
      "bookings.start_at",
      "bookings.end_at",
      "bookings.sequence",
      "bookings.video_url",
      "bookings.status",
      "bookings.submission_id",
      "submissions.fields",
    ])
    .where("bookings.id", "=", bookingId)
    .executeTakeFirst();
  if (!row) return null;
  const fields = row.fields ? (JSON.parse(row.fields) as StoredFields) : null;
  const meeting: Meeting = {
    bookingId: row.id,
    start: row.start_at,
    end: row.end_at,
    sequence: Number(row.sequence),
    videoUrl: row.video_url,
    visitor: fields?.email
      ? { name: fields.name ?? "", email: fields.email, timeZone: fields.timeZone ?? bookingEnv.BOOKING_TIME_ZONE }
      : null,
  };
  return { meeting, status: row.status, submissionId: row.submission_id, fields };
}

/** The meeting a submission booked, while it stands (not cancelled, not ended), or null. */
export async function confirmedMeetingOf(db: Kysely<Schema>, submissionId: string, now: Date = clockNow()) {
  const row = await db
    .selectFrom("bookings")
    .select("id")
    .where("submission_id", "=", submissionId)
    .where("status", "=", "confirmed")
    .where("end_at", ">", isoNow(now))
    .executeTakeFirst();
  return row ? ((await readMeeting(db, row.id))?.meeting ?? null) : null;
}

/** Meetings for the command line: those still to come (or all), soonest first. */
export async function listMeetings(
  db: Kysely<Schema>,
  { all = false, now = clockNow() }: { all?: boolean; now?: Date } = {},
) {
  let query = db.selectFrom("bookings").select("id").orderBy("start_at");
  if (!all) query = query.where("status", "=", "confirmed").where("end_at", ">", isoNow(now));
  const rows = await query.execute();
  const meetings = [];
  for (const row of rows) {
    const found = await readMeeting(db, row.id);
    if (found) meetings.push({ ...found.meeting, status: found.status, submissionId: found.submissionId });
  }
  return meetings;
}

/** The ids of meetings that start with `prefix` (the command line takes the start of an id). */
export async function meetingIdsStartingWith(db: Kysely<Schema>, prefix: string) {
  const rows = await db
    .selectFrom("bookings")
    .select("id")
    .where("id", "like", `${prefix.replace(/[%_\\]/g, "")}%`)
    .limit(2)
    .execute();
  return rows.map((row) => row.id);
}

export async function getMeeting(db: Kysely<Schema>, bookingId: string) {
  const found = await readMeeting(db, bookingId);
  return found && { ...found.meeting, status: found.status, submissionId: found.submissionId };
}
