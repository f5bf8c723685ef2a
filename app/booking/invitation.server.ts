import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { env } from "#app/platform/env.server.ts";
import { bookingEnv } from "./booking-env.server.ts";
import { now } from "#app/platform/clock.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { escapeHtml } from "#app/platform/html.ts";
import type { MailKind } from "#app/platform/db.server.ts";
import type { CalendarPart } from "#app/platform/mail.server.ts";
import type { QueuedMail } from "#app/platform/outbox.server.ts";
import { site } from "#app/site/site-content.ts";
import { booking } from "./booking-content.ts";
import { googleCalendarUrl, outlookCalendarUrl } from "./calendar-links.ts";
import { bookingHref, manageHref } from "./booking-links.ts";
import { timeName } from "./calendar.ts";

// A meeting's invitations (decision 023): one iCalendar event per booking, its UID fixed by the
// booking's id and its SEQUENCE raised by every change, sent by e-mail as a REQUEST (booked,
// moved) or a CANCEL, to the visitor and to the team's mailbox. Built with ical-generator, never
// by hand: times in UTC, text escaped and folded as RFC 5545 wants.

export type Meeting = {
  bookingId: string;
  /** ISO instants. */
  start: string;
  end: string;
  sequence: number;
  videoUrl: string | null;
  /** Who booked it, while their details are kept (none once erased). */
  visitor: { name: string; email: string; timeZone: string } | null;
};

type Reader = "visitor" | "team";

const mailDomain = () => new URL(env.SITE_URL).hostname;
const teamMailbox = () => bookingEnv.BOOKING_EMAIL ?? env.CONTACT_EMAIL;
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ").trim();

/** The event's UID: the same in every message about the meeting, so calendars update one event. */
export const meetingUid = (bookingId: string) => `${bookingId}@${mailDomain()}`;

/** The manage page's full address for a token. */
export const manageUrl = (token: string) => `${env.SITE_URL}${manageHref(token)}`;

/** A fixed video link, or the template's `{room}` filled with an unguessable room name. */
export function videoUrlFor(template: string | undefined, room: string) {
  return template ? template.replaceAll("{room}", room) : null;
}

function descriptionLines(meeting: Meeting, manageLink: string | null) {
  const { description } = booking.mail;
  return [
    meeting.videoUrl ? fillTemplate(description.video, { video: meeting.videoUrl }) : description.noVideo,
    ...(manageLink ? [fillTemplate(description.manage, { manage: manageLink })] : []),
  ];
}

/** The iCalendar text of one message about the meeting, for one reader. */
export function meetingCalendar(
  meeting: Meeting,
  method: CalendarPart["method"],
  reader: Reader,
  manageLink: string | null = null,
): CalendarPart {
  return { method, content: calendarText(meeting, method, reader, manageLink) };
}

/**
 * The visitor's meeting as a file to open in a calendar ("Add to calendar"): the event of their
 * invitation, same UID and SEQUENCE, so a calendar that already has it updates it rather than
 * adding a second; without an iTIP method, as a file to import rather than a message to answer.
 */
export const visitorCalendarFile = (meeting: Meeting, manageLink: string | null) =>
  calendarText(meeting, null, "visitor", manageLink);

/** The visitor's meeting as Google's and Outlook's forms for a new event take it. */
export function visitorCalendarLinks(meeting: Meeting, manageLink: string | null) {
  const event = {
    title: fillTemplate(booking.mail.summary, { company: site.companyName }),
    start: meeting.start,
    end: meeting.end,
    details: descriptionLines(meeting, manageLink).join("\n\n"),
    location: meeting.videoUrl,
  };
  return {
    google: googleCalendarUrl(event),
    outlook: outlookCalendarUrl(event, "outlook.live.com"),
    office: outlookCalendarUrl(event, "outlook.office.com"),
  };
}

/** The meeting as the team's CalDAV calendar stores it: the team's event, without an iTIP method. */
export const teamCalendarEvent = (meeting: Meeting) => ({
  uid: meetingUid(meeting.bookingId),
  ics: calendarText(meeting, null, "team", null),
});

function calendarText(
  meeting: Meeting,
  method: CalendarPart["method"] | null,
  reader: Reader,
  manageLink: string | null,
) {
  const calendar = ical({
    prodId: { company: site.companyName, product: "meetings", language: "EN" },
    method: method ? ICalCalendarMethod[method] : null,
  });
  const summary =
    reader === "team" && meeting.visitor
      ? fillTemplate(booking.mail.teamSummary, { name: oneLine(meeting.visitor.name) })
      : fillTemplate(booking.mail.summary, { company: site.companyName });
  calendar.createEvent({
    id: meetingUid(meeting.bookingId),
    sequence: meeting.sequence,
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    stamp: now(),
    summary,
    description: descriptionLines(meeting, manageLink).join("\n\n"),
    location: meeting.videoUrl,
    url: meeting.videoUrl,
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: site.companyName, email: teamMailbox() },
    attendees: meeting.visitor
      ? [
          {
            name: oneLine(meeting.visitor.name),
            email: meeting.visitor.email,
            rsvp: true,
            role: ICalAttendeeRole.REQ,
            status: method === "CANCEL" ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.NEEDSACTION,
          },
        ]
      : [],
  });
  // RFC 5545 §3.1: every content line ends with CRLF, the last one (END:VCALENDAR) included.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

type MailCopy = { subject: string; lines: string[] };

function mailFrom(copy: MailCopy, values: Record<string, string>) {
  const lines = copy.lines.map((line) => fillTemplate(line, values));
  return {
    subject: oneLine(fillTemplate(copy.subject, values)).slice(0, 200),
    text: `${lines.join("\n\n")}\n`,
    html: lines.map((line) => `<p>${linkify(escapeHtml(line))}</p>`).join("\n"),
  };
}

/** Our own links (manage, booking, video) made clickable; the text around them is already escaped. */
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The meeting's time for the reader and in our zone; a moved meeting's earlier time too. */
function timeValues(meeting: Meeting, reader: Reader, earlierStart?: string) {
  const zone = reader === "visitor" && meeting.visitor ? meeting.visitor.timeZone : bookingEnv.BOOKING_TIME_ZONE;
  return {
    time: timeName(meeting.start, zone),
    ourTime: timeName(meeting.start, bookingEnv.BOOKING_TIME_ZONE),
    ...(earlierStart ? { earlierTime: timeName(earlierStart, zone) } : {}),
  };
}

export type VisitorMessage = keyof typeof booking.mail.visitor;

/** What each message is, as the workspace's history names it. */
const visitorMailKinds = {
  booked: "invitation",
  moved: "update",
  cancelled: "cancellation",
  reminder: "reminder",
} as const satisfies Record<VisitorMessage, MailKind>;
const teamMailKinds = {
  moved: "update",
  movedByTeam: "update",
  cancelled: "cancellation",
  erased: "cancellation",
} as const satisfies Record<keyof typeof booking.mail.team, MailKind>;

/** An e-mail to the visitor who booked: with the invitation, except the reminder (their calendar has it). */
export function visitorMail(
  meeting: Meeting,
  message: VisitorMessage,
  manageLink: string | null,
  /** A moved meeting's start before the move (ISO), which the "moved" e-mail names. */
  earlierStart?: string,
): QueuedMail | null {
  if (!meeting.visitor) return null;
  const values = {
    ...timeValues(meeting, "visitor", earlierStart),
    company: site.companyName,
    video: descriptionLines(meeting, null)[0]!,
    manage: manageLink ?? "",
    booking: `${env.SITE_URL}${bookingHref({})}`,
  };
  const method = message === "cancelled" ? "CANCEL" : "REQUEST";
  return {
    kind: visitorMailKinds[message],
    recipientRole: "visitor",
    recipient: meeting.visitor.email,
    replyTo: teamMailbox(),
    ...mailFrom(booking.mail.visitor[message], values),
    messageIdDomain: mailDomain(),
    calendar: message === "reminder" ? null : meetingCalendar(meeting, method, "visitor", manageLink),
  };
}

export type TeamMessage = keyof typeof booking.mail.team;

/** An e-mail to the team's mailbox about a change, with the updated event for its calendar. */
export function teamMail(meeting: Meeting, message: TeamMessage, earlierStart?: string): QueuedMail {
  const values = {
    ...timeValues(meeting, "team", earlierStart),
    name: meeting.visitor ? oneLine(meeting.visitor.name) : "",
  };
  // An erasure's cancellation names nobody: the person's details are being deleted.
  const forCalendar = message === "erased" ? { ...meeting, visitor: null } : meeting;
  return {
    kind: teamMailKinds[message],
    recipientRole: "team",
    recipient: teamMailbox(),
    replyTo: message === "erased" ? null : (meeting.visitor?.email ?? null),
    ...mailFrom(booking.mail.team[message], values),
    messageIdDomain: mailDomain(),
    calendar: meetingCalendar(forCalendar, message.startsWith("moved") ? "REQUEST" : "CANCEL", "team"),
  };
}

/** The invitation the team's notification of a new booking carries, and where it goes. */
export function teamInvitation(meeting: Meeting) {
  return { recipient: teamMailbox(), calendar: meetingCalendar(meeting, "REQUEST", "team") };
}
