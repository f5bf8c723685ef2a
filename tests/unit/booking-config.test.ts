import { describe, expect, test } from "vitest";
import { availabilityFromEnv } from "#app/booking/availability.ts";
import { parseConfig } from "#app/config.ts";
import { ConfigError } from "#app/platform/env.ts";

function problems(source: Record<string, string>) {
  try {
    parseConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("booking configuration", () => {
  test("defaults make a working schedule on a fresh machine", () => {
    const availability = availabilityFromEnv(parseConfig({}));
    const weekday = [{ start: 9 * 60, end: 17 * 60 }];
    expect(availability).toEqual({
      timeZone: "America/Los_Angeles",
      hours: { 1: weekday, 2: weekday, 3: weekday, 4: weekday, 5: weekday },
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 15,
      minNoticeHours: 12,
      horizonDays: 42,
      maxPerDay: 6,
      daysOff: new Set(),
    });
  });

  test("reads weekly hours with several ranges, single days, lists of days and the 24:00 end", () => {
    const env = parseConfig({
      BOOKING_TIME_ZONE: "Europe/Berlin",
      BOOKING_HOURS: " Mon-Thu 13:00-17:00,09:00-12:00 ; fri 09:00-12:00; sat,sun 20:00-24:00; ",
      BOOKING_BUFFER_BEFORE_MINUTES: "15",
      BOOKING_BUFFER_AFTER_MINUTES: "0",
      BOOKING_MIN_NOTICE_HOURS: "0",
      BOOKING_HORIZON_DAYS: "90",
      BOOKING_MAX_PER_DAY: "1",
      BOOKING_DAYS_OFF: "2026-12-25, 2026-12-24,2026-12-25",
    });
    const availability = availabilityFromEnv(env);
    const monToThu = [
      { start: 540, end: 720 },
      { start: 780, end: 1020 },
    ];
    expect(availability.hours).toEqual({
      1: monToThu,
      2: monToThu,
      3: monToThu,
      4: monToThu,
      5: [{ start: 540, end: 720 }],
      6: [{ start: 1200, end: 1440 }],
      7: [{ start: 1200, end: 1440 }],
    });
    expect(availability).toMatchObject({
      timeZone: "Europe/Berlin",
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 0,
      minNoticeHours: 0,
      horizonDays: 90,
      maxPerDay: 1,
    });
    expect([...availability.daysOff]).toEqual(["2026-12-24", "2026-12-25"]);
  });

  test("a bad value stops start-up with a message naming the variable", () => {
    expect(
      problems({
        BOOKING_TIME_ZONE: "Mars/Olympus_Mons",
        BOOKING_BUFFER_BEFORE_MINUTES: "10",
        BOOKING_BUFFER_AFTER_MINUTES: "-15",
        BOOKING_MIN_NOTICE_HOURS: "1.5",
        BOOKING_HORIZON_DAYS: "0",
        BOOKING_MAX_PER_DAY: "many",
        BOOKING_DAYS_OFF: "2026-02-30",
      }),
    ).toEqual([
      "BOOKING_TIME_ZONE must be an IANA time zone name, like America/Los_Angeles or Europe/Berlin",
      "BOOKING_BUFFER_BEFORE_MINUTES must be a multiple of 15 minutes",
      "BOOKING_BUFFER_AFTER_MINUTES must be a whole number of minutes from 0 to 240",
      "BOOKING_MIN_NOTICE_HOURS must be a whole number of hours from 0 to 720",
      "BOOKING_HORIZON_DAYS must be a whole number of days from 1 to 366",
      "BOOKING_MAX_PER_DAY must be a whole number of meetings from 1 to 48",
      'BOOKING_DAYS_OFF "2026-02-30" is not a date like 2026-12-24',
    ]);
  });

  test.each([
    ["+01:00", "BOOKING_TIME_ZONE must be an IANA time zone name"],
    ["Europe/Berlin ", "BOOKING_TIME_ZONE must be an IANA time zone name"],
  ])("the time zone %j is refused", (zone, message) => {
    expect(problems({ BOOKING_TIME_ZONE: zone })[0]).toContain(message);
  });

  test.each([
    ["mon-fri", 'BOOKING_HOURS "mon-fri" must be days then times'],
    ["weekdays 09:00-17:00", 'BOOKING_HOURS "weekdays" is not a day or range of days'],
    ["fri-mon 09:00-17:00", 'BOOKING_HOURS "fri-mon" must run from the earlier day to the later one'],
    ["mon 9:00-17:00", 'BOOKING_HOURS "9:00-17:00" is not a time range like 09:00-17:00'],
    ["mon 09:00-25:00", 'BOOKING_HOURS "09:00-25:00" is not a time range'],
    ["mon 09:10-17:00", 'BOOKING_HOURS "09:10-17:00" must start and end on a quarter hour'],
    ["mon 17:00-09:00", 'BOOKING_HOURS "17:00-09:00" must last at least 30 minutes'],
    ["mon 09:00-12:00,11:00-13:00", 'BOOKING_HOURS the ranges of "mon 09:00-12:00,11:00-13:00" overlap'],
    ["mon-fri 09:00-17:00; fri 18:00-19:00", "BOOKING_HOURS fri is given more than once"],
    [" ; ", "BOOKING_HOURS must name at least one day"],
  ])("the hours %j are refused", (hours, message) => {
    const found = problems({ BOOKING_HOURS: hours });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });
});
