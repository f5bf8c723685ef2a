import type { BookingEnv } from "./booking-config.ts";
import type { WeeklyHours } from "./weekly-hours.ts";

/** spec.md §9: the consultation lasts 30 minutes; its starts are on a 30-minute grid of the company's clock. */
export const meetingMinutes = 30;

/** When the company takes meetings: read from the BOOKING_* variables, already validated at start-up. */
export type Availability = {
  /** The company's IANA time zone: its hours, days off and daily limit are in its wall-clock time. */
  timeZone: string;
  hours: WeeklyHours;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeHours: number;
  /** How many company days, today included, can be booked. */
  horizonDays: number;
  maxPerDay: number;
  /** ISO dates (company days) without meetings. */
  daysOff: ReadonlySet<string>;
};

export function availabilityFromEnv(env: BookingEnv): Availability {
  return {
    timeZone: env.BOOKING_TIME_ZONE,
    hours: env.BOOKING_HOURS,
    bufferBeforeMinutes: env.BOOKING_BUFFER_BEFORE_MINUTES,
    bufferAfterMinutes: env.BOOKING_BUFFER_AFTER_MINUTES,
    minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS,
    horizonDays: env.BOOKING_HORIZON_DAYS,
    maxPerDay: env.BOOKING_MAX_PER_DAY,
    daysOff: new Set(env.BOOKING_DAYS_OFF),
  };
}
