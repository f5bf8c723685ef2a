import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";

// The busy times in a calendar's objects (RFC 5545 text, as CalDAV returns it), for the
// free-times engine. ical.js expands recurrences on the event's own wall clock (RRULE, RDATE,
// EXDATE, RECURRENCE-ID overrides), so a weekly 10:00 stays at 10:00 across a clock change;
// each wall time then becomes an instant through Temporal when its TZID is an IANA zone (the
// exact rules, whatever the object's VTIMEZONE copy says), through the object's VTIMEZONE
// otherwise (Outlook's "W. Europe Standard Time"), and on the company's clock when it has no
// zone at all (floating). Free: cancelled events and instances, transparent ones. All-day
// events take their whole days on the company's clock. Nothing but times and UIDs comes out.

export type BusyEvent = { uid: string; start: Temporal.Instant; end: Temporal.Instant };
export type BusyRange = { from: Temporal.Instant; to: Temporal.Instant };

/** A series expanded further than this (a minutely rule from years ago) stops there. */
const maxOccurrences = 50_000;
const dayMs = 86_400_000;

const isFree = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED" ||
  String(component.getFirstPropertyValue("transp") ?? "").toUpperCase() === "TRANSPARENT";

const ianaZones = new Map<string, boolean>();
function isIanaZone(tzid: string) {
  let known = ianaZones.get(tzid);
  if (known === undefined) {
    try {
      // Any moment will do: only whether Temporal knows the zone matters.
      Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(tzid);
      known = true;
    } catch {
      known = false;
    }
    ianaZones.set(tzid, known);
  }
  return known;
}

/** The instant a time of the calendar names; `tzid` is its property's TZID parameter. */
function instantOf(time: ICAL.Time, tzid: string | null, timeZone: string): Temporal.Instant {
  if (time.isDate) {
    return Temporal.PlainDate.from({ year: time.year, month: time.month, day: time.day })
      .toZonedDateTime({ timeZone })
      .toInstant();
  }
  if (time.zone?.tzid === "UTC") return Temporal.Instant.fromEpochMilliseconds(time.toUnixTime() * 1000);
  const wall = Temporal.PlainDateTime.from({
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  });
  // "compatible" is RFC 5545's reading: a wall time in a gap moves forward by the gap, a
  // repeated one is its first occurrence.
  if (tzid && isIanaZone(tzid)) return wall.toZonedDateTime(tzid, { disambiguation: "compatible" }).toInstant();
  if (tzid && time.zone?.component) return Temporal.Instant.fromEpochMilliseconds(time.toUnixTime() * 1000);
  return wall.toZonedDateTime(timeZone, { disambiguation: "compatible" }).toInstant();
}

const tzidOf = (component: ICAL.Component, name: string) => {
  const value = component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
};

/** A wall time's day number: within a day of its instant's, so a cheap test of being far from the range. */
const wallDay = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day) / dayMs;

/** The busy times of one calendar object that overlap the range (an unreadable object throws). */
export function busyEventsOf(ics: string, range: BusyRange, timeZone: string): BusyEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const found: BusyEvent[] = [];
  const add = (uid: string, start: Temporal.Instant, end: Temporal.Instant) => {
    // A zero-length event (a reminder at 10:00) blocks nothing.
    if (
      Temporal.Instant.compare(start, range.to) < 0 &&
      Temporal.Instant.compare(end, range.from) > 0 &&
      Temporal.Instant.compare(start, end) < 0
    ) {
      found.push({ uid, start, end });
    }
  };
  const firstDay = range.from.epochMilliseconds / dayMs - 2;
  const lastDay = range.to.epochMilliseconds / dayMs + 2;

  for (const component of calendar.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(component);
    const uid = event.uid ?? "";
    if (!component.hasProperty("dtstart")) continue;
    // An overridden instance stands on its own: its own time, status and transparency.
    if (event.isRecurrenceException()) {
      if (!isFree(component))
        add(uid, instantOf(event.startDate, tzidOf(component, "dtstart"), timeZone), endOf(event, component, timeZone));
      continue;
    }
    if (isFree(component)) continue;
    if (!event.isRecurring()) {
      add(uid, instantOf(event.startDate, tzidOf(component, "dtstart"), timeZone), endOf(event, component, timeZone));
      continue;
    }
    const tzid = tzidOf(component, "dtstart");
    const lengthDays = Math.ceil(Math.abs(event.duration.toSeconds()) / 86_400);
    skipAhead(event, component, firstDay - lengthDays - 1);
    const iterator = event.iterator();
    for (let count = 0, next = iterator.next(); next && count < maxOccurrences; next = iterator.next(), count++) {
      const day = wallDay(next);
      if (day > lastDay) break;
      if (day + lengthDays < firstDay) continue;
      const details = event.getOccurrenceDetails(next);
      // Overridden instances were taken above, from their own components.
      if (details.item !== event) continue;
      add(uid, instantOf(details.startDate, tzid, timeZone), instantOf(details.endDate, tzid, timeZone));
    }
  }
  return found;
}

/**
 * Moves a daily or weekly series' DTSTART (and DTEND) forward by whole periods to just before
 * `day`, so a series started years ago is not walked from its first instance on every read
 * (ical.js has no way to start later). Only where that changes nothing from `day` on: one RRULE
 * without COUNT, BYSETPOS or other BY parts than BYDAY, no RDATE; whole weeks when BYDAY picks
 * days. A DTSTART off the rule would still count once, before the range.
 */
function skipAhead(event: ICAL.Event, component: ICAL.Component, day: number) {
  const rules = component.getAllProperties("rrule");
  if (rules.length !== 1 || component.hasProperty("rdate")) return;
  const rule = rules[0]?.getFirstValue() as ICAL.Recur | undefined;
  if (!rule || rule.count || (rule.freq !== "DAILY" && rule.freq !== "WEEKLY")) return;
  const parts = Object.keys(rule.parts ?? {}).filter(
    (part) => rule.parts[part as keyof typeof rule.parts] !== undefined,
  );
  if (parts.some((part) => part !== "BYDAY")) return;
  const periodDays = (rule.interval || 1) * (rule.freq === "WEEKLY" || parts.length ? 7 : 1);
  const periods = Math.floor((day - wallDay(event.startDate)) / periodDays);
  if (periods <= 0) return;
  const moved = (time: ICAL.Time) => {
    const copy = time.clone();
    copy.adjust(periods * periodDays, 0, 0, 0);
    return copy;
  };
  const end = component.hasProperty("dtend") ? moved(event.endDate) : null;
  event.startDate = moved(event.startDate);
  if (end) event.endDate = end;
}

/** An event's end: DTEND in its own zone, or DTSTART plus DURATION (ical.js), a day for a date without either. */
function endOf(event: ICAL.Event, component: ICAL.Component, timeZone: string) {
  const tzid = component.hasProperty("dtend") ? tzidOf(component, "dtend") : tzidOf(component, "dtstart");
  return instantOf(event.endDate, tzid, timeZone);
}

/** Sorted, with overlapping and touching intervals joined: `[start, end]` in epoch milliseconds. */
export function mergeBusy(
  events: ReadonlyArray<{ start: Temporal.Instant; end: Temporal.Instant }>,
): Array<[number, number]> {
  const sorted = events
    .map((event) => [event.start.epochMilliseconds, event.end.epochMilliseconds] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push(interval);
  }
  return merged;
}
