import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import type { MeetingCanceller, Schema } from "#app/platform/db.server.ts";
import { bookingEnv } from "./booking-env.server.ts";
import type { Meeting } from "./invitation.server.ts";

// What a booked meeting is read as: by the changes (meetings.server.ts), the reminders
// (reminders.server.ts), the command line (`npm run bookings`, scripts/bookings.ts) and the
// workspace (a meeting's time and state beside its submission, the agenda, the meeting filter).

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
      "bookings.cancelled_by",
      "bookings.previous_start_at",
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
  return {
    meeting,
    status: row.status,
    cancelledBy: row.cancelled_by,
    previousStart: row.previous_start_at,
    submissionId: row.submission_id,
    fields,
  };
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
    if (found) meetings.push({ ...found.meeting, ...stateOf(found) });
  }
  return meetings;
}

/**
 * The meetings whose id staff may give: the id they see everywhere (the submission's: the inbox,
 * the e-mails, the sheets) or the meeting's own (its calendar event's UID, older outputs), whole
 * or its start. At most `limit`, each meeting once, by its own id.
 */
export async function meetingsStartingWith(db: Kysely<Schema>, prefix: string, limit = 2) {
  const start = prefix.trim().toLowerCase();
  // Ids are lower-case hex and hyphens, which LIKE takes literally.
  if (!/^[0-9a-f-]+$/.test(start)) return [];
  const rows = await db
    .selectFrom("bookings")
    .select(["id", "submission_id"])
    .where((eb) => eb.or([eb("submission_id", "like", `${start}%`), eb("id", "like", `${start}%`)]))
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ bookingId: row.id, submissionId: row.submission_id }));
}

/** The id a meeting is shown with: its submission's, which staff see everywhere; its own once that was erased. */
export const shownMeetingId = (meeting: { bookingId: string; submissionId: string | null }) =>
  meeting.submissionId ?? meeting.bookingId;

export async function getMeeting(db: Kysely<Schema>, bookingId: string) {
  const found = await readMeeting(db, bookingId);
  return found && { ...found.meeting, ...stateOf(found) };
}

const stateOf = (found: NonNullable<Awaited<ReturnType<typeof readMeeting>>>) => ({
  status: found.status,
  cancelledBy: found.cancelledBy,
  previousStart: found.previousStart,
  submissionId: found.submissionId,
});

/** A meeting as the workspace shows it beside its submission: its time and its state. */
export type MeetingState = {
  bookingId: string;
  submissionId: string;
  start: string;
  end: string;
  status: "confirmed" | "cancelled";
  cancelledBy: MeetingCanceller | null;
  cancelledAt: string | null;
  /** The start before its latest move, when it moved. */
  previousStart: string | null;
  videoUrl: string | null;
};

const stateColumns = [
  "bookings.id",
  "bookings.submission_id",
  "bookings.start_at",
  "bookings.end_at",
  "bookings.status",
  "bookings.cancelled_by",
  "bookings.cancelled_at",
  "bookings.previous_start_at",
  "bookings.video_url",
] as const;

type StateRow = {
  id: string;
  submission_id: string | null;
  start_at: string;
  end_at: string;
  status: "confirmed" | "cancelled";
  cancelled_by: MeetingCanceller | null;
  cancelled_at: string | null;
  previous_start_at: string | null;
  video_url: string | null;
};

const toState = (row: StateRow): MeetingState => ({
  bookingId: row.id,
  submissionId: row.submission_id ?? "",
  start: row.start_at,
  end: row.end_at,
  status: row.status,
  cancelledBy: row.cancelled_by,
  cancelledAt: row.cancelled_at,
  previousStart: row.previous_start_at,
  videoUrl: row.video_url,
});

/** The meetings of these submissions (a page of the inbox, a sheet), by submission id. */
export async function meetingsOfSubmissions(db: Kysely<Schema>, submissionIds: string[]) {
  const found = new Map<string, MeetingState>();
  for (let start = 0; start < submissionIds.length; start += 500) {
    const rows = await db
      .selectFrom("bookings")
      .select(stateColumns)
      .where("submission_id", "in", submissionIds.slice(start, start + 500))
      .execute();
    for (const row of rows) if (row.submission_id) found.set(row.submission_id, toState(row));
  }
  return found;
}

export type MeetingsChosen = "upcoming" | "past" | "cancelled";

/** The submissions whose meeting is still to come, is past, or was cancelled: the inbox's meeting filter. */
export function submissionsWithMeetings(db: Kysely<Schema>, which: MeetingsChosen, now: Date) {
  const query = db.selectFrom("bookings").select("submission_id").where("submission_id", "is not", null);
  if (which === "cancelled") return query.where("status", "=", "cancelled");
  return query.where("status", "=", "confirmed").where("end_at", which === "upcoming" ? ">" : "<=", isoNow(now));
}

/** The meetings still to come (or going on), soonest first, with who booked them: the workspace's agenda. */
export async function upcomingMeetings(db: Kysely<Schema>, { now = clockNow(), limit = 200 } = {}) {
  const rows = await db
    .selectFrom("bookings")
    .leftJoin("submissions", "submissions.id", "bookings.submission_id")
    .select([...stateColumns, "submissions.fields"])
    .where("bookings.status", "=", "confirmed")
    .where("bookings.end_at", ">", isoNow(now))
    .orderBy("bookings.start_at")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toState(row),
    fields: row.fields ? (JSON.parse(row.fields) as StoredFields) : null,
  }));
}
