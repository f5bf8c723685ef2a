import { Temporal } from "temporal-polyfill";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { currentZoneName, zoneChoices } from "#app/platform/time-zones.ts";
import type { FreeDay } from "./free-times.ts";

// What the booking page shows, built from the free-times engine's days: the month grid and every
// label, in words (English, US order). Built on the server only and sent as text, so the page a
// browser hydrates reads exactly as the one the server rendered, whatever the browser's own
// time-zone data says (and Temporal stays out of the browser's bundle: components import types only).

export type CalendarCopy = { oneFree: string; manyFree: string; noneFree: string };
export type CalendarDay = {
  date: string;
  /** The day of the month, as the grid shows it. */
  day: number;
  /** "Tuesday, June 2, 2026: 3 free times": the day's accessible name. */
  name: string;
  free: number;
};
export type CalendarMonth = {
  /** "2026-06": the month's address in `?month`. */
  key: string;
  title: string;
  weeks: Array<Array<CalendarDay | null>>;
};

const dateOnly = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const monthTitle = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", timeZone: "UTC" });
const weekdayShort = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
const weekdayLong = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" });

const utcMidday = (date: Temporal.PlainDate) => Date.UTC(date.year, date.month - 1, date.day, 12);

/** "Tuesday, June 2, 2026" for an ISO date (a calendar day, in no zone). */
export const dayName = (date: string) => dateOnly.format(utcMidday(Temporal.PlainDate.from(date)));

export type WeekdayHead = { short: string; long: string };

/** The grid's column heads, Sunday first as US calendars are: short and full names. */
export const weekdayHeads: WeekdayHead[] = Array.from({ length: 7 }, (_, index) => {
  const date = Temporal.PlainDate.from("2026-01-04").add({ days: index }); // a Sunday
  return { short: weekdayShort.format(utcMidday(date)), long: weekdayLong.format(utcMidday(date)) };
});

/**
 * The visitor's days as months of weeks (Sunday to Saturday); cells outside the days given are
 * null, so each month shows only the weeks the booking window touches.
 */
export function monthGrid(days: FreeDay[], copy: CalendarCopy): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  type Building = { key: string; month: CalendarMonth; week: Array<CalendarDay | null> };
  let current = null as Building | null;
  for (const { date, slots } of days) {
    const plain = Temporal.PlainDate.from(date);
    const key = `${plain.year}-${String(plain.month).padStart(2, "0")}`;
    const column = plain.dayOfWeek % 7; // Sunday is 7 in ISO, the first column here
    if (current?.key !== key) {
      current = {
        key,
        month: { key, title: monthTitle.format(utcMidday(plain)), weeks: [] },
        week: Array(7).fill(null),
      };
      months.push(current.month);
      current.month.weeks.push(current.week);
    } else if (column === 0) {
      current.week = Array(7).fill(null);
      current.month.weeks.push(current.week);
    }
    const free = slots.length;
    const template = free === 0 ? copy.noneFree : free === 1 ? copy.oneFree : copy.manyFree;
    const name = fillTemplate(template, { day: dayName(date), count: free });
    current.week[column] = { date, day: plain.day, name, free };
  }
  return months;
}

/** A month and its neighbours in the window, to step through. */
export type MonthStep = { key: string; title: string } | null;

/**
 * The one month the calendar shows (Cal.com's shape): the one asked for by `?month`, else the
 * chosen day's, else the first with a free day; with the months before and after it to step to.
 */
export function shownMonth(months: CalendarMonth[], asked: string | null, day: string | null) {
  const step = (month: CalendarMonth | undefined): MonthStep => (month ? { key: month.key, title: month.title } : null);
  const hasFree = (month: CalendarMonth) => month.weeks.some((week) => week.some((cell) => (cell?.free ?? 0) > 0));
  let index = months.findIndex((month) => month.key === asked);
  if (index < 0 && day) index = months.findIndex((month) => month.key === day.slice(0, 7));
  if (index < 0) index = Math.max(0, months.findIndex(hasFree));
  const month = months[index];
  return {
    months: month ? [month] : [],
    previous: step(months[index - 1]),
    next: step(months[index + 1]),
  };
}

/** "Tuesday, June 2, 2026 at 9:00 AM Eastern Daylight Time": an instant as it reads in a zone. */
export function timeName(instant: string, timeZone: string) {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "long",
  }).format(Temporal.Instant.from(instant).epochMilliseconds);
}

/** "9:00 AM" in a zone. */
export function clockTime(instant: string, timeZone: string) {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(
    Temporal.Instant.from(instant).epochMilliseconds,
  );
}

/** The city a zone is named for, by its current name: "Kolkata" for Asia/Calcutta, "Los Angeles"; none for UTC or Etc/GMT+5. */
function zoneCity(timeZone: string) {
  if (!timeZone.includes("/") || timeZone.startsWith("Etc/")) return null;
  return (currentZoneName(timeZone).split("/").at(-1) ?? "").replaceAll("_", " ");
}

/**
 * A zone as people name it: "Central European Time (Berlin)", "India Standard Time (Kolkata)",
 * "Pacific Time (Los Angeles)"; "Coordinated Universal Time" for UTC. The generic name (no
 * summer or winter) for the zone as a whole; where the zone has none, its name at `at`.
 */
export function zoneName(timeZone: string, at: Temporal.Instant) {
  const nameAs = (timeZoneName: "longGeneric" | "long") =>
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName })
      .formatToParts(at.epochMilliseconds)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  const generic = nameAs("longGeneric");
  const name = generic.startsWith("GMT") ? nameAs("long") : generic;
  const city = zoneCity(timeZone);
  return city && !name.includes(city) ? `${name} (${city})` : name;
}

/**
 * Our time beside a visitor's, short ("9:00 AM PDT"), with the weekday when it falls on another
 * day there ("Mon, 4:00 PM PDT"); null when it reads the same in both zones.
 */
export function ourClockTime(instant: string, visitorZone: string, ourZone: string) {
  const at = Temporal.Instant.from(instant);
  const visitorDay = at.toZonedDateTimeISO(visitorZone).toPlainDate();
  const ourDay = at.toZonedDateTimeISO(ourZone).toPlainDate();
  const ours = clockTime(instant, ourZone);
  if (ours === clockTime(instant, visitorZone) && visitorDay.equals(ourDay)) return null;
  return new Intl.DateTimeFormat("en-US", {
    weekday: visitorDay.equals(ourDay) ? undefined : "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: ourZone,
    timeZoneName: "short",
  }).format(at.epochMilliseconds);
}

/**
 * The zones to choose from: the runtime's, by their current IANA names ("Asia/Kolkata", never
 * "Asia/Calcutta"), with the current one even when it is an alias the list leaves out.
 */
export function zoneOptions(current: string) {
  const zones = zoneChoices();
  return zones.includes(current) ? [...zones] : [...zones, current].sort();
}
