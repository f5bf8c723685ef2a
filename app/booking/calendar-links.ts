// "Add to calendar" on the booking's confirmation and the manage page: the meeting as links that
// open Google Calendar's and Outlook's own forms for a new event, filled in (times in UTC).

export type CalendarEventText = {
  title: string;
  /** ISO instants. */
  start: string;
  end: string;
  details: string;
  /** The video link, where the meeting takes place. */
  location: string | null;
};

/** 20260602T170000Z: the form Google's dates take. */
const googleTime = (instant: string) =>
  new Date(instant)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(/[-:]/g, "");

/** 2026-06-02T17:00:00Z: the form Outlook's startdt and enddt take. */
const outlookTime = (instant: string) => new Date(instant).toISOString().replace(/\.\d{3}Z$/, "Z");

export function googleCalendarUrl(event: CalendarEventText) {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${googleTime(event.start)}/${googleTime(event.end)}`,
    details: event.details,
  });
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** Outlook on the web: outlook.live.com for personal accounts, outlook.office.com for work and school ones. */
export function outlookCalendarUrl(event: CalendarEventText, host: "outlook.live.com" | "outlook.office.com") {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: outlookTime(event.start),
    enddt: outlookTime(event.end),
    body: event.details,
  });
  if (event.location) params.set("location", event.location);
  return `https://${host}/calendar/0/action/compose?${params}`;
}
