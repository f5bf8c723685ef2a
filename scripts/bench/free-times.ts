// The booking page's own work, measured in-process (no server, no build): a month of free times
// with 200 booked meetings and 500 events of the team's calendar (the target: under 20 ms), the
// stored busy times read back as instants, and expanding 500 calendar objects as a read of the
// calendar does (in the background, every CALDAV_REFRESH_SECONDS). `npm run bench -- free-times`
// runs only this; the full benchmark includes it.
import { Temporal } from "temporal-polyfill";
import { type Availability, meetingMinutes } from "#app/booking/availability.ts";
import { freeTimes, type Interval } from "#app/booking/free-times.ts";
import { busyEventsOf, mergeBusy } from "#app/booking/calendar-events.ts";
import { parseWeeklyHours } from "#app/booking/weekly-hours.ts";

export const freeTimesTargetMs = 20;

/** A fixed sequence of pseudo-random numbers in [0, 1): the same data on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] as number;

function timed(runs: number, work: () => unknown) {
  for (let run = 0; run < Math.min(20, runs); run += 1) work(); // warm the JIT first
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return { medianMs: median(samples), p95Ms: percentile(samples, 0.95), runs };
}

const vcalendar = (...lines: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//bench//EN",
    "BEGIN:VEVENT",
    "DTSTAMP:20260101T000000Z",
    ...lines,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
const icsUtc = (instant: Temporal.Instant) => instant.toString({ smallestUnit: "second" }).replace(/[-:]/g, "");

export type FreeTimesBench = {
  meetings: number;
  calendarEvents: number;
  days: number;
  freeSlots: number;
  freeTimes: { medianMs: number; p95Ms: number; runs: number };
  /** The same month with nothing booked or busy: every start free, the most work for the engine (its cost grows with the free starts). */
  emptyMonth: { medianMs: number; p95Ms: number; runs: number; freeSlots: number };
  storedBusy: { medianMs: number; p95Ms: number; runs: number };
  expansion: { medianMs: number; p95Ms: number; runs: number; objects: number; instances: number };
};

export function benchFreeTimes(): FreeTimesBench {
  const timeZone = "America/Los_Angeles";
  // A month, weekdays 09:00-17:00 with a lunch break, room for the 200 meetings.
  const availability: Availability = {
    timeZone,
    hours: parseWeeklyHours("mon-fri 09:00-12:00,13:00-18:00") as Availability["hours"],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    minNoticeHours: 12,
    horizonDays: 31,
    maxPerDay: 12,
    daysOff: new Set(),
  };
  const now = Temporal.Instant.from("2027-03-01T16:00:00Z");
  const next = random(18);
  const firstDay = now.toZonedDateTimeISO(timeZone).toPlainDate();
  const at = (dayOffset: number, minutes: number) =>
    firstDay.add({ days: dayOffset }).toPlainDateTime().add({ minutes }).toZonedDateTime(timeZone).toInstant();

  const bookings: Interval[] = Array.from({ length: 200 }, () => {
    const start = at(1 + Math.floor(next() * 30), 9 * 60 + 30 * Math.floor(next() * 16));
    return { start, end: start.add({ minutes: meetingMinutes }) };
  });
  // The team's events: any time of any day, 15 minutes to 3 hours, a few all day.
  const objects = Array.from({ length: 500 }, (_, index) => {
    const kind = next();
    const start = at(Math.floor(next() * 31), 15 * Math.floor(next() * 96));
    if (kind < 0.01)
      return vcalendar(
        `UID:bench-${index}`,
        `DTSTART;VALUE=DATE:${start.toZonedDateTimeISO(timeZone).toPlainDate().toString().replace(/-/g, "")}`,
      );
    const end = start.add({ minutes: 15 * (1 + Math.floor(next() * 12)) });
    if (kind < 0.84) return vcalendar(`UID:bench-${index}`, `DTSTART:${icsUtc(start)}`, `DTEND:${icsUtc(end)}`);
    // One in six repeats: weekly or on working days, started up to three years ago, in a named zone.
    const since = start.toZonedDateTimeISO(timeZone).subtract({ days: 7 * Math.floor(next() * 156) });
    const local = (zoned: Temporal.ZonedDateTime) =>
      zoned.toPlainDateTime().toString({ smallestUnit: "second" }).replace(/[-:]/g, "");
    const rule = kind < 0.95 ? "RRULE:FREQ=WEEKLY" : "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR";
    return vcalendar(
      `UID:bench-${index}`,
      `DTSTART;TZID=${timeZone}:${local(since)}`,
      `DTEND;TZID=${timeZone}:${local(since.add(end.since(start)))}`,
      rule,
    );
  });
  const range = { from: now.subtract({ hours: 24 }), to: now.add({ hours: 24 * 33 }) };
  const expand = () => objects.flatMap((ics) => busyEventsOf(ics, range, timeZone));
  const instances = expand();
  const expansion = { ...timed(10, expand), objects: objects.length, instances: instances.length };

  // What the free times get: 500 events, as one read of the calendar leaves them (merged where they overlap).
  const single = objects.slice(0, 500).flatMap((ics) => busyEventsOf(ics, range, timeZone).slice(0, 1));
  const stored = JSON.stringify(mergeBusy(single));
  const readStored = () =>
    (JSON.parse(stored) as Array<[number, number]>).map(([start, end]) => ({
      start: Temporal.Instant.fromEpochMilliseconds(start),
      end: Temporal.Instant.fromEpochMilliseconds(end),
    }));
  const busy = readStored();
  const compute = () => freeTimes({ availability, now, bookings, busy, visitorTimeZone: "Europe/Berlin" });
  const days = compute();
  const computeEmpty = () => freeTimes({ availability, now, bookings: [], busy: [], visitorTimeZone: "Europe/Berlin" });
  const emptySlots = computeEmpty().reduce((sum, day) => sum + day.slots.length, 0);
  return {
    meetings: bookings.length,
    calendarEvents: single.length,
    days: days.length,
    freeSlots: days.reduce((sum, day) => sum + day.slots.length, 0),
    freeTimes: timed(200, compute),
    emptyMonth: { ...timed(50, computeEmpty), freeSlots: emptySlots },
    storedBusy: timed(200, readStored),
    expansion,
  };
}

export function printFreeTimes(result: FreeTimesBench) {
  console.log(
    `Free times (in-process, ${result.freeTimes.runs} runs): a month (${result.days} days) with ${result.meetings} meetings and ${result.calendarEvents} calendar events`,
  );
  console.table([
    {
      measurement: "free times for the month",
      "median ms": result.freeTimes.medianMs.toFixed(2),
      "p95 ms": result.freeTimes.p95Ms.toFixed(2),
      note: `${result.freeSlots} free starts`,
    },
    {
      measurement: "the same month, nothing booked or busy",
      "median ms": result.emptyMonth.medianMs.toFixed(2),
      "p95 ms": result.emptyMonth.p95Ms.toFixed(2),
      note: `${result.emptyMonth.freeSlots} free starts (the engine's cost grows with them)`,
    },
    {
      measurement: "stored busy times read back",
      "median ms": result.storedBusy.medianMs.toFixed(2),
      "p95 ms": result.storedBusy.p95Ms.toFixed(2),
      note: "per page",
    },
    {
      measurement: `expanding ${result.expansion.objects} calendar objects`,
      "median ms": result.expansion.medianMs.toFixed(1),
      "p95 ms": result.expansion.p95Ms.toFixed(1),
      note: `${result.expansion.instances} instances; per calendar read, in the background`,
    },
  ]);
}

export const freeTimesChecks = (result: FreeTimesBench): Array<[string, boolean]> => [
  [
    `a month of free times with 200 meetings and 500 calendar events under ${freeTimesTargetMs} ms (median ${result.freeTimes.medianMs.toFixed(2)} ms)`,
    result.freeTimes.medianMs < freeTimesTargetMs,
  ],
];
