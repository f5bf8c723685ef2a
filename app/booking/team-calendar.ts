import type { Temporal } from "temporal-polyfill";
import { type Availability, meetingMinutes } from "./availability.ts";
import type { Interval } from "./free-times.ts";

// The team's calendar's busy times (app/booking/team-calendar.server.ts, decision 027) at the
// moment a meeting is stored: the page offered its times from them, and a post with a time that
// has become busy since (or a forged one) is refused like a taken time.

/** Whether a meeting at `start` with its buffers overlaps a busy time: the rule freeTimes applies to every start it offers. */
export function clashesWithCalendar(availability: Availability, start: Temporal.Instant, busy: readonly Interval[]) {
  const from = start.epochMilliseconds - availability.bufferBeforeMinutes * 60_000;
  const to = start.epochMilliseconds + (meetingMinutes + availability.bufferAfterMinutes) * 60_000;
  return busy.some((event) => event.start.epochMilliseconds < to && from < event.end.epochMilliseconds);
}
