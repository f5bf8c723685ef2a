import { Temporal } from "temporal-polyfill";
import { describe, expect, test } from "vitest";
import type { Availability } from "#app/booking/availability.ts";
import { freeTimes } from "#app/booking/free-times.ts";
import { clashesWithCalendar } from "#app/booking/team-calendar.ts";
import { busyEventsOf, mergeBusy } from "#app/booking/calendar-events.ts";
import { parseWeeklyHours } from "#app/booking/weekly-hours.ts";
import {
  allDay,
  berlinStandUp,
  berlinZone,
  outlookWeekly,
  utcEvent,
  vcalendar,
  vevent,
} from "#tests/helpers/calendar-fixtures.ts";

// Busy times from calendar objects (app/booking/calendar-events.ts): recurrences expanded on the
// event's wall clock and turned into instants with the zone's real rules, so clock changes move
// nothing; cancelled and transparent events free; all-day events busy for their whole days on
// the company's clock.

const range = (from: string, to: string) => ({ from: Temporal.Instant.from(from), to: Temporal.Instant.from(to) });
const busy = (ics: string, from: string, to: string, timeZone: string) =>
  busyEventsOf(ics, range(from, to), timeZone).map((event) => `${event.start.toString()} ${event.end.toString()}`);

describe("a weekly event across the company zone's clock changes", () => {
  test("Berlin's Tuesday 10:00 stand-up is 09:00Z in winter and 08:00Z in summer, from March to October to November", () => {
    const spring = busy(berlinStandUp, "2027-03-15T00:00:00Z", "2027-04-05T00:00:00Z", "Europe/Berlin");
    // Clocks go forward on Sunday 28 March 2027.
    expect(spring).toEqual([
      "2027-03-16T09:00:00Z 2027-03-16T10:00:00Z",
      "2027-03-23T09:00:00Z 2027-03-23T10:00:00Z",
      "2027-03-30T08:00:00Z 2027-03-30T09:00:00Z",
    ]);
    // And back on Sunday 31 October 2027.
    const autumn = busy(berlinStandUp, "2027-10-18T00:00:00Z", "2027-11-10T00:00:00Z", "Europe/Berlin");
    expect(autumn).toEqual([
      "2027-10-19T08:00:00Z 2027-10-19T09:00:00Z",
      "2027-10-26T08:00:00Z 2027-10-26T09:00:00Z",
      "2027-11-02T09:00:00Z 2027-11-02T10:00:00Z",
      "2027-11-09T09:00:00Z 2027-11-09T10:00:00Z",
    ]);
  });

  test("an excluded date, a moved instance, a cancelled one and a transparent one", () => {
    const april = busy(berlinStandUp, "2027-04-05T00:00:00Z", "2027-05-01T00:00:00Z", "Europe/Berlin");
    // 6 April: EXDATE. 13 April: moved to Wednesday 14 April 15:00 Berlin. 20 April: cancelled. 27 April: transparent.
    expect(april).toEqual(["2027-04-14T13:00:00Z 2027-04-14T14:00:00Z"]);
  });

  test("Outlook's 'Pacific Standard Time' (its VTIMEZONE, not an IANA name) across the US changes of March and November", () => {
    expect(busy(outlookWeekly, "2027-03-07T00:00:00Z", "2027-03-17T00:00:00Z", "America/Los_Angeles")).toEqual([
      "2027-03-08T17:00:00Z 2027-03-08T17:30:00Z",
      "2027-03-15T16:00:00Z 2027-03-15T16:30:00Z",
    ]);
    expect(busy(outlookWeekly, "2027-10-31T00:00:00Z", "2027-11-10T00:00:00Z", "America/Los_Angeles")).toEqual([
      "2027-11-01T16:00:00Z 2027-11-01T16:30:00Z",
      "2027-11-08T17:00:00Z 2027-11-08T17:30:00Z",
    ]);
  });

  test("an IANA TZID without a VTIMEZONE uses the zone's rules", () => {
    const ics = vcalendar(
      vevent(
        "UID:no-zone",
        "DTSTART;TZID=America/New_York:20270310T090000",
        "DTEND;TZID=America/New_York:20270310T100000",
        "RRULE:FREQ=DAILY;COUNT=7",
      ),
    );
    const days = busy(ics, "2027-03-13T00:00:00Z", "2027-03-16T00:00:00Z", "America/Los_Angeles");
    // New York moves its clocks on 14 March 2027.
    expect(days).toEqual([
      "2027-03-13T14:00:00Z 2027-03-13T15:00:00Z",
      "2027-03-14T13:00:00Z 2027-03-14T14:00:00Z",
      "2027-03-15T13:00:00Z 2027-03-15T14:00:00Z",
    ]);
  });

  test("a wall time the clock skips moves forward by the gap, a repeated one is its first", () => {
    // 02:30 does not exist on 14 March 2027 in Los Angeles: it is read as 03:30 (PDT).
    const skipped = vcalendar(
      vevent(
        "UID:gap",
        "DTSTART;TZID=America/Los_Angeles:20270314T023000",
        "DTEND;TZID=America/Los_Angeles:20270314T040000",
      ),
    );
    expect(busy(skipped, "2027-03-14T00:00:00Z", "2027-03-15T00:00:00Z", "America/Los_Angeles")).toEqual([
      "2027-03-14T10:30:00Z 2027-03-14T11:00:00Z",
    ]);
    // 01:30 happens twice on 7 November 2027: the first (PDT); 02:30 once (PST).
    const repeated = vcalendar(
      vevent(
        "UID:repeat",
        "DTSTART;TZID=America/Los_Angeles:20271107T013000",
        "DTEND;TZID=America/Los_Angeles:20271107T023000",
      ),
    );
    expect(busy(repeated, "2027-11-07T00:00:00Z", "2027-11-08T00:00:00Z", "America/Los_Angeles")).toEqual([
      "2027-11-07T08:30:00Z 2027-11-07T10:30:00Z",
    ]);
  });
});

describe("what is busy and what is free", () => {
  const from = "2027-03-01T00:00:00Z";
  const to = "2027-04-01T00:00:00Z";

  test("an all-day event is busy for the whole day on the company's clock, a multi-day one across a clock change too", () => {
    expect(busy(allDay("20270310"), from, to, "America/Los_Angeles")).toEqual([
      "2027-03-10T08:00:00Z 2027-03-11T08:00:00Z",
    ]);
    expect(busy(allDay("20270310"), from, to, "Europe/Berlin")).toEqual(["2027-03-09T23:00:00Z 2027-03-10T23:00:00Z"]);
    const trip = vcalendar(
      vevent("UID:trip", "SUMMARY:Trip", "DTSTART;VALUE=DATE:20270313", "DTEND;VALUE=DATE:20270315"),
    );
    expect(busy(trip, from, to, "America/Los_Angeles")).toEqual(["2027-03-13T08:00:00Z 2027-03-15T07:00:00Z"]);
  });

  test("transparent and cancelled events are free", () => {
    expect(
      busy(utcEvent("focus", "20270310T170000Z", "20270310T180000Z", "TRANSP:TRANSPARENT"), from, to, "UTC"),
    ).toEqual([]);
    expect(busy(utcEvent("gone", "20270310T170000Z", "20270310T180000Z", "STATUS:CANCELLED"), from, to, "UTC")).toEqual(
      [],
    );
    expect(
      busy(
        utcEvent("held", "20270310T170000Z", "20270310T180000Z", "TRANSP:OPAQUE", "STATUS:CONFIRMED"),
        from,
        to,
        "UTC",
      ),
    ).toEqual(["2027-03-10T17:00:00Z 2027-03-10T18:00:00Z"]);
  });

  test("a cancelled series is free, its instances too", () => {
    const ics = vcalendar(
      vevent(
        "UID:series",
        "DTSTART:20270301T170000Z",
        "DTEND:20270301T180000Z",
        "RRULE:FREQ=DAILY",
        "STATUS:CANCELLED",
      ),
    );
    expect(busy(ics, from, to, "UTC")).toEqual([]);
  });

  test("a floating time is on the company's clock; DURATION gives the end; a zero-length event blocks nothing", () => {
    const floating = vcalendar(vevent("UID:floating", "DTSTART:20270310T090000", "DURATION:PT45M"));
    expect(busy(floating, from, to, "America/Los_Angeles")).toEqual(["2027-03-10T17:00:00Z 2027-03-10T17:45:00Z"]);
    expect(busy(utcEvent("reminder", "20270310T170000Z", "20270310T170000Z"), from, to, "UTC")).toEqual([]);
  });

  test("only what overlaps the range, even of a series started years before", () => {
    const daily = vcalendar(
      berlinZone,
      vevent(
        "UID:daily",
        "DTSTART;TZID=Europe/Berlin:20150105T080000",
        "DTEND;TZID=Europe/Berlin:20150105T083000",
        "RRULE:FREQ=DAILY",
      ),
    );
    expect(busy(daily, "2027-03-10T00:00:00Z", "2027-03-12T07:15:00Z", "Europe/Berlin")).toEqual([
      "2027-03-10T07:00:00Z 2027-03-10T07:30:00Z",
      "2027-03-11T07:00:00Z 2027-03-11T07:30:00Z",
      "2027-03-12T07:00:00Z 2027-03-12T07:30:00Z",
    ]);
    const weekdays = vcalendar(
      berlinZone,
      vevent(
        "UID:weekdays",
        "DTSTART;TZID=Europe/Berlin:20150105T080000",
        "DTEND;TZID=Europe/Berlin:20150105T083000",
        "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
      ),
    );
    expect(busy(weekdays, "2027-03-12T00:00:00Z", "2027-03-16T00:00:00Z", "Europe/Berlin")).toEqual([
      "2027-03-12T07:00:00Z 2027-03-12T07:30:00Z",
      "2027-03-15T07:00:00Z 2027-03-15T07:30:00Z",
    ]);
    // Every other week since Monday 4 January 2016: the week of 8 March 2027 is an off week.
    const fortnightly = vcalendar(
      berlinZone,
      vevent(
        "UID:fortnightly",
        "DTSTART;TZID=Europe/Berlin:20160104T090000",
        "DTEND;TZID=Europe/Berlin:20160104T100000",
        "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE",
      ),
    );
    expect(busy(fortnightly, "2027-03-08T00:00:00Z", "2027-03-20T00:00:00Z", "Europe/Berlin")).toEqual([
      "2027-03-15T08:00:00Z 2027-03-15T09:00:00Z",
      "2027-03-17T08:00:00Z 2027-03-17T09:00:00Z",
    ]);
    // A count is kept from the first instance: 100 working days from 5 January 2015 end in May 2015.
    const counted = vcalendar(
      vevent(
        "UID:counted",
        "DTSTART:20150105T080000Z",
        "DTEND:20150105T083000Z",
        "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=100",
      ),
    );
    expect(busy(counted, "2027-03-01T00:00:00Z", "2027-04-01T00:00:00Z", "UTC")).toEqual([]);
    expect(busy(counted, "2015-05-22T00:00:00Z", "2015-05-30T00:00:00Z", "UTC")).toEqual([
      "2015-05-22T08:00:00Z 2015-05-22T08:30:00Z",
    ]);
  });

  test("nothing but times and UIDs comes out, and unreadable text is refused", () => {
    const [event] = busyEventsOf(utcEvent("call", "20270310T170000Z", "20270310T180000Z"), range(from, to), "UTC");
    expect(Object.keys(event ?? {}).sort()).toEqual(["end", "start", "uid"]);
    expect(() => busyEventsOf("BEGIN:VCALENDAR\r\nnot a calendar", range(from, to), "UTC")).toThrow();
  });

  test("busy times are merged when they overlap or touch, and sorted", () => {
    const at = (iso: string) => Temporal.Instant.from(iso);
    const merged = mergeBusy([
      { start: at("2027-03-10T12:00:00Z"), end: at("2027-03-10T13:00:00Z") },
      { start: at("2027-03-10T09:00:00Z"), end: at("2027-03-10T10:00:00Z") },
      { start: at("2027-03-10T09:30:00Z"), end: at("2027-03-10T11:00:00Z") },
      { start: at("2027-03-10T11:00:00Z"), end: at("2027-03-10T11:30:00Z") },
    ]);
    expect(merged.map(([start, end]) => [new Date(start).toISOString(), new Date(end).toISOString()])).toEqual([
      ["2027-03-10T09:00:00.000Z", "2027-03-10T11:30:00.000Z"],
      ["2027-03-10T12:00:00.000Z", "2027-03-10T13:00:00.000Z"],
    ]);
  });
});

describe("calendar busy times in the free times", () => {
  const availability: Availability = {
    timeZone: "Europe/Berlin",
    hours: parseWeeklyHours("mon-fri 09:00-12:00") as Availability["hours"],
    bufferBeforeMinutes: 15,
    bufferAfterMinutes: 15,
    minNoticeHours: 0,
    horizonDays: 30,
    maxPerDay: 6,
    daysOff: new Set(),
  };
  const now = Temporal.Instant.from("2027-03-22T00:00:00Z");

  test("the stand-up's hours and an all-day event leave no start that would touch them, and the check at booking agrees", () => {
    const window = range("2027-03-21T00:00:00Z", "2027-04-30T00:00:00Z");
    const events = [
      ...busyEventsOf(berlinStandUp, window, "Europe/Berlin"),
      ...busyEventsOf(allDay("20270325"), window, "Europe/Berlin"),
    ];
    const days = freeTimes({ availability, now, bookings: [], busy: events, visitorTimeZone: "Europe/Berlin" });
    const times = (date: string) => days.find((day) => day.date === date)?.slots.map((slot) => slot.company.time);
    // Tuesday 23 March (winter time), stand-up 10:00-11:00: 09:00 (ends 09:30, +15 buffer = 09:45) is free; 09:30 to 10:30 touch it.
    expect(times("2027-03-23")).toEqual(["09:00", "11:30"]);
    // Tuesday 30 March (summer time): the same wall-clock hours.
    expect(times("2027-03-30")).toEqual(["09:00", "11:30"]);
    // Thursday 25 March: all day.
    expect(times("2027-03-25")).toEqual([]);
    expect(times("2027-03-24")).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);

    for (const day of days) {
      for (const slot of day.slots)
        expect(clashesWithCalendar(availability, Temporal.Instant.from(slot.start), events), slot.start).toBe(false);
    }
    for (const time of ["09:30", "10:00", "10:30", "11:00"]) {
      const start = Temporal.PlainDateTime.from(`2027-03-30T${time}`).toZonedDateTime("Europe/Berlin").toInstant();
      expect(clashesWithCalendar(availability, start, events), time).toBe(true);
    }
  });
});
