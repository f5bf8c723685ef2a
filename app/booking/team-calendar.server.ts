import { type Kysely, sql } from "kysely";
import { Temporal } from "temporal-polyfill";
import { type BusyRange, busyEventsOf, mergeBusy } from "./calendar-events.ts";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import type { CalendarWriteTable, Engine, Schema } from "#app/platform/db.server.ts";
import { claimNextDue } from "#app/platform/lease.server.ts";
import { log } from "#app/platform/log.server.ts";
import { startWorker, type Worker } from "#app/platform/worker.server.ts";
import { defaultBackoffMs } from "#app/platform/outbox.server.ts";
import { startsWithServices } from "#app/platform/services.server.ts";
import { calDavConfig } from "./booking-config.ts";
import { type CalDavClient, calDavClient } from "./caldav.server.ts";
import { bookingEnv } from "./booking-env.server.ts";

// The team's calendar, when configured (decision 027). Two jobs, shared by every instance
// through the database:
// - busy times: one instance at a time (a lease) reads the calendar every CALDAV_REFRESH_SECONDS
//   and stores the busy intervals (times only) with the time they were read; the free times
//   subtract the last read, so a calendar that does not answer leaves the last one in force;
// - writes: a booking's event is queued in the booking's own transaction and written by a worker
//   like the outbox's (a lease per row, growing delays, retried until it lands), so a calendar
//   that is down never loses a booking.

export type Interval = { start: Temporal.Instant; end: Temporal.Instant };

/** The address the busy times are kept under: another calendar starts from nothing. */
const calendarKey = (url: string) => url;

/** The busy times last read from the calendar configured (none when there is none, or before the first read). */
export async function calendarBusy(
  db: Kysely<Schema>,
  calendarUrl: string | null = calDavConfig(bookingEnv)?.url ?? null,
): Promise<Interval[]> {
  if (!calendarUrl) return [];
  const row = await db
    .selectFrom("calendar_busy")
    .select("busy")
    .where("calendar", "=", calendarKey(calendarUrl))
    .executeTakeFirst();
  if (!row) return [];
  return (JSON.parse(row.busy) as Array<[number, number]>).map(([start, end]) => ({
    start: Temporal.Instant.fromEpochMilliseconds(start),
    end: Temporal.Instant.fromEpochMilliseconds(end),
  }));
}

/** When the busy times in force were read, or null when they never were. */
export async function calendarBusyReadAt(db: Kysely<Schema>, calendarUrl: string) {
  const row = await db
    .selectFrom("calendar_busy")
    .select("read_at")
    .where("calendar", "=", calendarKey(calendarUrl))
    .executeTakeFirst();
  return row?.read_at ?? null;
}

type QueueOptions = { now?: Date; enabled?: boolean };

async function queue(
  trx: Kysely<Schema>,
  uid: string,
  action: CalendarWriteTable["action"],
  ics: string | null,
  { now = clockNow(), enabled }: QueueOptions,
) {
  if (!(enabled ?? calDavConfig(bookingEnv) !== null)) return false;
  if (!uid || uid.length > 255) throw new Error("A calendar event's UID must be 1 to 255 characters long");
  const at = isoNow(now);
  await trx
    .insertInto("calendar_writes")
    .values({
      uid,
      action,
      ics,
      version: 1,
      etag: null,
      status: "pending",
      attempts: 0,
      next_attempt_at: at,
      locked_until: null,
      last_error: null,
      created_at: at,
      updated_at: at,
      done_at: null,
    })
    // A newer wish for the same event replaces the waiting one. A lease held by a worker stays:
    // the write in flight finishes first, and this one follows it.
    .onConflict((conflict) =>
      conflict.column("uid").doUpdateSet((eb) => ({
        action: eb.ref("excluded.action"),
        ics: eb.ref("excluded.ics"),
        version: sql<number>`calendar_writes.version + 1`,
        status: "pending",
        attempts: 0,
        next_attempt_at: at,
        last_error: null,
        updated_at: at,
        done_at: null,
      })),
    )
    .execute();
  return true;
}

/**
 * Queues writing one event to the team's calendar, inside the caller's transaction (the
 * booking's, its reschedule's): `ics` is a VCALENDAR without METHOD holding the event `uid`.
 * Does nothing when no calendar is configured; says whether it queued.
 */
export function queueCalendarWrite(
  trx: Kysely<Schema>,
  event: { uid: string; ics: string },
  options: QueueOptions = {},
) {
  return queue(trx, event.uid, "put", event.ics, options);
}

/** Queues removing the event `uid` from the team's calendar (a cancellation), inside the caller's transaction. */
export function queueCalendarRemoval(trx: Kysely<Schema>, event: { uid: string }, options: QueueOptions = {}) {
  return queue(trx, event.uid, "remove", null, options);
}

export type TeamCalendarOptions = {
  db: Kysely<Schema>;
  engine: Engine;
  client: CalDavClient;
  calendarUrl: string;
  /** The company's zone: all-day and floating events are on its clock. */
  timeZone: string;
  /** The stretch of time read: the booking window, with a margin. */
  range: (now: Temporal.Instant) => BusyRange;
  refreshMs: number;
  leaseMs?: number;
  backoffMs?: (attempt: number) => number;
  now?: () => Date;
  onWarn?: (message: string) => void;
  onError?: (message: string) => void;
};

const busyLease = "calendar-busy";
/** After a failed read, the next one is tried this soon (or at the usual time, when that is sooner). */
const retryReadMs = 30_000;

/**
 * Takes the read's lease when its time has come, whoever held it: unlike takeLease (which lets
 * its holder renew at will), the holder too waits for the period to end.
 */
async function takeWhenDue(db: Kysely<Schema>, holder: string, until: Date, now: Date) {
  await db
    .insertInto("leases")
    .values({ name: busyLease, holder: "", until: isoNow(new Date(0)) })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const taken = await db
    .updateTable("leases")
    .set({ holder, until: isoNow(until) })
    .where("name", "=", busyLease)
    .where("until", "<=", isoNow(now))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * Reads the busy times when it is time to (this instance takes the lease for the next refresh
 * period) and stores them; a failed read keeps the last one in force and says so in the log.
 * Events this site wrote are left out: they are its bookings, which the free times already
 * subtract with their buffers, and a cancelled one must not stay busy until the next read.
 */
export async function refreshCalendarBusy(
  options: TeamCalendarOptions,
  holder: string = newId(),
): Promise<"read" | "not-due" | "failed"> {
  const { db, client, calendarUrl, timeZone, refreshMs, now = clockNow } = options;
  const started = now();
  if (!(await takeWhenDue(db, holder, new Date(started.getTime() + refreshMs), started))) return "not-due";
  const range = options.range(Temporal.Instant.fromEpochMilliseconds(started.getTime()));
  try {
    const objects = await client.readObjects(range);
    const events = [];
    let unreadable = 0;
    for (const [index, ics] of objects.entries()) {
      try {
        events.push(...busyEventsOf(ics, range, timeZone));
      } catch {
        unreadable += 1;
      }
      // Expanding is CPU work: let requests in between objects.
      if (index % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    }
    const ours = await writtenUids(db, [...new Set(events.map((event) => event.uid))]);
    const busy = JSON.stringify(mergeBusy(events.filter((event) => !ours.has(event.uid))));
    const row = { read_at: isoNow(started), from_at: range.from.toString(), to_at: range.to.toString(), busy };
    await db
      .insertInto("calendar_busy")
      .values({ calendar: calendarKey(calendarUrl), ...row })
      .onConflict((conflict) => conflict.column("calendar").doUpdateSet(row))
      .execute();
    if (unreadable)
      options.onWarn?.(
        `Calendar: ${unreadable} of ${objects.length} calendar objects could not be read and were left out of the busy times`,
      );
    return "read";
  } catch (error) {
    const readAt = await calendarBusyReadAt(db, calendarUrl).catch(() => null);
    const retryAt = isoNow(new Date(now().getTime() + Math.min(refreshMs, retryReadMs)));
    await db
      .updateTable("leases")
      .set({ until: retryAt })
      .where("name", "=", busyLease)
      .where("holder", "=", holder)
      .execute()
      .catch(() => {});
    const code = error instanceof Error && "code" in error ? String(error.code) : "error";
    options.onWarn?.(
      `Calendar busy times could not be read (${code}); free times use ${readAt ? `the busy times read at ${readAt}` : "no calendar busy times (none read yet)"}`,
    );
    return "failed";
  }
}

/** Which of these UIDs are events this site writes. */
async function writtenUids(db: Kysely<Schema>, uids: string[]) {
  const ours = new Set<string>();
  for (let index = 0; index < uids.length; index += 500) {
    const rows = await db
      .selectFrom("calendar_writes")
      .select("uid")
      .where("uid", "in", uids.slice(index, index + 500))
      .execute();
    for (const row of rows) ours.add(row.uid);
  }
  return ours;
}

function claimNextWrite({ db, engine, leaseMs = 120_000, now = clockNow }: TeamCalendarOptions) {
  return claimNextDue(db, engine, { table: "calendar_writes", key: "uid", leaseMs, now: now() });
}

async function write(options: TeamCalendarOptions, item: CalendarWriteTable) {
  const { db, client, backoffMs = defaultBackoffMs, now = clockNow } = options;
  const attempts = Number(item.attempts);
  const version = Number(item.version);
  try {
    const etag =
      item.action === "put"
        ? await client.put(item.uid, item.ics ?? "", item.etag)
        : await client.remove(item.uid).then(() => null);
    // The calendar holds the event now: the copy here (personal data) is no longer needed.
    const done = await db
      .updateTable("calendar_writes")
      .set({ status: "done", done_at: isoNow(now()), locked_until: null, last_error: null, etag, ics: null })
      .where("uid", "=", item.uid)
      .where("version", "=", version)
      .executeTakeFirst();
    // A newer wish came while this one was written: it is due at once, on the new ETag.
    if (Number(done.numUpdatedRows) === 0)
      await db.updateTable("calendar_writes").set({ locked_until: null, etag }).where("uid", "=", item.uid).execute();
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "error";
    const retried = await db
      .updateTable("calendar_writes")
      .set({
        locked_until: null,
        last_error: code,
        next_attempt_at: isoNow(new Date(now().getTime() + backoffMs(attempts))),
      })
      .where("uid", "=", item.uid)
      .where("version", "=", version)
      .executeTakeFirst();
    if (Number(retried.numUpdatedRows) === 0)
      await db.updateTable("calendar_writes").set({ locked_until: null }).where("uid", "=", item.uid).execute();
    // The UID and the error code only: the event's text stays in the database.
    options.onError?.(`Calendar ${item.action} of event ${item.uid} attempt ${attempts} failed (${code}); will retry`);
  }
}

/** Makes every calendar write that is due now; returns how many were attempted. */
export async function deliverDueCalendarWrites(options: TeamCalendarOptions) {
  let attempted = 0;
  for (;;) {
    const item = await claimNextWrite(options);
    if (!item) return attempted;
    attempted += 1;
    await write(options, item);
  }
}

export type TeamCalendarWorker = Worker;

/** Writes due events every intervalMs and when kicked, and reads busy times when they are due; one run at a time. */
export function startTeamCalendar(options: TeamCalendarOptions & { intervalMs?: number }): TeamCalendarWorker {
  const holder = newId();
  return startWorker({
    name: "Calendar",
    intervalMs: options.intervalMs ?? 5_000,
    onError: options.onError,
    runAtStart: true,
    work: async () => {
      await deliverDueCalendarWrites(options);
      await refreshCalendarBusy(options, holder);
    },
  });
}

/** What runs when no calendar is configured. */
export const noTeamCalendar: TeamCalendarWorker = { kick: () => {}, stop: async () => {} };

const dayMs = 24 * 60 * 60_000;

/**
 * The team's calendar, started with the services when one is configured: writes bookings to it
 * and reads its busy times over the booking window, with a day's margin either side. Its kick
 * sends a booking's event queued a moment ago at once.
 */
export const teamCalendar = startsWithServices("team calendar", (services) => {
  const config = calDavConfig(bookingEnv);
  if (!config) return noTeamCalendar;
  return startTeamCalendar({
    db: services.db,
    engine: services.engine,
    client: calDavClient(config),
    calendarUrl: config.url,
    timeZone: bookingEnv.BOOKING_TIME_ZONE,
    range: (now) => ({
      from: now.subtract({ milliseconds: dayMs }),
      to: now.add({ milliseconds: (bookingEnv.BOOKING_HORIZON_DAYS + 2) * dayMs }),
    }),
    refreshMs: config.refreshMs,
    onWarn: log.warn,
    onError: log.error,
  });
});
