import { pages } from "#app/site/pages.ts";

/**
 * The booking's addresses: app/routes.ts mounts them, the links below are built from them (by
 * hand, not with React Router's generatePath: the booking form's island loads without React Router).
 */
export const bookingRoutes = {
  page: pages.meeting.path,
  manage: `${pages.meeting.path}/manage/:token`,
  /** The meeting's calendar file: for the browser that booked it (booked-proof.server.ts), and behind the manage link. */
  invitation: `${pages.meeting.path}/invitation.ics`,
  manageInvitation: `${pages.meeting.path}/manage/:token/invitation.ics`,
} as const;

/**
 * The booking page's address for a day and zone. The zone only when the visitor chose one:
 * without it the company's zone is shown, and with JavaScript the form offers the browser's.
 */
export function bookingHref({
  day,
  tz,
  month,
  path = bookingRoutes.page,
}: {
  day?: string | null;
  tz?: string | null;
  /** The month the calendar shows ("2026-07"), when not the day's. */
  month?: string | null;
  path?: string;
}) {
  const params = new URLSearchParams();
  if (month) params.set("month", month);
  if (day) params.set("day", day);
  if (tz) params.set("tz", tz);
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}`;
}

/** The manage page of the meeting whose link carries this token (the same calendar, to move it). */
export const manageHref = (token: string) => bookingRoutes.manage.replace(":token", encodeURIComponent(token));

/** The calendar file of the meeting whose manage link carries this token. */
export const manageInvitationHref = (token: string) =>
  bookingRoutes.manageInvitation.replace(":token", encodeURIComponent(token));

/** The confirmation's address: the time and zone only, never an id (an address may be shared or logged). */
export const confirmationHref = (start: string, tz: string) =>
  `${bookingRoutes.page}?${new URLSearchParams({ booked: "1", at: start, tz })}`;

/** Where a day's times begin: the target of each day link, which the page opens at. */
export const timesId = "times";
