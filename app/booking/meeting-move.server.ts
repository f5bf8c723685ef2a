import type { Kysely } from "kysely";
import type { Temporal } from "temporal-polyfill";
import type { Schema } from "#app/platform/db.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { availabilityFromEnv } from "./availability.ts";
import { bookingEnv } from "./booking-env.server.ts";
import { calendarData } from "./booking-page.server.ts";
import { MeetingRefused } from "./claims.server.ts";
import { rescheduleBooking } from "./meetings.server.ts";
import { teamCalendar } from "./team-calendar.server.ts";

// Moving a booked meeting to another free time: the one path of the visitor's manage link
// (manage.server.ts) and of the team's workspace, so both tell the visitor the same way.

/**
 * Moves a meeting by the booking page's free-time rules and sends at once the e-mails and the
 * calendar write that tell of it. `token` is the manage link's (the visitor's move), or null for a
 * move by the team, which gives the visitor a new link (decision 065). What became of it: "moved",
 * "not-confirmed" (cancelled meanwhile), or why the time could not be had (nothing then changed).
 */
export async function moveMeetingTo(
  db: Kysely<Schema>,
  change: { bookingId: string; start: Temporal.Instant; token: string | null },
  now: Date,
): Promise<"moved" | "not-confirmed" | MeetingRefused["reason"]> {
  try {
    if (!(await rescheduleBooking(db, change, availabilityFromEnv(bookingEnv), now))) return "not-confirmed";
  } catch (error) {
    if (error instanceof MeetingRefused) return error.reason;
    throw error;
  }
  (await getServices()).outbox.kick();
  teamCalendar.kick();
  return "moved";
}

/**
 * The free times a meeting can move to, as the manage page offers them (its own time left free),
 * in `zone`, each with the time in `theirZone` beside it in the words of `template`
 * ("{time} ({theirs} for them)"); the day asked for by `?day`, the month by `?month`.
 */
export function movableTimes(
  url: URL,
  now: Date,
  { bookingId, zone, theirZone, template }: { bookingId: string; zone: string; theirZone: string; template: string },
) {
  return calendarData(url, availabilityFromEnv(bookingEnv), now, {
    defaultZone: zone,
    except: bookingId,
    beside: { zone: theirZone, template },
  });
}

export type MovableTimes = Awaited<ReturnType<typeof movableTimes>>;
