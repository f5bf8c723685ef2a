import { Temporal } from "temporal-polyfill";
import { FormRefusal, handleFormPost } from "#app/forms/form-submission.server.ts";
import { issueFormStamp } from "#app/forms/form-guard.server.ts";
import { now as clockNow } from "#app/platform/clock.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { getServices } from "#app/platform/services.server.ts";
import { calendarBusy, teamCalendar } from "./team-calendar.server.ts";
import { isTimeZoneName } from "#app/platform/time-zones.ts";
import { type Availability, availabilityFromEnv } from "./availability.ts";
import { bookingEnv } from "./booking-env.server.ts";
import { booking } from "./booking-content.ts";
import { bookingRoutes, confirmationHref } from "./booking-links.ts";
import { bookedProofCookie, provenSubmission } from "./booked-proof.server.ts";
import { visitorCalendarLinks } from "./invitation.server.ts";
import { confirmedMeetingOf } from "./meeting-queries.server.ts";
import { isSecureRequest } from "#app/platform/env.server.ts";
import { currentZoneName, zoneAliases } from "#app/platform/time-zones.ts";
import { bookingFormSchema } from "./booking-schema.ts";
import { bookedMeetings, MeetingRefused } from "./claims.server.ts";
import {
  clockTime,
  dayName,
  monthGrid,
  shownMonth,
  ourClockTime,
  timeName,
  weekdayHeads,
  zoneName,
  zoneOptions,
} from "./calendar.ts";
import { freeTimes, instantOf } from "./free-times.ts";
import { meetingFields } from "./meeting-fields.ts";
import { bookMeeting, TooManyMeetings } from "./meetings.server.ts";

// What the booking page's loader and action do: the free times for the visitor's zone and day,
// and a booking stored through the forms' pipeline with its claims in one transaction.

export const bookingPurpose = "meeting";

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The meetings that can touch the booking window, buffers included (a day either side is plenty). */
async function freeDays(availability: Availability, now: Temporal.Instant, visitorTimeZone: string, except?: string) {
  const { db } = await getServices();
  const bookings = await bookedMeetings(db, {
    from: now.subtract({ hours: 24 }),
    to: now.add({ hours: 24 * (availability.horizonDays + 2) }),
    except,
  });
  // The team's calendar, as last read (none when it is not configured).
  const busy = await calendarBusy(db);
  return freeTimes({ availability, now, bookings, busy, visitorTimeZone });
}

function confirmationFrom(url: URL, availability: Availability) {
  const at = url.searchParams.get("at") ?? "";
  const tz = url.searchParams.get("tz") ?? "";
  if (url.searchParams.get("booked") !== "1" || !isTimeZoneName(tz)) return null;
  try {
    return { at: Temporal.Instant.from(at), ...shownTimes(at, tz, availability.timeZone) };
  } catch {
    return null;
  }
}

/**
 * "Add to calendar" for the meeting this browser booked (its proof, booked-proof.server.ts) when it
 * is the one confirmed here; null for anyone else, the address being shareable.
 */
async function calendarLinksFor(request: Request, at: Temporal.Instant, now: Date) {
  const { db, secret } = await getServices();
  const submissionId = provenSubmission(secret, request.headers.get("cookie"));
  const meeting = submissionId ? await confirmedMeetingOf(db, submissionId, now) : null;
  if (!meeting || !Temporal.Instant.from(meeting.start).equals(at)) return null;
  return { download: bookingRoutes.invitation, ...visitorCalendarLinks(meeting, null) };
}

/** "Your time: …" and, only when it reads differently, "Our time: …" (null when the zones agree). */
export function shownTimes(at: string, visitorZone: string, ourZone: string) {
  const yours = timeName(at, visitorZone);
  const ours = timeName(at, ourZone);
  return {
    yourTime: fillTemplate(booking.confirmation.yourTime, { time: yours }),
    ourTime: ours === yours ? null : fillTemplate(booking.confirmation.ourTime, { time: ours }),
  };
}

/**
 * The calendar part of a page: the zone (asked for by `?tz`, else `defaultZone`), the month grid
 * of free days, and the day asked for by `?day` with its free times. `except` leaves one booking
 * out of the busy times (a meeting being moved may move onto its own time). Each time names ours
 * beside it where it reads differently, or `beside`'s zone in its words (the workspace: the visitor's).
 */
export async function calendarData(
  url: URL,
  availability: Availability,
  at: Date,
  {
    defaultZone,
    except,
    beside = { zone: availability.timeZone, template: booking.times.withOurs },
  }: { defaultZone: string; except?: string; beside?: { zone: string; template: string } },
) {
  const now = instantOf(at);
  const problems: string[] = [];
  const asked = url.searchParams.get("tz");
  // An old name a browser reports ("Asia/Calcutta") is the zone by its current name from here on.
  const chosenZone = asked !== null && isTimeZoneName(asked) ? currentZoneName(asked) : null;
  if (asked !== null && !chosenZone) problems.push(fillTemplate(booking.zone.unknown, { zone: asked.slice(0, 64) }));
  const zone = chosenZone ?? currentZoneName(defaultZone);

  const days = await freeDays(availability, now, zone, except);
  const askedDay = url.searchParams.get("day");
  const day = askedDay !== null && isoDate.test(askedDay) ? days.find((found) => found.date === askedDay) : undefined;
  if (askedDay !== null && !day) problems.push(booking.calendar.badDay);

  return {
    zone,
    // Links carry the zone only when the visitor chose it, so the browser's can still be offered.
    zoneChosen: chosenZone !== null,
    // Every name the zone goes by ("Asia/Kolkata", "Asia/Calcutta"): a browser reporting either is in it.
    zoneAliases: zoneAliases(zone),
    zoneName: zoneName(zone, now),
    // Named beside the times only where they read differently there.
    ourZoneName: zoneName(beside.zone, now),
    zones: zoneOptions(zone),
    // One month at a time, with the way to the one before and after.
    ...shownMonth(monthGrid(days, booking.calendar), url.searchParams.get("month"), day?.date ?? null),
    weekdays: weekdayHeads,
    day: day
      ? {
          date: day.date,
          name: dayName(day.date),
          slots: day.slots.map((slot) => {
            const ours = ourClockTime(slot.start, zone, beside.zone);
            const name = timeName(slot.start, zone);
            return {
              start: slot.start,
              time: clockTime(slot.start, zone),
              ours,
              name: ours ? fillTemplate(beside.template, { time: name, ours, theirs: ours }) : name,
            };
          }),
        }
      : null,
    problems,
  };
}

export async function bookingPageData(request: Request, now: Date = clockNow()) {
  const url = new URL(request.url);
  const availability = availabilityFromEnv(bookingEnv);
  const shown = confirmationFrom(url, availability);
  const { secret } = await getServices();
  const stamp = issueFormStamp(secret, bookingPurpose);
  const confirmation = shown && {
    yourTime: shown.yourTime,
    ourTime: shown.ourTime,
    calendarLinks: await calendarLinksFor(request, shown.at, now),
  };
  if (confirmation) {
    const zone = availability.timeZone;
    return {
      status: 200,
      zone,
      zoneChosen: false,
      zoneAliases: [],
      zoneName: "",
      ourZoneName: "",
      zones: [],
      months: [],
      previous: null,
      next: null,
      weekdays: [],
      day: null,
      problems: [],
      confirmation,
      stamp,
    };
  }
  const calendar = await calendarData(url, availability, now, { defaultZone: availability.timeZone });
  return { status: calendar.problems.length ? 400 : 200, ...calendar, confirmation, stamp };
}

const refusals: Record<MeetingRefused["reason"], { status: number; message: string }> = {
  taken: { status: 409, message: booking.form.errors.taken },
  "day-full": { status: 409, message: booking.form.errors.dayFull },
  "outside-hours": { status: 400, message: booking.form.errors.notBookable },
  "too-soon": { status: 400, message: booking.form.errors.notBookable },
  "too-far": { status: 400, message: booking.form.errors.notBookable },
};

export function submitBooking(request: Request, now: Date = clockNow()) {
  const availability = availabilityFromEnv(bookingEnv);
  return handleFormPost({
    request,
    schema: bookingFormSchema(),
    purpose: bookingPurpose,
    filesField: "files",
    uploads: { maxFiles: 0, maxTotalBytes: 0, extensions: [] },
    messages: booking.form.errors,
    successPath: (value) => confirmationHref(value.start, value.tz),
    description: meetingFields,
    toSubmission: (value) => ({
      kind: "meeting",
      fields: {
        name: value.name,
        email: value.email,
        company: value.company || null,
        topic: value.topic || null,
        start: value.start,
        timeZone: value.tz,
        when: timeName(value.start, availability.timeZone),
        visitorWhen: timeName(value.start, value.tz),
      },
      alsoStore: async (trx, submission) => {
        try {
          const start = Temporal.Instant.from(value.start);
          const visitor = { name: value.name, email: value.email, timeZone: value.tz };
          return await bookMeeting(trx, { start, submissionId: submission.id, visitor }, availability, now);
        } catch (error) {
          if (error instanceof TooManyMeetings)
            throw new FormRefusal(409, [fillTemplate(booking.tooMany, { count: error.count })]);
          if (!(error instanceof MeetingRefused)) throw error;
          const { status, message } = refusals[error.reason];
          throw new FormRefusal(status, [message], { start: [message] });
        }
      },
    }),
    // The booking's event, queued with it, goes to the team's calendar at once (when there is one).
    afterStored: teamCalendar.kick,
    // This browser may then add the meeting to its calendar from the confirmation.
    successHeaders: async ({ id }) => {
      const { secret } = await getServices();
      return { "Set-Cookie": bookedProofCookie(secret, id, { secure: isSecureRequest(request) }) };
    },
  });
}
