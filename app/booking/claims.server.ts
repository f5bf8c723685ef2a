import type { Kysely } from "kysely";
import { Temporal } from "temporal-polyfill";
import { isoNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import type { MeetingCanceller, Schema } from "#app/platform/db.server.ts";
import { cellMinutes } from "./weekly-hours.ts";
import { type Availability, meetingMinutes } from "./availability.ts";
import { companyDate, type Interval, instantOf, startProblem, type StartProblem } from "./free-times.ts";

// Booked meetings, kept from overlapping by the database itself (decision 020): a booking
// inserts, in the transaction that stores it, one claim per quarter-hour cell its meeting and
// buffers cover and one numbered place of its company day. The claims' primary key refuses a
// second holder on both engines, so two visitors racing for one time, or for the last place of
// a day, cannot both commit, whichever instance serves them.

/** One team calendar for now; the claims are per host so more can follow. */
export const defaultHost = "team";

export type ReserveResult =
  | { ok: true; bookingId: string }
  | { ok: false; reason: StartProblem | "taken" | "day-full" };

export type MeetingRequest = {
  start: Temporal.Instant;
  /** The hash of the manage link's token (the token itself is never stored). */
  manageTokenHash: string;
  submissionId?: string | null;
  host?: string;
  videoUrl?: string | null;
  /** When the reminder is to be queued (none when null). */
  reminderDueAt?: Temporal.Instant | null;
};

const minute = 60_000;
const iso = (instant: Temporal.Instant) => isoNow(new Date(instant.epochMilliseconds));

/** The UTC quarter-hour cells from the start of the before-buffer to the end of the after-buffer. */
export function claimedCells(availability: Availability, start: Temporal.Instant) {
  const from = start.epochMilliseconds - availability.bufferBeforeMinutes * minute;
  const to = start.epochMilliseconds + (meetingMinutes + availability.bufferAfterMinutes) * minute;
  const cell = cellMinutes * minute;
  const cells: string[] = [];
  for (let at = Math.floor(from / cell) * cell; at < to; at += cell) cells.push(new Date(at).toISOString());
  return cells;
}

const dayPrefix = (date: Temporal.PlainDate) => `day:${date.toString()}:`;

/** Why a meeting could not be booked: a rule (forged, past, off-hours, too far), its time taken, or its day full. */
export class MeetingRefused extends Error {
  readonly reason: StartProblem | "taken" | "day-full";

  constructor(reason: MeetingRefused["reason"]) {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Books a meeting inside the caller's transaction (the booking page stores the visitor's
 * submission in the same one), or throws MeetingRefused, which must roll that transaction back:
 * the claims it may already have inserted go with it. The rules are checked again here (a start
 * from a form can be forged, past or off hours); being free is left to the claims' unique key,
 * which no race gets past.
 */
export async function claimMeeting(
  trx: Kysely<Schema>,
  request: MeetingRequest,
  availability: Availability,
  now: Date,
): Promise<string> {
  const problem = startProblem(availability, instantOf(now), request.start);
  if (problem) throw new MeetingRefused(problem);
  const host = request.host ?? defaultHost;
  // A visitor's meeting takes its submission's id: one id for staff in the inbox, the e-mails,
  // the sheets and both commands (decision 046). A submission books one meeting.
  const id = request.submissionId ?? newId();
  await trx
    .insertInto("bookings")
    .values({
      id,
      host,
      start_at: iso(request.start),
      end_at: iso(request.start.add({ minutes: meetingMinutes })),
      status: "confirmed",
      manage_token_hash: request.manageTokenHash,
      submission_id: request.submissionId ?? null,
      created_at: isoNow(now),
      video_url: request.videoUrl ?? null,
      reminder_due_at: request.reminderDueAt ? iso(request.reminderDueAt) : null,
    })
    .execute();
  await claimTime(trx, { bookingId: id, host, start: request.start }, availability);
  return id;
}

/**
 * Moves a confirmed meeting to a new start inside the caller's transaction: its claims are given
 * up and the new time's taken, so a refusal (MeetingRefused) rolling the transaction back leaves
 * the meeting where it was. Raises the SEQUENCE its invitations carry.
 */
export async function moveMeeting(
  trx: Kysely<Schema>,
  {
    bookingId,
    start,
    reminderDueAt,
  }: { bookingId: string; start: Temporal.Instant; reminderDueAt: Temporal.Instant | null },
  availability: Availability,
  now: Date,
) {
  const problem = startProblem(availability, instantOf(now), start);
  if (problem) throw new MeetingRefused(problem);
  const moved = await trx
    .updateTable("bookings")
    .set((eb) => ({
      // The right-hand sides read the row as it was, on both engines: the start before this move.
      previous_start_at: eb.ref("start_at"),
      start_at: iso(start),
      end_at: iso(start.add({ minutes: meetingMinutes })),
      sequence: eb("sequence", "+", 1),
      reminder_due_at: reminderDueAt ? iso(reminderDueAt) : null,
    }))
    .where("id", "=", bookingId)
    .where("status", "=", "confirmed")
    .returning("host")
    .executeTakeFirst();
  if (!moved) return false;
  await trx.deleteFrom("booking_claims").where("booking_id", "=", bookingId).execute();
  await claimTime(trx, { bookingId, host: moved.host, start }, availability);
  return true;
}

// ON CONFLICT DO NOTHING rather than a failing insert: a broken key would abort the whole
// transaction on PostgreSQL, and the day's places are tried one after the other in it. Both
// engines wait for a concurrent holder of a row to commit or roll back before deciding.
// The time first, in ascending order (transactions waiting on each other's cells cannot
// deadlock); a cell already held means the time is taken.
async function claimTime(
  trx: Kysely<Schema>,
  { bookingId, host, start }: { bookingId: string; host: string; start: Temporal.Instant },
  availability: Availability,
) {
  const cells = claimedCells(availability, start);
  if ((await insertClaims(trx, host, cells, bookingId)) < cells.length) throw new MeetingRefused("taken");
  const day = dayPrefix(companyDate(availability, start));
  for (let place = 1; place <= availability.maxPerDay; place++) {
    if ((await insertClaims(trx, host, [`${day}${place}`], bookingId)) === 1) return;
  }
  throw new MeetingRefused("day-full");
}

/** The claims inserted (those another booking holds are left out). */
async function insertClaims(trx: Kysely<Schema>, host: string, cells: string[], bookingId: string) {
  const inserted = await trx
    .insertInto("booking_claims")
    .values(cells.map((cell) => ({ host, cell, booking_id: bookingId })))
    .onConflict((conflict) => conflict.columns(["host", "cell"]).doNothing())
    .returning("cell")
    .execute();
  return inserted.length;
}

/** Books a meeting in a transaction of its own, when its start is one the rules allow and nobody holds its time or the day's last place. */
export async function reserveMeeting(
  db: Kysely<Schema>,
  request: MeetingRequest,
  availability: Availability,
  now: Date,
): Promise<ReserveResult> {
  try {
    const bookingId = await db.transaction().execute((trx) => claimMeeting(trx, request, availability, now));
    return { ok: true, bookingId };
  } catch (error) {
    if (error instanceof MeetingRefused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/**
 * Cancels a confirmed meeting inside the caller's transaction and frees its time and its day's
 * place, noting who cancelled it (the workspace says so); false when there is none to cancel.
 */
export async function cancelMeeting(
  trx: Kysely<Schema>,
  bookingId: string,
  now: Date,
  by: MeetingCanceller | null = null,
) {
  const updated = await trx
    .updateTable("bookings")
    .set((eb) => ({
      status: "cancelled",
      cancelled_at: isoNow(now),
      cancelled_by: by,
      sequence: eb("sequence", "+", 1),
      reminder_due_at: null,
    }))
    .where("id", "=", bookingId)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await trx.deleteFrom("booking_claims").where("booking_id", "=", bookingId).execute();
  return true;
}

/** The confirmed meetings that start before `to` and end after `from`: what the free-times engine subtracts. */
export async function bookedMeetings(
  db: Kysely<Schema>,
  {
    from,
    to,
    host = defaultHost,
    except,
  }: { from: Temporal.Instant; to: Temporal.Instant; host?: string; except?: string },
): Promise<Interval[]> {
  let query = db
    .selectFrom("bookings")
    .select(["start_at", "end_at"])
    .where("status", "=", "confirmed")
    .where("host", "=", host)
    .where("start_at", "<", iso(to))
    .where("end_at", ">", iso(from))
    .orderBy("start_at");
  if (except) query = query.where("id", "!=", except);
  const rows = await query.execute();
  return rows.map((row) => ({ start: Temporal.Instant.from(row.start_at), end: Temporal.Instant.from(row.end_at) }));
}
