import type { Kysely } from "kysely";
import { Temporal } from "temporal-polyfill";
import { isoNow, newId } from "#app/platform/clock.server.ts";
import { isUniqueViolation, type Schema } from "#app/platform/db.server.ts";
import { cellMinutes } from "#app/platform/weekly-hours.ts";
import { type Availability, meetingMinutes } from "./availability.ts";
import { companyDate, type Interval, startProblem, type StartProblem } from "./free-times.ts";

// Booked meetings, kept from overlapping by the database itself (decision 020): a booking
// inserts, in the transaction that stores it, one claim per quarter-hour cell its meeting and
// buffers cover and one numbered place of its company day. The claims' primary key refuses a
// second holder on both engines, so two visitors racing for one time, or for the last place of
// a day, cannot both commit, whichever instance serves them.

/** One team calendar for now; the claims are per host so more can follow. */
export const defaultHost = "team";

export type ReserveResult = { ok: true; bookingId: string } | { ok: false; reason: StartProblem | "taken" | "day-full" };

export type MeetingRequest = {
  start: Temporal.Instant;
  /** The hash of the manage link's token (the token itself is never stored). */
  manageTokenHash: string;
  submissionId?: string | null;
  host?: string;
};

const minute = 60_000;

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

class Refused extends Error {
  readonly reason: "taken" | "day-full" | "place-lost";

  constructor(reason: Refused["reason"]) {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Books a meeting when its start is one the rules allow and nobody holds its time or the day's
 * last place. The rules are checked again here (a start from a form can be forged, past or off
 * hours); being free is left to the claims' unique key, which no race gets past.
 */
export async function reserveMeeting(
  db: Kysely<Schema>,
  request: MeetingRequest,
  availability: Availability,
  now: Temporal.Instant,
): Promise<ReserveResult> {
  const problem = startProblem(availability, now, request.start);
  if (problem) return { ok: false, reason: problem };
  const host = request.host ?? defaultHost;
  const cells = claimedCells(availability, request.start);
  const day = dayPrefix(companyDate(availability, request.start));

  // Losing a day's place to a concurrent booking is worth another try (another place may be
  // free); each loss means one more place committed, so maxPerDay + 1 tries always settle it.
  for (let attempt = 0; attempt <= availability.maxPerDay; attempt++) {
    try {
      const bookingId = await db.transaction().execute(async (trx) => {
        const id = newId();
        await trx
          .insertInto("bookings")
          .values({
            id,
            host,
            start_at: isoNow(new Date(request.start.epochMilliseconds)),
            end_at: isoNow(new Date(request.start.add({ minutes: meetingMinutes }).epochMilliseconds)),
            status: "confirmed",
            manage_token_hash: request.manageTokenHash,
            submission_id: request.submissionId ?? null,
            created_at: isoNow(new Date(now.epochMilliseconds)),
          })
          .execute();
        // The time first: it is what most often decides, and it is final ("taken", no retry).
        await insertClaims(trx, host, cells, id, "taken");
        const held = await trx.selectFrom("booking_claims").select("cell").where("host", "=", host).where("cell", "like", `${day}%`).execute();
        const places = new Set(held.map((row) => row.cell));
        let place = 1;
        while (places.has(`${day}${place}`)) place++;
        if (place > availability.maxPerDay) throw new Refused("day-full");
        await insertClaims(trx, host, [`${day}${place}`], id, "place-lost");
        return id;
      });
      return { ok: true, bookingId };
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      if (error.reason !== "place-lost") return { ok: false, reason: error.reason };
    }
  }
  return { ok: false, reason: "day-full" };
}

async function insertClaims(trx: Kysely<Schema>, host: string, cells: string[], bookingId: string, refusal: Refused["reason"]) {
  try {
    // In ascending order, so transactions waiting on each other's cells cannot deadlock.
    await trx
      .insertInto("booking_claims")
      .values(cells.map((cell) => ({ host, cell, booking_id: bookingId })))
      .execute();
  } catch (error) {
    throw isUniqueViolation(error) ? new Refused(refusal) : error;
  }
}

/** Cancels a confirmed meeting and frees its time and its day's place; false when there is none to cancel. */
export async function cancelMeeting(db: Kysely<Schema>, bookingId: string, now: Temporal.Instant = Temporal.Now.instant()) {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("bookings")
      .set((eb) => ({ status: "cancelled", cancelled_at: isoNow(new Date(now.epochMilliseconds)), sequence: eb("sequence", "+", 1) }))
      .where("id", "=", bookingId)
      .where("status", "=", "confirmed")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx.deleteFrom("booking_claims").where("booking_id", "=", bookingId).execute();
    return true;
  });
}

/** The confirmed meetings that start before `to` and end after `from`: what the free-times engine subtracts. */
export async function bookedMeetings(db: Kysely<Schema>, { from, to, host = defaultHost }: { from: Temporal.Instant; to: Temporal.Instant; host?: string }): Promise<Interval[]> {
  const rows = await db
    .selectFrom("bookings")
    .select(["start_at", "end_at"])
    .where("status", "=", "confirmed")
    .where("host", "=", host)
    .where("start_at", "<", isoNow(new Date(to.epochMilliseconds)))
    .where("end_at", ">", isoNow(new Date(from.epochMilliseconds)))
    .orderBy("start_at")
    .execute();
  return rows.map((row) => ({ start: Temporal.Instant.from(row.start_at), end: Temporal.Instant.from(row.end_at) }));
}
