import { Temporal } from "temporal-polyfill";
import { type Availability, meetingMinutes } from "./availability.ts";

// The free-times engine: pure (no database, no clock of its own), so the page, the booking's
// re-check and the tests all ask the same function. Every step from the company's wall-clock
// hours to instants goes through Temporal's zoned arithmetic, never through hand-made offsets,
// so a clock change can only remove a start (a skipped wall time), never double or shift one.

export type Interval = { start: Temporal.Instant; end: Temporal.Instant };
/** How an instant reads on a wall clock: `2026-03-29`, `09:30`, `+02:00`. */
export type LocalReading = { date: string; time: string; offset: string };
export type FreeSlot = { start: string; end: string; visitor: LocalReading; company: LocalReading };
/** A day of the visitor's calendar and its free starts (none when the day is full, off or closed). */
export type FreeDay = { date: string; slots: FreeSlot[] };
export type StartProblem = "outside-hours" | "too-soon" | "too-far";

/** A moment as the engine reads it: the clock and the services give a Date. */
export const instantOf = (date: Date) => Temporal.Instant.fromEpochMilliseconds(date.getTime());

/** The company day an instant falls on: the daily limit and the days off count in it. */
export const companyDate = (availability: Availability, instant: Temporal.Instant) =>
  instant.toZonedDateTimeISO(availability.timeZone).toPlainDate();

/** The bookable company days (from today, `end` excluded) and the earliest start minimum notice allows. */
function bookingWindow(availability: Availability, now: Temporal.Instant) {
  const first = companyDate(availability, now);
  return {
    first,
    end: first.add({ days: availability.horizonDays }),
    earliest: now.add({ hours: availability.minNoticeHours }),
  };
}

/** The meeting starts of one company day by its hours alone: on the grid of each range, existing wall times only. */
export function dayStarts(availability: Availability, date: Temporal.PlainDate): Temporal.ZonedDateTime[] {
  if (availability.daysOff.has(date.toString())) return [];
  const starts: Temporal.ZonedDateTime[] = [];
  const midnight = date.toPlainDateTime();
  for (const range of availability.hours[date.dayOfWeek] ?? []) {
    const rangeEnd = midnight.add({ minutes: range.end }).toZonedDateTime(availability.timeZone);
    for (let minute = range.start; minute + meetingMinutes <= range.end; minute += meetingMinutes) {
      const wall = midnight.add({ minutes: minute });
      // A repeated wall time starts once (its first occurrence); a skipped one does not exist,
      // and Temporal moves it to another wall time, which would shift the slot: dropped.
      const start = wall.toZonedDateTime(availability.timeZone, { disambiguation: "earlier" });
      if (!start.toPlainDateTime().equals(wall)) continue;
      if (Temporal.ZonedDateTime.compare(start.add({ minutes: meetingMinutes }), rangeEnd) > 0) continue;
      starts.push(start);
    }
  }
  return starts;
}

/** Why a start cannot be booked by the rules alone (hours, notice, horizon), or null when it can. */
export function startProblem(
  availability: Availability,
  now: Temporal.Instant,
  start: Temporal.Instant,
): StartProblem | null {
  const window = bookingWindow(availability, now);
  const date = companyDate(availability, start);
  if (Temporal.PlainDate.compare(date, window.end) >= 0) return "too-far";
  if (Temporal.Instant.compare(start, window.earliest) < 0) return "too-soon";
  return dayStarts(availability, date).some((candidate) => candidate.toInstant().equals(start))
    ? null
    : "outside-hours";
}

const reading = (instant: Temporal.Instant, timeZone: string): LocalReading => {
  const zoned = instant.toZonedDateTimeISO(timeZone);
  return {
    date: zoned.toPlainDate().toString(),
    time: zoned.toPlainTime().toString({ smallestUnit: "minute" }),
    offset: zoned.offset,
  };
};

export type FreeTimesQuery = {
  availability: Availability;
  now: Temporal.Instant;
  /** Meetings already booked (without buffers: each one's buffers are added here, like the new one's). */
  bookings: Interval[];
  /** Other busy times (the team's calendar, later). */
  busy?: Interval[];
  visitorTimeZone: string;
};

/**
 * Every day of the visitor's calendar the booking window touches, each with its free starts.
 * A start is free when the meeting and its buffers overlap neither another meeting with its
 * buffers (the same rule the database's claims enforce) nor a busy time, and its company day
 * has fewer than the most meetings per day.
 */
export function freeTimes({ availability, now, bookings, busy = [], visitorTimeZone }: FreeTimesQuery): FreeDay[] {
  const window = bookingWindow(availability, now);
  const before = availability.bufferBeforeMinutes * 60_000;
  const after = availability.bufferAfterMinutes * 60_000;
  const length = meetingMinutes * 60_000;
  const blocked = [
    ...bookings.map(
      (meeting) => [meeting.start.epochMilliseconds - before, meeting.end.epochMilliseconds + after] as const,
    ),
    ...busy.map((event) => [event.start.epochMilliseconds, event.end.epochMilliseconds] as const),
  ];
  const perDay = new Map<string, number>();
  for (const meeting of bookings) {
    const date = companyDate(availability, meeting.start).toString();
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
  }

  const slots: FreeSlot[] = [];
  for (let date = window.first; Temporal.PlainDate.compare(date, window.end) < 0; date = date.add({ days: 1 })) {
    if ((perDay.get(date.toString()) ?? 0) >= availability.maxPerDay) continue;
    for (const zoned of dayStarts(availability, date)) {
      const start = zoned.toInstant();
      if (Temporal.Instant.compare(start, window.earliest) < 0) continue;
      const from = start.epochMilliseconds - before;
      const to = start.epochMilliseconds + length + after;
      if (blocked.some(([busyFrom, busyTo]) => busyFrom < to && from < busyTo)) continue;
      slots.push({
        start: start.toString(),
        end: start.add({ minutes: meetingMinutes }).toString(),
        visitor: reading(start, visitorTimeZone),
        company: reading(start, availability.timeZone),
      });
    }
  }

  // The visitor's days from their today to the one the window's last instant falls on.
  const lastInstant = window.end.toZonedDateTime(availability.timeZone).toInstant().subtract({ nanoseconds: 1 });
  const last = lastInstant.toZonedDateTimeISO(visitorTimeZone).toPlainDate();
  const days: FreeDay[] = [];
  for (
    let date = now.toZonedDateTimeISO(visitorTimeZone).toPlainDate();
    Temporal.PlainDate.compare(date, last) <= 0;
    date = date.add({ days: 1 })
  ) {
    const iso = date.toString();
    days.push({ date: iso, slots: slots.filter((slot) => slot.visitor.date === iso) });
  }
  return days;
}
