import { Temporal } from "temporal-polyfill";
import { describe, expect, test } from "vitest";
import { type Availability, availabilityFromEnv } from "#app/booking/availability.ts";
import { type FreeDay, type FreeTimesQuery, freeTimes, startProblem } from "#app/booking/free-times.ts";
import { parseConfig } from "#app/config.ts";

// Every expected instant below is worked out by hand from the zones' rules (2026):
// Europe/Berlin +01:00 → +02:00 on 29 March at 02:00, back on 25 October at 03:00;
// America/New_York -05:00 → -04:00 on 8 March, back on 1 November;
// Australia/Sydney +11:00 → +10:00 on 5 April at 03:00, +10:00 → +11:00 on 4 October at 02:00;
// Asia/Kolkata +05:30 all year.

function availability(variables: Record<string, string>): Availability {
  return availabilityFromEnv(
    parseConfig({ BOOKING_MIN_NOTICE_HOURS: "0", BOOKING_BUFFER_AFTER_MINUTES: "0", ...variables }),
  );
}

const at = (iso: string) => Temporal.Instant.from(iso);
const meeting = (start: string) => ({ start: at(start), end: at(start).add({ minutes: 30 }) });

function free(query: Partial<Omit<FreeTimesQuery, "now">> & { availability: Availability; now: string }) {
  return freeTimes({ bookings: [], visitorTimeZone: query.availability.timeZone, ...query, now: at(query.now) });
}

const day = (days: FreeDay[], date: string) => days.find((found) => found.date === date)?.slots ?? [];
const starts = (days: FreeDay[], date: string) => day(days, date).map((slot) => slot.start);

describe("free times across clock changes", () => {
  // Night hours on the Sundays of the changes, so the skipped and the repeated hour fall inside them.
  const night = { BOOKING_HOURS: "sun 01:00-04:00" };

  test("Berlin in March: the skipped hour (02:00-03:00) yields no start, and nothing shifts", () => {
    const berlin = availability({ ...night, BOOKING_TIME_ZONE: "Europe/Berlin" });
    const days = free({ availability: berlin, now: "2026-03-28T12:00:00Z" });
    expect(starts(days, "2026-03-29")).toEqual([
      "2026-03-29T00:00:00Z",
      "2026-03-29T00:30:00Z",
      "2026-03-29T01:00:00Z",
      "2026-03-29T01:30:00Z",
    ]);
    expect(day(days, "2026-03-29").map((slot) => `${slot.company.time}${slot.company.offset}`)).toEqual([
      "01:00+01:00",
      "01:30+01:00",
      "03:00+02:00",
      "03:30+02:00",
    ]);
  });

  test("Berlin in October: the repeated hour (02:00-03:00) starts once, at its first occurrence", () => {
    const berlin = availability({ ...night, BOOKING_TIME_ZONE: "Europe/Berlin" });
    const days = free({ availability: berlin, now: "2026-10-24T12:00:00Z" });
    expect(starts(days, "2026-10-25")).toEqual([
      "2026-10-24T23:00:00Z",
      "2026-10-24T23:30:00Z",
      "2026-10-25T00:00:00Z",
      "2026-10-25T00:30:00Z",
      "2026-10-25T02:00:00Z",
      "2026-10-25T02:30:00Z",
    ]);
    expect(day(days, "2026-10-25").map((slot) => `${slot.company.time}${slot.company.offset}`)).toEqual([
      "01:00+02:00",
      "01:30+02:00",
      "02:00+02:00",
      "02:30+02:00",
      "03:00+01:00",
      "03:30+01:00",
    ]);
  });

  test("Sydney (southern): the repeated hour in April, the skipped one in October", () => {
    const sydney = availability({ ...night, BOOKING_TIME_ZONE: "Australia/Sydney" });
    const april = free({ availability: sydney, now: "2026-04-04T00:00:00Z" });
    expect(starts(april, "2026-04-05")).toEqual([
      "2026-04-04T14:00:00Z",
      "2026-04-04T14:30:00Z",
      "2026-04-04T15:00:00Z",
      "2026-04-04T15:30:00Z",
      "2026-04-04T17:00:00Z",
      "2026-04-04T17:30:00Z",
    ]);
    const october = free({ availability: sydney, now: "2026-10-03T00:00:00Z" });
    expect(starts(october, "2026-10-04")).toEqual([
      "2026-10-03T15:00:00Z",
      "2026-10-03T15:30:00Z",
      "2026-10-03T16:00:00Z",
      "2026-10-03T16:30:00Z",
    ]);
  });

  test("Berlin's hours seen from New York in March: the two zones change on different dates", () => {
    const berlin = availability({ BOOKING_TIME_ZONE: "Europe/Berlin", BOOKING_HOURS: "mon-fri 09:00-17:00" });
    const days = free({
      availability: berlin,
      now: "2026-03-05T12:00:00Z",
      visitorTimeZone: "America/New_York",
      bookings: [],
    });
    // Friday 6 March: both on winter time, six hours apart.
    expect(day(days, "2026-03-06")[0]).toEqual({
      start: "2026-03-06T08:00:00Z",
      end: "2026-03-06T08:30:00Z",
      visitor: { date: "2026-03-06", time: "03:00", offset: "-05:00" },
      company: { date: "2026-03-06", time: "09:00", offset: "+01:00" },
    });
    // Monday 9 March: New York has moved on, Berlin not yet: five hours apart.
    expect(day(days, "2026-03-09")[0]).toMatchObject({
      start: "2026-03-09T08:00:00Z",
      visitor: { time: "04:00", offset: "-04:00" },
      company: { time: "09:00" },
    });
    // Monday 30 March: both on summer time, six hours apart again; Berlin's 09:00 stays 09:00.
    expect(day(days, "2026-03-30")[0]).toMatchObject({
      start: "2026-03-30T07:00:00Z",
      visitor: { time: "03:00", offset: "-04:00" },
      company: { time: "09:00", offset: "+02:00" },
    });
    expect(day(days, "2026-03-30").at(-1)).toMatchObject({
      start: "2026-03-30T14:30:00Z",
      visitor: { time: "10:30" },
      company: { time: "16:30" },
    });
    expect(day(days, "2026-03-30")).toHaveLength(16);
  });

  test("Berlin's hours seen from New York in October and November", () => {
    const berlin = availability({ BOOKING_TIME_ZONE: "Europe/Berlin", BOOKING_HOURS: "mon-fri 09:00-17:00" });
    const days = free({ availability: berlin, now: "2026-10-22T12:00:00Z", visitorTimeZone: "America/New_York" });
    expect(day(days, "2026-10-23")[0]).toMatchObject({
      start: "2026-10-23T07:00:00Z",
      visitor: { time: "03:00", offset: "-04:00" },
      company: { time: "09:00", offset: "+02:00" },
    });
    expect(day(days, "2026-10-26")[0]).toMatchObject({
      start: "2026-10-26T08:00:00Z",
      visitor: { time: "04:00", offset: "-04:00" },
      company: { time: "09:00", offset: "+01:00" },
    });
    expect(day(days, "2026-11-02")[0]).toMatchObject({
      start: "2026-11-02T08:00:00Z",
      visitor: { time: "03:00", offset: "-05:00" },
      company: { time: "09:00", offset: "+01:00" },
    });
    expect(starts(days, "2026-10-24")).toEqual([]);
  });

  test("Kolkata's half-hour offset: starts on the company's grid, read on another zone's", () => {
    const kolkata = availability({ BOOKING_TIME_ZONE: "Asia/Kolkata", BOOKING_HOURS: "mon 09:00-11:00" });
    const days = free({ availability: kolkata, now: "2026-03-01T00:00:00Z", visitorTimeZone: "Europe/Berlin" });
    expect(day(days, "2026-03-02")).toEqual(
      ["03:30", "04:00", "04:30", "05:00"].map((utc, index) => ({
        start: `2026-03-02T${utc}:00Z`,
        end: `2026-03-02T${["04:00", "04:30", "05:00", "05:30"][index]}:00Z`,
        visitor: { date: "2026-03-02", time: ["04:30", "05:00", "05:30", "06:00"][index], offset: "+01:00" },
        company: { date: "2026-03-02", time: ["09:00", "09:30", "10:00", "10:30"][index], offset: "+05:30" },
      })),
    );
  });

  test("days are the visitor's: Sydney's Monday morning is Sunday afternoon in Los Angeles", () => {
    const sydney = availability({
      BOOKING_TIME_ZONE: "Australia/Sydney",
      BOOKING_HOURS: "mon 09:00-10:00",
      BOOKING_HORIZON_DAYS: "7",
    });
    const days = free({ availability: sydney, now: "2026-04-01T00:00:00Z", visitorTimeZone: "America/Los_Angeles" });
    // Sydney's window is Wednesday 1 April to Tuesday 7 April; Los Angeles sees 31 March to 7 April.
    expect(days.map((found) => found.date)).toEqual([
      "2026-03-31",
      "2026-04-01",
      "2026-04-02",
      "2026-04-03",
      "2026-04-04",
      "2026-04-05",
      "2026-04-06",
      "2026-04-07",
    ]);
    expect(day(days, "2026-04-05")).toEqual([
      {
        start: "2026-04-05T23:00:00Z",
        end: "2026-04-05T23:30:00Z",
        visitor: { date: "2026-04-05", time: "16:00", offset: "-07:00" },
        company: { date: "2026-04-06", time: "09:00", offset: "+10:00" },
      },
      {
        start: "2026-04-05T23:30:00Z",
        end: "2026-04-06T00:00:00Z",
        visitor: { date: "2026-04-05", time: "16:30", offset: "-07:00" },
        company: { date: "2026-04-06", time: "09:30", offset: "+10:00" },
      },
    ]);
    expect(starts(days, "2026-04-06")).toEqual([]);
  });
});

describe("free times and the rules", () => {
  // Los Angeles in June: -07:00, so 09:00 is 16:00Z. Monday 1 June 2026.
  const base = {
    BOOKING_TIME_ZONE: "America/Los_Angeles",
    BOOKING_HOURS: "mon-fri 09:00-12:00",
    BOOKING_HORIZON_DAYS: "7",
  };

  test("minimum notice, the horizon, weekends and days off", () => {
    const rules = availability({ ...base, BOOKING_MIN_NOTICE_HOURS: "2", BOOKING_DAYS_OFF: "2026-06-03" });
    const days = free({ availability: rules, now: "2026-06-01T16:10:00Z" });
    expect(days.map((found) => found.date)).toEqual([
      "2026-06-01",
      "2026-06-02",
      "2026-06-03",
      "2026-06-04",
      "2026-06-05",
      "2026-06-06",
      "2026-06-07",
    ]);
    // 09:10 plus two hours: only 11:30 is left of Monday's morning.
    expect(starts(days, "2026-06-01")).toEqual(["2026-06-01T18:30:00Z"]);
    expect(day(days, "2026-06-02")).toHaveLength(6);
    expect(starts(days, "2026-06-03")).toEqual([]);
    expect(starts(days, "2026-06-06")).toEqual([]);
    // Monday 8 June is the eighth day: beyond a seven-day horizon.
    expect(days.at(-1)?.date).toBe("2026-06-07");
  });

  test("a booked meeting blocks its time and both buffers, the new meeting's as well as its own", () => {
    const rules = availability({ ...base, BOOKING_BUFFER_BEFORE_MINUTES: "15", BOOKING_BUFFER_AFTER_MINUTES: "15" });
    const days = free({
      availability: rules,
      now: "2026-06-01T00:00:00Z",
      bookings: [meeting("2026-06-02T17:00:00Z")],
    });
    // 10:00 is booked; 09:30 and 10:30 would leave less than 15 minutes between the meetings.
    expect(day(days, "2026-06-02").map((slot) => slot.company.time)).toEqual(["09:00", "11:00", "11:30"]);
  });

  test("a busy time blocks the starts whose meeting or buffers overlap it", () => {
    const rules = availability({ ...base, BOOKING_BUFFER_AFTER_MINUTES: "15" });
    const days = free({
      availability: rules,
      now: "2026-06-01T00:00:00Z",
      busy: [{ start: at("2026-06-02T17:00:00Z"), end: at("2026-06-02T18:00:00Z") }],
    });
    expect(day(days, "2026-06-02").map((slot) => slot.company.time)).toEqual(["09:00", "11:00", "11:30"]);
  });

  test("a day with the most meetings per day has no free time left", () => {
    const rules = availability({ ...base, BOOKING_MAX_PER_DAY: "2" });
    const days = free({
      availability: rules,
      now: "2026-06-01T00:00:00Z",
      bookings: [meeting("2026-06-02T16:00:00Z"), meeting("2026-06-02T18:00:00Z"), meeting("2026-06-03T16:00:00Z")],
    });
    expect(starts(days, "2026-06-02")).toEqual([]);
    expect(day(days, "2026-06-03").map((slot) => slot.company.time)).toEqual([
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
    ]);
  });

  test("a start is checked against the same rules: forged, past, too far, off hours or skipped by the clock", () => {
    const rules = availability({ ...base, BOOKING_MIN_NOTICE_HOURS: "12" });
    const now = at("2026-06-01T16:00:00Z");
    expect(startProblem(rules, now, at("2026-06-02T16:00:00Z"))).toBeNull();
    expect(startProblem(rules, now, at("2026-06-02T16:10:00Z"))).toBe("outside-hours");
    expect(startProblem(rules, now, at("2026-06-02T20:00:00Z"))).toBe("outside-hours");
    expect(startProblem(rules, now, at("2026-06-06T16:00:00Z"))).toBe("outside-hours");
    expect(startProblem(rules, now, at("2026-06-01T18:00:00Z"))).toBe("too-soon");
    expect(startProblem(rules, now, at("2026-05-29T16:00:00Z"))).toBe("too-soon");
    expect(startProblem(rules, now, at("2026-06-08T16:00:00Z"))).toBe("too-far");
    const berlin = availability({ BOOKING_TIME_ZONE: "Europe/Berlin", BOOKING_HOURS: "sun 01:00-04:00" });
    const saturday = at("2026-03-28T12:00:00Z");
    // 01:30Z is 03:30 CEST, on the grid; 01:15Z would be the skipped 02:15 read as winter time.
    expect(startProblem(berlin, saturday, at("2026-03-29T01:30:00Z"))).toBeNull();
    expect(startProblem(berlin, saturday, at("2026-03-29T01:15:00Z"))).toBe("outside-hours");
  });
});
