import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Temporal } from "temporal-polyfill";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import type { MeetingCanceller, Schema } from "#app/platform/db.server.ts";
import { queueWebhookEvent } from "#app/forms/webhook-events.server.ts";
import { queueMail } from "#app/platform/outbox.server.ts";
import { calendarBusy, queueCalendarRemoval, queueCalendarWrite } from "./team-calendar.server.ts";
import { hashToken, newToken } from "#app/platform/tokens.server.ts";
import { type Availability, meetingMinutes } from "./availability.ts";
import { cancelMeeting, claimMeeting, MeetingRefused, moveMeeting } from "./claims.server.ts";
import { timeName } from "./calendar.ts";
import {
  type Meeting,
  manageUrl,
  meetingUid,
  teamCalendarEvent,
  teamInvitation,
  teamMail,
  videoUrlFor,
  visitorMail,
} from "./invitation.server.ts";
import { meetingFields } from "./meeting-fields.ts";
import { readMeeting, type StoredFields } from "./meeting-queries.server.ts";
import { reminderDue } from "./reminders.server.ts";
import { clashesWithCalendar } from "./team-calendar.ts";
import { bookingEnv } from "./booking-env.server.ts";

// A meeting's life after the booking page (decision 023): booked with its invitations, moved or
// cancelled by the visitor through their manage link, cancelled by the team from the command
// line or by an erasure (the reminders are reminders.server.ts; what a meeting is read as,
// meeting-queries.server.ts). Each change, the e-mails that tell both sides about it and the
// write to the team's CalDAV calendar (decision 027) are stored in one transaction, so a change
// is never made without them (nor sent without being made).

export type MeetingChange = MeetingCanceller;

const iso = (at: Temporal.Instant) => isoNow(new Date(at.epochMilliseconds));

/** How many meetings still to come this address holds (the cap of BOOKING_MAX_UPCOMING_PER_EMAIL). */
async function upcomingFor(db: Kysely<Schema>, email: string, now: Date) {
  const rows = await db
    .selectFrom("bookings")
    .innerJoin("submissions", "submissions.id", "bookings.submission_id")
    .select("submissions.fields")
    .where("bookings.status", "=", "confirmed")
    .where("bookings.start_at", ">", isoNow(now))
    .execute();
  const address = email.toLowerCase();
  return rows.filter((row) => (JSON.parse(row.fields) as StoredFields).email?.toLowerCase() === address).length;
}

export class TooManyMeetings extends Error {
  readonly count: number;

  constructor(count: number) {
    super("too many meetings to come");
    this.count = count;
  }
}

/**
 * Books the meeting of a stored submission inside its transaction, and queues the visitor's
 * invitation with their manage link (whose token exists only in that e-mail). Returns the team's
 * invitation, which rides on the submission's notification. Throws MeetingRefused or
 * TooManyMeetings, which roll the submission back.
 */
export async function bookMeeting(
  trx: Kysely<Schema>,
  request: {
    start: Temporal.Instant;
    submissionId: string;
    visitor: { name: string; email: string; timeZone: string };
  },
  availability: Availability,
  now: Date,
) {
  const count = await upcomingFor(trx, request.visitor.email, now);
  if (count >= bookingEnv.BOOKING_MAX_UPCOMING_PER_EMAIL) throw new TooManyMeetings(count);
  const { token, hash } = newToken();
  const videoUrl = videoUrlFor(bookingEnv.BOOKING_VIDEO_URL, randomBytes(12).toString("base64url"));
  const bookingId = await claimMeeting(
    trx,
    {
      start: request.start,
      manageTokenHash: hash,
      submissionId: request.submissionId,
      videoUrl,
      reminderDueAt: reminderDue(request.start, now),
    },
    availability,
    now,
  );
  // The team's calendar as last read: a time that became busy there since the page was shown is taken.
  if (clashesWithCalendar(availability, request.start, await calendarBusy(trx))) throw new MeetingRefused("taken");
  const meeting: Meeting = {
    bookingId,
    start: iso(request.start),
    end: iso(request.start.add({ minutes: meetingMinutes })),
    sequence: 0,
    videoUrl,
    visitor: request.visitor,
  };
  await queueCalendarWrite(trx, teamCalendarEvent(meeting), { now });
  const invitation = visitorMail(meeting, "booked", manageUrl(token));
  if (invitation) await queueMail(trx, { ...invitation, submissionId: request.submissionId }, now);
  return teamInvitation(meeting);
}

/** The meeting a manage link's token opens: its booking while the meeting has not ended, else null. */
export async function meetingForToken(db: Kysely<Schema>, token: string, now: Date) {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const row = await db
    .selectFrom("bookings")
    .select(["id", "end_at"])
    .where("manage_token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.end_at <= isoNow(now)) return null;
  const found = await readMeeting(db, row.id);
  return found && { ...found.meeting, status: found.status };
}

/**
 * Cancels a meeting and tells both sides (the visitor and the team get the CANCEL with the raised
 * SEQUENCE), all in one transaction; an erasure tells only the team, with an event that names
 * nobody. False when it was not confirmed (already cancelled, or unknown).
 */
export async function cancelBooking(
  db: Kysely<Schema>,
  bookingId: string,
  { change, now = clockNow() }: { change: MeetingChange; now?: Date },
) {
  return db.transaction().execute(async (trx) => {
    if (!(await cancelMeeting(trx, bookingId, now, change))) return false;
    const found = await readMeeting(trx, bookingId);
    if (!found) return false;
    const { meeting, submissionId, fields } = found;
    await queueCalendarRemoval(trx, { uid: meetingUid(bookingId) }, { now });
    // Thin by default like every event (decision 024); an erasure cancels before the submission goes.
    if (submissionId && fields) {
      const event = {
        type: "meeting.cancelled" as const,
        submissionId,
        summary: meetingFields.chatSummary?.(fields, null),
        data: { bookingId, cancelledAt: now.toISOString() },
      };
      await queueWebhookEvent(trx, event, { now });
    }
    const toVisitor = change === "erasure" ? null : visitorMail(meeting, "cancelled", null);
    if (toVisitor) await queueMail(trx, { ...toVisitor, submissionId }, now);
    // The team's copy outlives an erasure of the submission (it names nobody then).
    await queueMail(
      trx,
      {
        ...teamMail(meeting, change === "erasure" ? "erased" : "cancelled"),
        submissionId: change === "erasure" ? null : submissionId,
      },
      now,
    );
    return true;
  });
}

/**
 * Moves a meeting to a new start, for the visitor holding its manage link (`token`) or for the team
 * in the workspace (`token` null), and sends both sides the updated invitation (same UID,
 * SEQUENCE + 1). The team's note of the time is updated too. Only the token's hash is stored, so a
 * move by the team gives the meeting a new manage link for the visitor's e-mail (decision 065).
 * Throws MeetingRefused when the new time cannot be had (nothing then changes); false when the
 * meeting is no longer confirmed.
 */
export async function rescheduleBooking(
  db: Kysely<Schema>,
  { bookingId, start, token }: { bookingId: string; start: Temporal.Instant; token: string | null },
  availability: Availability,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    // The e-mails name the earlier time too, so both sides can tell which meeting moved.
    const earlierStart = (await readMeeting(trx, bookingId))?.meeting.start;
    if (!(await moveMeeting(trx, { bookingId, start, reminderDueAt: reminderDue(start, now) }, availability, now)))
      return false;
    if (clashesWithCalendar(availability, start, await calendarBusy(trx))) throw new MeetingRefused("taken");
    const found = await readMeeting(trx, bookingId);
    if (!found) return false;
    const { meeting, submissionId } = found;
    await queueCalendarWrite(trx, teamCalendarEvent(meeting), { now });
    if (submissionId) {
      const row = await trx
        .selectFrom("submissions")
        .select("fields")
        .where("id", "=", submissionId)
        .executeTakeFirstOrThrow();
      const fields = JSON.parse(row.fields) as StoredFields;
      const moved = {
        ...fields,
        start: meeting.start,
        when: timeName(meeting.start, availability.timeZone),
        visitorWhen: timeName(meeting.start, fields.timeZone ?? availability.timeZone),
      };
      await trx
        .updateTable("submissions")
        .set({ fields: JSON.stringify(moved) })
        .where("id", "=", submissionId)
        .execute();
    }
    let link = token;
    if (link === null) {
      const issued = newToken();
      await trx.updateTable("bookings").set({ manage_token_hash: issued.hash }).where("id", "=", bookingId).execute();
      link = issued.token;
    }
    const toVisitor = visitorMail(meeting, "moved", manageUrl(link), earlierStart);
    if (toVisitor) await queueMail(trx, { ...toVisitor, submissionId }, now);
    const teamMessage = token === null ? "movedByTeam" : "moved";
    await queueMail(trx, { ...teamMail(meeting, teamMessage, earlierStart), submissionId }, now);
    return true;
  });
}
