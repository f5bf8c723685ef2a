import { Temporal } from "temporal-polyfill";
import { describe, expect, test } from "vitest";
import { availabilityFromEnv } from "#app/booking/availability.ts";
import { booking } from "#app/booking/booking-content.ts";
import { bookingHref, confirmationHref } from "#app/booking/booking-links.ts";
import { bookingFormSchema } from "#app/booking/booking-schema.ts";
import {
  clockTime,
  dayName,
  monthGrid,
  ourClockTime,
  shownMonth,
  timeName,
  weekdayHeads,
  zoneName,
  zoneOptions,
} from "#app/booking/calendar.ts";
import { freeTimes } from "#app/booking/free-times.ts";
import { parseConfig } from "#app/config.ts";

const availability = availabilityFromEnv(
  parseConfig({
    BOOKING_TIME_ZONE: "America/Los_Angeles",
    BOOKING_HOURS: "mon-fri 09:00-17:00",
    BOOKING_HORIZON_DAYS: "14",
  }),
);
// Thursday 28 May 2026, 12:00 in Los Angeles.
const now = Temporal.Instant.from("2026-05-28T19:00:00Z");
const days = (visitorTimeZone: string) => freeTimes({ availability, now, bookings: [], visitorTimeZone });

describe("the month grid", () => {
  test("shows one month: the one asked for, else the chosen day's, else the first with a free day; with its neighbours", () => {
    const months = monthGrid(days("America/Los_Angeles"), booking.calendar);
    const titles = (shown: ReturnType<typeof shownMonth>) => [
      shown.previous?.title ?? null,
      shown.months.map((month) => month.title).join(),
      shown.next?.title ?? null,
    ];
    expect(titles(shownMonth(months, null, null))).toEqual([null, "May 2026", "June 2026"]);
    expect(titles(shownMonth(months, null, "2026-06-03"))).toEqual(["May 2026", "June 2026", null]);
    expect(titles(shownMonth(months, "2026-05", "2026-06-03"))).toEqual([null, "May 2026", "June 2026"]);
    // A month outside the window is not there to show: the first with a free day is.
    expect(titles(shownMonth(months, "2031-01", null))).toEqual([null, "May 2026", "June 2026"]);
    expect(shownMonth(months, null, null).next?.key).toBe("2026-06");
    expect(bookingHref({ month: "2026-06", day: "2026-05-29", tz: "UTC" })).toBe(
      "/contact/meeting?month=2026-06&day=2026-05-29&tz=UTC",
    );
  });

  test("weeks run Sunday to Saturday; days outside the window are empty cells; months split", () => {
    const months = monthGrid(days("America/Los_Angeles"), booking.calendar);
    expect(months.map((month) => month.title)).toEqual(["May 2026", "June 2026"]);
    const [may, june] = months;
    // 28 May is a Thursday: the first week holds Thursday to Saturday.
    expect(may?.weeks[0]?.map((cell) => cell?.day ?? null)).toEqual([null, null, null, null, 28, 29, 30]);
    expect(may?.weeks).toHaveLength(2);
    expect(june?.weeks[0]?.map((cell) => cell?.day ?? null)).toEqual([null, 1, 2, 3, 4, 5, 6]);
    expect(weekdayHeads.map((head) => head.short)).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    expect(weekdayHeads[0]?.long).toBe("Sunday");
  });

  test("each day's name says weekday, date and how many times are free", () => {
    const cells = monthGrid(days("America/Los_Angeles"), booking.calendar)
      .flatMap((month) => month.weeks.flat())
      .filter((cell) => cell !== null);
    const byDate = (date: string) => cells.find((cell) => cell.date === date);
    // Today: 12 hours' notice leaves nothing.
    expect(byDate("2026-05-28")).toMatchObject({ free: 0, name: "Thursday, May 28, 2026: no free times" });
    // Friday: 12 hours' notice ends at its midnight, so 09:00 to 16:30 are all free.
    expect(byDate("2026-05-29")).toMatchObject({ free: 16, name: "Friday, May 29, 2026: 16 free times" });
    expect(byDate("2026-05-30")).toMatchObject({ free: 0, name: "Saturday, May 30, 2026: no free times" });
  });

  test("a visitor far east sees the company's Friday afternoon on their Saturday morning", () => {
    const cells = monthGrid(days("Asia/Tokyo"), booking.calendar).flatMap((month) => month.weeks.flat());
    const saturday = cells.find((cell) => cell?.date === "2026-05-30");
    // Los Angeles 09:00-17:00 (UTC-7) is Tokyo 01:00-09:00 the next day.
    expect(saturday?.free).toBe(16);
    expect(saturday?.name).toBe("Saturday, May 30, 2026: 16 free times");
    const one = monthGrid([{ date: "2026-06-01", slots: [days("UTC")[1]!.slots[0]!] }], booking.calendar);
    expect(one[0]?.weeks[0]?.[1]?.name).toBe("Monday, June 1, 2026: 1 free time");
  });
});

describe("labels", () => {
  test("a time reads with weekday, date, time and the zone's name at that instant", () => {
    expect(timeName("2026-06-02T16:00:00Z", "America/New_York")).toMatch(
      /^Tuesday, June 2, 2026 at 12:00\sPM Eastern Daylight Time$/,
    );
    expect(timeName("2026-12-01T17:00:00Z", "Europe/Berlin")).toMatch(
      /^Tuesday, December 1, 2026 at 6:00\sPM Central European Standard Time$/,
    );
    expect(timeName("2026-06-02T16:00:00Z", "Asia/Kolkata")).toMatch(
      /^Tuesday, June 2, 2026 at 9:30\sPM India Standard Time$/,
    );
    expect(clockTime("2026-06-02T16:00:00Z", "Australia/Sydney")).toMatch(/^2:00\sAM$/);
    expect(dayName("2026-03-29")).toBe("Sunday, March 29, 2026");
  });

  test("a zone is named as people say it, with its city: the runtime's old identifiers under today's city names", () => {
    expect(zoneName("Europe/Berlin", now)).toBe("Central European Time (Berlin)");
    expect(zoneName("Asia/Kolkata", now)).toBe("India Standard Time (Kolkata)");
    // What Chromium and Node report for a device in Kolkata or Kyiv.
    expect(zoneName("Asia/Calcutta", now)).toBe("India Standard Time (Kolkata)");
    expect(zoneName("Europe/Kiev", now)).toBe("Eastern European Time (Kyiv)");
    expect(zoneName("Asia/Saigon", now)).toBe("Indochina Time (Ho Chi Minh)");
    expect(zoneName("America/Los_Angeles", now)).toBe("Pacific Time (Los Angeles)");
    expect(zoneName("America/Argentina/Buenos_Aires", now)).toBe("Argentina Standard Time (Buenos Aires)");
    expect(zoneName("UTC", now)).toBe("Coordinated Universal Time");
    expect(zoneName("Etc/GMT+5", now)).toBe("GMT-05:00");
  });

  test("our time beside a visitor's: short, with the weekday when it is another day there, none when it reads the same", () => {
    // Tuesday 2 June 2026, 9:00 in Los Angeles.
    const start = "2026-06-02T16:00:00Z";
    expect(ourClockTime(start, "Asia/Kolkata", "America/Los_Angeles")).toBe("9:00 AM PDT");
    expect(ourClockTime(start, "Australia/Sydney", "America/Los_Angeles")).toBe("Tue, 9:00 AM PDT");
    expect(ourClockTime(start, "America/Vancouver", "America/Los_Angeles")).toBeNull();
    expect(ourClockTime(start, "America/Los_Angeles", "America/Los_Angeles")).toBeNull();
  });

  test("the zone list holds the runtime's zones by today's names and the current zone even when it is an alias", () => {
    expect(zoneOptions("Europe/Berlin")).toContain("Europe/Berlin");
    const india = zoneOptions("Asia/Kolkata");
    expect(india).toContain("Asia/Kolkata");
    expect(india).not.toContain("Asia/Calcutta");
    expect(india).toContain("Asia/Ho_Chi_Minh");
    expect(india).not.toContain("Asia/Saigon");
    const zones = zoneOptions("Etc/GMT+5");
    expect(zones).toContain("Etc/GMT+5");
    expect(zones).toEqual([...zones].sort());
  });

  test("links carry the zone only when the visitor chose one; the confirmation carries no id", () => {
    expect(bookingHref({ day: "2026-06-02" })).toBe("/contact/meeting?day=2026-06-02");
    expect(bookingHref({ day: "2026-06-02", tz: "Europe/Berlin" })).toBe(
      "/contact/meeting?day=2026-06-02&tz=Europe%2FBerlin",
    );
    expect(bookingHref({})).toBe("/contact/meeting");
    expect(confirmationHref("2026-06-02T16:00:00Z", "Europe/Berlin")).toBe(
      "/contact/meeting?booked=1&at=2026-06-02T16%3A00%3A00Z&tz=Europe%2FBerlin",
    );
  });
});

describe("the booking form's schema", () => {
  const valid = { start: "2026-06-02T16:00:00Z", tz: "Europe/Berlin", name: "Ada", email: "ada@example.com" };

  test("takes a real UTC instant, a zone name, a name and an e-mail address", () => {
    expect(bookingFormSchema().safeParse(valid).success).toBe(true);
    expect(bookingFormSchema().safeParse({ ...valid, company: "Analytical", topic: "x".repeat(1000) }).success).toBe(
      true,
    );
  });

  test.each([
    ["no time", { start: undefined }],
    ["a time with an offset", { start: "2026-06-02T18:00:00+02:00" }],
    ["30 February", { start: "2026-02-30T16:00:00Z" }],
    ["an unknown zone", { tz: "Mars/Olympus" }],
    ["a fixed offset for a zone", { tz: "+02:00" }],
    ["a topic over 1000 characters", { topic: "x".repeat(1001) }],
    ["a name on two lines", { name: "Ada\nLovelace" }],
  ])("refuses %s", (_case, change) => {
    expect(bookingFormSchema().safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
