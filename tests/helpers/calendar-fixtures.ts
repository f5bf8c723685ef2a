// Calendar objects as the team's calendar apps store them (RFC 5545 text, CRLF lines), for the
// CalDAV tests. The titles are there on purpose: nothing of them may reach the busy times or logs.

export const vcalendar = (...parts: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Lumen Software//Calendar tests//EN",
    ...parts,
    "END:VCALENDAR",
    "",
  ].join("\r\n");

export const vevent = (...lines: string[]) =>
  ["BEGIN:VEVENT", "DTSTAMP:20260101T000000Z", ...lines, "END:VEVENT"].join("\r\n");

/** Europe/Berlin as calendar apps describe it: last Sunday of March and of October. */
export const berlinZone = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** Outlook's name for the US Pacific zone, which is not an IANA name: only its VTIMEZONE says what it is. */
export const outlookPacificZone = [
  "BEGIN:VTIMEZONE",
  "TZID:Pacific Standard Time",
  "BEGIN:STANDARD",
  "DTSTART:16010101T020000",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0800",
  "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:16010101T020000",
  "TZOFFSETFROM:-0800",
  "TZOFFSETTO:-0700",
  "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
].join("\r\n");

/**
 * A weekly stand-up on Tuesdays 10:00-11:00 Berlin time through 2027, with one instance taken
 * out (EXDATE 6 April), one moved (13 April to Wednesday 14 April 15:00-16:00), one cancelled
 * (20 April) and one made transparent (27 April).
 */
export const berlinStandUp = vcalendar(
  berlinZone,
  vevent(
    "UID:standup-berlin@example.com",
    "SUMMARY:Secret project stand-up",
    "DTSTART;TZID=Europe/Berlin:20270316T100000",
    "DTEND;TZID=Europe/Berlin:20270316T110000",
    "RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20271231T230000Z",
    "EXDATE;TZID=Europe/Berlin:20270406T100000",
  ),
  vevent(
    "UID:standup-berlin@example.com",
    "SUMMARY:Secret project stand-up (moved)",
    "RECURRENCE-ID;TZID=Europe/Berlin:20270413T100000",
    "DTSTART;TZID=Europe/Berlin:20270414T150000",
    "DTEND;TZID=Europe/Berlin:20270414T160000",
  ),
  vevent(
    "UID:standup-berlin@example.com",
    "SUMMARY:Secret project stand-up",
    "RECURRENCE-ID;TZID=Europe/Berlin:20270420T100000",
    "DTSTART;TZID=Europe/Berlin:20270420T100000",
    "DTEND;TZID=Europe/Berlin:20270420T110000",
    "STATUS:CANCELLED",
  ),
  vevent(
    "UID:standup-berlin@example.com",
    "SUMMARY:Secret project stand-up (optional)",
    "RECURRENCE-ID;TZID=Europe/Berlin:20270427T100000",
    "DTSTART;TZID=Europe/Berlin:20270427T100000",
    "DTEND;TZID=Europe/Berlin:20270427T110000",
    "TRANSP:TRANSPARENT",
  ),
);

/** Mondays 09:00-09:30 Pacific time in Outlook's zone name, through 2027. */
export const outlookWeekly = vcalendar(
  outlookPacificZone,
  vevent(
    "UID:outlook-weekly@example.com",
    "SUMMARY:Pipeline review",
    "DTSTART;TZID=Pacific Standard Time:20270301T090000",
    "DTEND;TZID=Pacific Standard Time:20270301T093000",
    "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=52",
  ),
);

/** A vacation day (all day, no end: one day). */
export const allDay = (date: string, uid = "vacation@example.com") =>
  vcalendar(vevent(`UID:${uid}`, "SUMMARY:Dentist", `DTSTART;VALUE=DATE:${date}`));

/** A timed event in UTC. */
export const utcEvent = (uid: string, start: string, end: string, ...more: string[]) =>
  vcalendar(vevent(`UID:${uid}`, "SUMMARY:Customer call with Jane Roe", `DTSTART:${start}`, `DTEND:${end}`, ...more));
