// The readable formats of the booking configuration (BOOKING_HOURS, BOOKING_DAYS_OFF), which
// booking-config.ts validates at start-up.
// Times are the company's wall-clock times, kept as minutes after midnight: turning them into
// instants is the booking engine's job (app/booking/free-times.ts), through Temporal.

/** Monday is 1 and Sunday 7, as Temporal's `dayOfWeek`. */
export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export type TimeRange = { start: number; end: number };
/** The ranges of each weekday (1 = Monday … 7 = Sunday), in order; a day without ranges is closed. */
export type WeeklyHours = Record<number, TimeRange[]>;

export const hoursFormat = '"mon-fri 09:00-12:00,13:00-17:00; sat 10:00-12:00"';

/** Booked time is claimed in quarter-hour cells (app/booking/claims.server.ts), so ranges and buffers fall on them. */
export const cellMinutes = 15;

function parseTime(text: string) {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= 24 * 60 ? minutes : null;
}

function parseDays(text: string): number[] | string {
  const days: number[] = [];
  for (const part of text.split(",")) {
    const [first, last = first] = part.split("-");
    const from = weekdays.indexOf(first as (typeof weekdays)[number]);
    const to = weekdays.indexOf(last as (typeof weekdays)[number]);
    if (from < 0 || to < 0) return `"${part}" is not a day or range of days (mon, tue, wed, thu, fri, sat, sun)`;
    if (to < from) return `"${part}" must run from the earlier day to the later one within a week`;
    for (let day = from; day <= to; day++) days.push(day + 1);
  }
  return days;
}

/** Parses `mon-fri 09:00-12:00,13:00-17:00; sat 10:00-12:00`; a string is the problem found. */
export function parseWeeklyHours(text: string): WeeklyHours | string {
  const hours: WeeklyHours = {};
  for (const entry of text.split(";").map((part) => part.trim())) {
    if (entry === "") continue;
    const [daysText = "", rangesText, ...rest] = entry.split(/\s+/);
    if (!rangesText || rest.length > 0) return `"${entry}" must be days then times, like ${hoursFormat}`;
    const days = parseDays(daysText.toLowerCase());
    if (typeof days === "string") return days;
    const ranges: TimeRange[] = [];
    for (const rangeText of rangesText.split(",")) {
      const [startText = "", endText = "", ...extra] = rangeText.split("-");
      const start = parseTime(startText);
      const end = parseTime(endText);
      if (start === null || end === null || extra.length > 0)
        return `"${rangeText}" is not a time range like 09:00-17:00 (24-hour clock)`;
      if (start % cellMinutes !== 0 || end % cellMinutes !== 0)
        return `"${rangeText}" must start and end on a quarter hour`;
      if (end - start < 30) return `"${rangeText}" must last at least 30 minutes (one meeting)`;
      ranges.push({ start, end });
    }
    ranges.sort((a, b) => a.start - b.start);
    if (ranges.some((range, index) => index > 0 && range.start < ranges[index - 1]!.end))
      return `the ranges of "${entry}" overlap`;
    for (const day of days) {
      if (hours[day]) return `${weekdays[day - 1]} is given more than once`;
      hours[day] = ranges;
    }
  }
  if (Object.keys(hours).length === 0) return `must name at least one day, like ${hoursFormat}`;
  return hours;
}

/** Parses a comma-separated list of ISO dates (`2026-12-24,2026-12-25`); a string is the problem found. */
export function parseDaysOff(text: string): string[] | string {
  const dates = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  for (const date of dates) {
    // A calendar date only: the round trip through a UTC midnight refuses 2026-02-30.
    const midnight = new Date(`${date}T00:00:00Z`);
    const valid =
      /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(midnight.getTime()) && midnight.toISOString().startsWith(date);
    if (!valid) return `"${date}" is not a date like 2026-12-24`;
  }
  return [...new Set(dates)].sort();
}
