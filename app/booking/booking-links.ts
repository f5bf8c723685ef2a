import { pages } from "#app/site/pages.ts";

/**
 * The booking page's address for a day and zone. The zone only when the visitor chose one:
 * without it the company's zone is shown, and with JavaScript the browser's zone is detected.
 */
export function bookingHref({ day, tz }: { day?: string | null; tz?: string | null }) {
  const params = new URLSearchParams();
  if (day) params.set("day", day);
  if (tz) params.set("tz", tz);
  const query = params.toString();
  return `${pages.meeting.path}${query ? `?${query}` : ""}`;
}

/** The confirmation's address: the time and zone only, never an id (an address may be shared or logged). */
export const confirmationHref = (start: string, tz: string) => `${pages.meeting.path}?${new URLSearchParams({ booked: "1", at: start, tz })}`;

/** Where a day's times begin: the target of each day link, and where focus goes. */
export const timesId = "times";
