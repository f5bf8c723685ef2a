import type { Kysely } from "kysely";
import type { Temporal } from "temporal-polyfill";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { bookingEnv } from "./booking-env.server.ts";
import { queueMail } from "#app/platform/outbox.server.ts";
import { startsWithServices } from "#app/platform/services.server.ts";
import { startQueueingDue } from "#app/platform/worker.server.ts";
import { visitorMail } from "./invitation.server.ts";
import { readMeeting } from "./meeting-queries.server.ts";

// The visitor's reminder of a meeting (decision 023): its due time is set when the meeting is
// booked or moved (meetings.server.ts), and the server queues the reminders that fall due.

/** When the reminder is due: BOOKING_REMINDER_HOURS before the start, or none when that has passed (or reminders are off). */
export function reminderDue(start: Temporal.Instant, now: Date) {
  if (bookingEnv.BOOKING_REMINDER_HOURS === 0) return null;
  const due = start.subtract({ hours: bookingEnv.BOOKING_REMINDER_HOURS });
  return due.epochMilliseconds > now.getTime() ? due : null;
}

/**
 * Queues the reminders that are due. Each booking's due time is cleared by the one update that
 * queues its reminder, in the same transaction, so two instances never send it twice.
 */
export async function queueDueReminders(db: Kysely<Schema>, now: Date = clockNow()) {
  const due = await db
    .selectFrom("bookings")
    .select("id")
    .where("status", "=", "confirmed")
    .where("reminder_due_at", "<=", isoNow(now))
    .where("start_at", ">", isoNow(now))
    .execute();
  let queued = 0;
  for (const { id } of due) {
    const sent = await db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable("bookings")
        .set({ reminder_due_at: null })
        .where("id", "=", id)
        .where("reminder_due_at", "is not", null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return false;
      const found = await readMeeting(trx, id);
      const reminder = found && visitorMail(found.meeting, "reminder", null);
      if (!reminder) return false;
      await queueMail(trx, { ...reminder, submissionId: found.submissionId }, now);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** Queues the reminders that fall due, every minute once the server listens. */
export const meetingReminders = startsWithServices(
  "meeting reminders",
  ({ db, outbox }) =>
    startQueueingDue({ name: "Meeting reminders", queueDue: () => queueDueReminders(db), onQueued: outbox.kick }),
  { whenServing: true },
);
