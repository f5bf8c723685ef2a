import { z } from "zod";
import { allOrNone, httpsOrLocalUrl, httpsUrl, optional, parsedWith, wholeNumber } from "#app/platform/env.ts";
import { isTimeZoneName } from "#app/platform/time-zones.ts";
import { cellMinutes, parseDaysOff, parseWeeklyHours } from "./weekly-hours.ts";

// The booking's variables (decisions 020, 022, 023) and the team's calendar's (decision 027),
// validated at start-up with the rest of the configuration (app/config.ts).

// The team's calendar holds the company's credentials: they go in their own variables.
const calendarUrl = httpsOrLocalUrl().refine((url) => !new URL(url).username && !new URL(url).password, {
  error: "must not carry credentials: use CALDAV_USERNAME and CALDAV_PASSWORD",
});

/** The variables that connect the team's calendar: all three or none. */
const calDavRequired = ["CALDAV_URL", "CALDAV_USERNAME", "CALDAV_PASSWORD"] as const;

const bufferMinutes = () =>
  wholeNumber(0, 240, "minutes").multipleOf(cellMinutes, { error: `must be a multiple of ${cellMinutes} minutes` });

export const BookingConfig = z
  .object({
    BOOKING_TIME_ZONE: optional(
      z
        .string()
        .refine(isTimeZoneName, { error: "must be an IANA time zone name, like America/Los_Angeles or Europe/Berlin" }),
    ).default("America/Los_Angeles"),
    BOOKING_HOURS: optional(z.string()).default("mon-fri 09:00-17:00").transform(parsedWith(parseWeeklyHours)),
    BOOKING_BUFFER_BEFORE_MINUTES: optional(bufferMinutes()).default(0),
    BOOKING_BUFFER_AFTER_MINUTES: optional(bufferMinutes()).default(15),
    BOOKING_MIN_NOTICE_HOURS: optional(wholeNumber(0, 24 * 30, "hours")).default(12),
    BOOKING_HORIZON_DAYS: optional(wholeNumber(1, 366, "days")).default(42),
    BOOKING_MAX_PER_DAY: optional(wholeNumber(1, 48, "meetings")).default(6),
    BOOKING_DAYS_OFF: optional(z.string()).default("").transform(parsedWith(parseDaysOff)),
    // Who receives the team's invitations (and cancellations) of booked meetings.
    BOOKING_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
    // The meeting's video link: one fixed address, or a template whose {room} becomes a random room per meeting.
    BOOKING_VIDEO_URL: optional(httpsUrl),
    BOOKING_REMINDER_HOURS: optional(wholeNumber(0, 24 * 7, "hours")).default(24),
    BOOKING_MAX_UPCOMING_PER_EMAIL: optional(wholeNumber(1, 50, "meetings")).default(3),
    // The team's calendar over CalDAV (decision 027): off unless all three are set.
    CALDAV_URL: optional(calendarUrl),
    CALDAV_USERNAME: optional(z.string()),
    CALDAV_PASSWORD: optional(z.string()),
    CALDAV_REFRESH_SECONDS: optional(wholeNumber(15, 24 * 60 * 60, "seconds")).default(120),
  })
  .superRefine((env, context) => allOrNone(calDavRequired, env, context));

export type BookingEnv = z.output<typeof BookingConfig>;

/** The team's calendar (CalDAV), when configured: the collection's address ends with a slash, so its events resolve inside it. */
export function calDavConfig(env: BookingEnv) {
  if (!env.CALDAV_URL || env.CALDAV_USERNAME === undefined || env.CALDAV_PASSWORD === undefined) return null;
  const url = env.CALDAV_URL.endsWith("/") ? env.CALDAV_URL : `${env.CALDAV_URL}/`;
  return {
    url,
    username: env.CALDAV_USERNAME,
    password: env.CALDAV_PASSWORD,
    refreshMs: env.CALDAV_REFRESH_SECONDS * 1000,
  };
}
