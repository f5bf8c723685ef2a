import { createServer, type Socket } from "node:net";
import { Temporal } from "temporal-polyfill";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { CalDavError, calDavClient } from "#app/booking/caldav.server.ts";
import { clientAddressHeader } from "#app/platform/rate-limit.server.ts";
import {
  calendarBusy,
  deliverDueCalendarWrites,
  queueCalendarRemoval,
  queueCalendarWrite,
  refreshCalendarBusy,
  type TeamCalendarOptions,
} from "#app/booking/team-calendar.server.ts";
import { allDay, berlinStandUp, utcEvent, vcalendar, vevent } from "#tests/helpers/calendar-fixtures.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { type Radicale, startRadicale } from "#tests/helpers/radicale.ts";

// The team's calendar against a real CalDAV server (Debian's radicale, started here): busy
// times read and kept in the database, bookings' events written through the queue, and a
// calendar that goes down and comes back. Every storage part on SQLite and PostgreSQL.

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
}, 30_000);
afterAll(async () => {
  await radicale?.cleanup();
});

const minute = 60_000;
const day = 24 * 60 * minute;
const pairs = (intervals: Array<{ start: Temporal.Instant; end: Temporal.Instant }>) =>
  intervals.map((interval) => `${interval.start.toString()} ${interval.end.toString()}`);

/** A booking's event as the booking generates it: a VCALENDAR without METHOD. */
const bookingEvent = (uid: string, start: string, end: string, sequence = 0) =>
  vcalendar(
    vevent(
      `UID:${uid}`,
      `SEQUENCE:${sequence}`,
      "SUMMARY:Consultation with Jane Roe",
      `DTSTART:${start}`,
      `DTEND:${end}`,
      "ATTENDEE;CN=Jane Roe:mailto:jane@example.com",
    ),
  );

describe.each(engines)("the team's calendar on %s", (engine) => {
  let database: TestDatabase;
  let calendarUrl: string;
  let clock: Date;
  let warnings: string[];
  let errors: string[];
  let options: TeamCalendarOptions;

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    calendarUrl = await radicale.newCalendar();
    clock = new Date("2027-03-20T00:00:00Z");
    warnings = [];
    errors = [];
    options = {
      db: database.db,
      engine: database.engine,
      client: calDavClient(
        { url: calendarUrl, username: radicale.username, password: radicale.password },
        { timeoutMs: 5_000 },
      ),
      calendarUrl,
      timeZone: "Europe/Berlin",
      range: (now) => ({ from: now.subtract({ milliseconds: day }), to: now.add({ milliseconds: 240 * day }) }),
      refreshMs: 2 * minute,
      backoffMs: (attempt) => attempt * 30_000,
      now: () => clock,
      onWarn: (message) => warnings.push(message),
      onError: (message) => errors.push(message),
    };
  });
  afterEach(async () => {
    await database.cleanup();
  });

  /** Stores an event as the team's calendar app would. */
  const putInCalendar = async (name: string, ics: string) => {
    const answer = await fetch(`${calendarUrl}${name}.ics`, {
      method: "PUT",
      headers: { authorization: radicale.authorization, "content-type": "text/calendar; charset=utf-8" },
      body: ics,
    });
    expect(answer.status, name).toBeLessThan(300);
  };
  /** The event the calendar holds under a UID, or null. */
  const inCalendar = async (uid: string) => {
    const answer = await fetch(`${calendarUrl}${encodeURIComponent(uid)}.ics`, {
      headers: { authorization: radicale.authorization },
    });
    return answer.status === 404 ? null : answer.text();
  };
  const writeRow = (uid: string) =>
    database.db.selectFrom("calendar_writes").selectAll().where("uid", "=", uid).executeTakeFirstOrThrow();
  const queueWrite = (uid: string, ics: string) =>
    database.db.transaction().execute((trx) => queueCalendarWrite(trx, { uid, ics }, { enabled: true, now: clock }));
  const queueRemoval = (uid: string) =>
    database.db.transaction().execute((trx) => queueCalendarRemoval(trx, { uid }, { enabled: true, now: clock }));

  test("busy times: a weekly event across the March and October clock changes, transparent free, all-day busy, kept without titles", async () => {
    await putInCalendar("standup", berlinStandUp);
    await putInCalendar("dentist", allDay("20270325"));
    await putInCalendar(
      "focus",
      utcEvent("focus@example.com", "20270324T120000Z", "20270324T150000Z", "TRANSP:TRANSPARENT"),
    );
    await putInCalendar(
      "called-off",
      utcEvent("called-off@example.com", "20270326T120000Z", "20270326T150000Z", "STATUS:CANCELLED"),
    );

    expect(await refreshCalendarBusy(options)).toBe("read");
    const busy = pairs(await calendarBusy(database.db, calendarUrl));
    // Tuesdays 10:00 in Berlin: 09:00Z before Sunday 28 March, 08:00Z after, 09:00Z again after Sunday 31 October.
    expect(busy).toContain("2027-03-23T09:00:00Z 2027-03-23T10:00:00Z");
    expect(busy).toContain("2027-03-30T08:00:00Z 2027-03-30T09:00:00Z");
    expect(busy).toContain("2027-10-26T08:00:00Z 2027-10-26T09:00:00Z");
    expect(busy).toContain("2027-11-02T09:00:00Z 2027-11-02T10:00:00Z");
    // The excluded, moved, cancelled and transparent instances of April.
    expect(busy.filter((pair) => pair.startsWith("2027-04-"))).toEqual(["2027-04-14T13:00:00Z 2027-04-14T14:00:00Z"]);
    // Thursday 25 March, all day in Berlin; the transparent and the cancelled events are free.
    expect(busy).toContain("2027-03-24T23:00:00Z 2027-03-25T23:00:00Z");
    expect(busy.filter((pair) => pair.startsWith("2027-03-24T12") || pair.startsWith("2027-03-26T12"))).toEqual([]);
    // The range read (19 March to 15 November) holds 34 Tuesdays: all but the four of April, the moved one and the all-day event.
    expect(busy).toHaveLength(34 - 4 + 1 + 1);

    const stored = await database.db.selectFrom("calendar_busy").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ calendar: calendarUrl, read_at: "2027-03-20T00:00:00.000Z" });
    expect(stored.busy).not.toMatch(/stand-up|Dentist|example\.com/i);
    // Read once per period, whichever instance asks.
    expect(await refreshCalendarBusy(options)).toBe("not-due");
    clock = new Date(clock.getTime() + 2 * minute);
    expect(await refreshCalendarBusy(options)).toBe("read");
    expect(warnings).toEqual([]);
  });

  test("a booking's event is written, replaced by its update (even after an edit in the calendar app) and removed; the site's own events are not busy", async () => {
    const uid = "booking-1@lumen.example";
    expect(await queueWrite(uid, bookingEvent(uid, "20270323T150000Z", "20270323T153000Z"))).toBe(true);
    expect(await deliverDueCalendarWrites(options)).toBe(1);
    expect(await inCalendar(uid)).toContain("DTSTART:20270323T150000Z");
    const written = await writeRow(uid);
    expect(written).toMatchObject({ action: "put", status: "done", ics: null, last_error: null });
    expect(written.etag).toBeTruthy();

    // The calendar holds the meeting, but it is a booking: the free times count it already, with its buffers.
    await putInCalendar("other", utcEvent("other@example.com", "20270323T170000Z", "20270323T180000Z"));
    await refreshCalendarBusy(options);
    expect(
      pairs(await calendarBusy(database.db, calendarUrl)).filter((pair) => pair.startsWith("2027-03-23T1")),
    ).toEqual(["2027-03-23T17:00:00Z 2027-03-23T18:00:00Z"]);

    // Rescheduled: the same UID, SEQUENCE 1, on the ETag written last.
    await queueWrite(uid, bookingEvent(uid, "20270324T150000Z", "20270324T153000Z", 1));
    expect(await deliverDueCalendarWrites(options)).toBe(1);
    expect(await inCalendar(uid)).toContain("DTSTART:20270324T150000Z");

    // Someone adds a note in their calendar app (a new ETag); the next change still lands.
    const edited = (await inCalendar(uid))?.replace("END:VEVENT", "DESCRIPTION:Bring the slides\r\nEND:VEVENT") ?? "";
    await putInCalendar(encodeURIComponent(uid), edited);
    await queueWrite(uid, bookingEvent(uid, "20270325T150000Z", "20270325T153000Z", 2));
    expect(await deliverDueCalendarWrites(options)).toBe(1);
    expect(await inCalendar(uid)).toContain("DTSTART:20270325T150000Z");
    expect((await writeRow(uid)).status).toBe("done");

    // Cancelled.
    expect(await queueRemoval(uid)).toBe(true);
    expect(await deliverDueCalendarWrites(options)).toBe(1);
    expect(await inCalendar(uid)).toBeNull();
    expect(await writeRow(uid)).toMatchObject({ action: "remove", status: "done", ics: null });
    expect(errors).toEqual([]);
  });

  test("a removal queued while the write still waits replaces it: the cancelled meeting never reaches the calendar", async () => {
    const uid = "booking-2@lumen.example";
    await queueWrite(uid, bookingEvent(uid, "20270323T150000Z", "20270323T153000Z"));
    await queueRemoval(uid);
    expect(await database.db.selectFrom("calendar_writes").select(["action", "ics"]).execute()).toEqual([
      { action: "remove", ics: null },
    ]);
    expect(await deliverDueCalendarWrites(options)).toBe(1);
    expect(await inCalendar(uid)).toBeNull();
  });

  test("two workers at once make each write exactly once", async () => {
    const uids = Array.from({ length: 6 }, (_, index) => `booking-race-${index}@lumen.example`);
    for (const [index, uid] of uids.entries())
      await queueWrite(uid, bookingEvent(uid, `2027032${index}T150000Z`, `2027032${index}T153000Z`));
    const attempted = await Promise.all([deliverDueCalendarWrites(options), deliverDueCalendarWrites({ ...options })]);
    expect(attempted[0] + attempted[1]).toBe(6);
    const rows = await database.db
      .selectFrom("calendar_writes")
      .select(["uid", "attempts", "status"])
      .orderBy("uid")
      .execute();
    expect(rows.map((row) => [Number(row.attempts), row.status])).toEqual(Array(6).fill([1, "done"]));
    for (const [index, uid] of uids.entries())
      expect(await inCalendar(uid)).toContain(`DTSTART:2027032${index}T150000Z`);
  });

  test("a calendar that does not answer: free times from the last read (logged without titles), the write waits and lands when it is back", async () => {
    await putInCalendar("call", utcEvent("call@example.com", "20270323T170000Z", "20270323T180000Z"));
    expect(await refreshCalendarBusy(options)).toBe("read");
    const uid = "booking-3@lumen.example";
    await radicale.stop();
    try {
      clock = new Date(clock.getTime() + 2 * minute);
      expect(await refreshCalendarBusy(options)).toBe("failed");
      expect(warnings).toEqual([
        "Calendar busy times could not be read (ECONNREFUSED); free times use the busy times read at 2027-03-20T00:00:00.000Z",
      ]);
      expect(pairs(await calendarBusy(database.db, calendarUrl))).toEqual([
        "2027-03-23T17:00:00Z 2027-03-23T18:00:00Z",
      ]);

      // A booking made meanwhile: stored, its event waiting.
      await queueWrite(uid, bookingEvent(uid, "20270324T150000Z", "20270324T153000Z"));
      expect(await deliverDueCalendarWrites(options)).toBe(1);
      const waiting = await writeRow(uid);
      expect(waiting).toMatchObject({ status: "pending", attempts: 1, last_error: "ECONNREFUSED", locked_until: null });
      expect(waiting.ics).toContain("DTSTART:20270324T150000Z");
      expect(waiting.next_attempt_at).toBe(new Date(clock.getTime() + 30_000).toISOString());
      expect(errors).toEqual([`Calendar put of event ${uid} attempt 1 failed (ECONNREFUSED); will retry`]);
      // Not due again before its delay; tried again after it, and later again, each time a little later.
      expect(await deliverDueCalendarWrites(options)).toBe(0);
      clock = new Date(clock.getTime() + 30_000);
      expect(await deliverDueCalendarWrites(options)).toBe(1);
      expect((await writeRow(uid)).next_attempt_at).toBe(new Date(clock.getTime() + 60_000).toISOString());
      // A failed read is tried again sooner than the period.
      expect(await refreshCalendarBusy(options)).toBe("failed");
    } finally {
      await radicale.start();
    }
    clock = new Date(clock.getTime() + 60_000);
    expect(await deliverDueCalendarWrites(options)).toBe(1);
    expect(await inCalendar(uid)).toContain("DTSTART:20270324T150000Z");
    expect(await writeRow(uid)).toMatchObject({ status: "done", attempts: 3, ics: null });
    expect(await refreshCalendarBusy(options)).toBe("read");
    expect([...warnings, ...errors].join(" ")).not.toMatch(/Customer call|Jane|Consultation/);
  });
});

test("a calendar that takes the connection and never answers is given up after the client's deadline", async () => {
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as { port: number };
  try {
    const client = calDavClient(
      { url: `http://127.0.0.1:${port}/team/work/`, username: "team", password: "pw" },
      { timeoutMs: 300 },
    );
    const range = {
      from: Temporal.Instant.from("2027-03-01T00:00:00Z"),
      to: Temporal.Instant.from("2027-04-01T00:00:00Z"),
    };
    for (const attempt of [
      client.readObjects(range),
      client.put("uid-1", "BEGIN:VCALENDAR", null),
      client.remove("uid-1"),
    ]) {
      const error = await attempt.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(CalDavError);
      expect((error as CalDavError).code).toBe("timeout");
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});

describe.each(engines)("the booking page with the team's calendar on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    const { stopServices } = await import("#app/platform/services.server.ts");
    await stopServices();
    await database.cleanup();
  });

  test("offers no time the calendar holds, refuses a post for one, and leaves the rest bookable", async () => {
    const calendarUrl = await radicale.newCalendar();
    // A Wednesday at least three days ahead, 10:00-11:00 in Los Angeles.
    const now = Temporal.Now.instant();
    let date = now.toZonedDateTimeISO("America/Los_Angeles").toPlainDate().add({ days: 3 });
    while (date.dayOfWeek !== 3) date = date.add({ days: 1 });
    const at = (time: string) =>
      date.toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime("America/Los_Angeles").toInstant();
    const stamp = (instant: Temporal.Instant) => instant.toString().replace(/[-:]/g, "");
    const answer = await fetch(`${calendarUrl}meeting.ics`, {
      method: "PUT",
      headers: { authorization: radicale.authorization, "content-type": "text/calendar" },
      body: utcEvent("board@example.com", stamp(at("10:00")), stamp(at("11:00"))),
    });
    expect(answer.status).toBe(201);

    vi.stubEnv("DATA_DIR", database.dataDir);
    vi.stubEnv("DATABASE_URL", database.databaseUrl ?? "");
    vi.stubEnv("FORM_MIN_SECONDS", "0");
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("LOG_LEVEL", "silent");
    vi.stubEnv("BOOKING_TIME_ZONE", "America/Los_Angeles");
    vi.stubEnv("BOOKING_HOURS", "mon-fri 09:00-17:00");
    vi.stubEnv("CALDAV_URL", calendarUrl);
    vi.stubEnv("CALDAV_USERNAME", radicale.username);
    vi.stubEnv("CALDAV_PASSWORD", radicale.password);
    vi.resetModules();
    const { bookingPageData, submitBooking } = await import("#app/booking/booking-page.server.ts");
    const { issueFormStamp } = await import("#app/forms/form-guard.server.ts");
    const { teamCalendar } = await import("#app/booking/team-calendar.server.ts");
    const { getServices } = await import("#app/platform/services.server.ts");
    const services = await getServices();
    // The services read the calendar as they start.
    await vi.waitFor(
      async () => expect(await services.db.selectFrom("calendar_busy").select("read_at").execute()).toHaveLength(1),
      { timeout: 10_000 },
    );

    const moment = new Date(now.epochMilliseconds);
    const page = await bookingPageData(
      new Request(`http://localhost/contact/meeting?day=${date.toString()}&tz=America%2FLos_Angeles`),
      moment,
    );
    const starts = page.day?.slots.map((slot) => slot.start) ?? [];
    // The default 15-minute buffer after a meeting: 09:30 would run into 10:00.
    expect(starts).toContain(at("09:00").toString());
    expect(starts).toContain(at("11:00").toString());
    for (const time of ["09:30", "10:00", "10:30"]) expect(starts, time).not.toContain(at(time).toString());

    const post = (start: Temporal.Instant) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({
        "form-started": issueFormStamp(services.secret, "meeting"),
        website: "",
        tz: "America/Los_Angeles",
        name: "Jane Roe",
        email: "jane@example.com",
        start: start.toString(),
      })) {
        body.set(name, value);
      }
      return submitBooking(
        new Request("http://localhost/contact/meeting", {
          method: "POST",
          body,
          headers: { [clientAddressHeader]: "192.0.2.7" },
        }),
        moment,
      );
    };
    const refused = await post(at("10:00"));
    expect(refused instanceof Response).toBe(false);
    if (!(refused instanceof Response)) expect(refused.init?.status).toBe(409);
    expect(await services.db.selectFrom("bookings").select("id").execute()).toEqual([]);
    const booked = await post(at("11:00"));
    expect(booked instanceof Response && booked.status).toBe(303);
    expect(await services.db.selectFrom("bookings").select("start_at").execute()).toEqual([
      { start_at: new Date(at("11:00").epochMilliseconds).toISOString() },
    ]);

    // The booking is written to the team's calendar (no METHOD, the team's event) ...
    const [booking] = await services.db.selectFrom("bookings").select(["id", "manage_token_hash"]).execute();
    const eventAt = `${calendarUrl}${encodeURIComponent(`${booking!.id}@localhost`)}.ics`;
    const stored = async () => {
      teamCalendar.kick();
      const response = await fetch(eventAt, { headers: { authorization: radicale.authorization } });
      return response.status === 404 ? null : response.text();
    };
    await vi.waitFor(
      async () => expect(await stored()).toContain(`DTSTART:${stamp(at("11:00")).replace(/\.\d+/, "")}`),
      { timeout: 10_000 },
    );
    const event = (await stored())!;
    expect(event).not.toContain("METHOD:");
    expect(event).toContain("SUMMARY:30-minute meeting with Jane Roe");

    // ... a move onto a time the calendar holds is refused and changes nothing; another moves the event ...
    const { cancelBooking, rescheduleBooking } = await import("#app/booking/meetings.server.ts");
    const { MeetingRefused } = await import("#app/booking/claims.server.ts");
    const { availabilityFromEnv } = await import("#app/booking/availability.ts");
    const { bookingEnv } = await import("#app/booking/booking-env.server.ts");
    const availability = availabilityFromEnv(bookingEnv);
    await expect(
      rescheduleBooking(services.db, { bookingId: booking!.id, start: at("10:30"), token: "t" }, availability, moment),
    ).rejects.toBeInstanceOf(MeetingRefused);
    expect(await services.db.selectFrom("bookings").select(["start_at", "sequence"]).execute()).toEqual([
      { start_at: new Date(at("11:00").epochMilliseconds).toISOString(), sequence: 0 },
    ]);
    expect(
      await rescheduleBooking(
        services.db,
        { bookingId: booking!.id, start: at("14:00"), token: "t" },
        availability,
        moment,
      ),
    ).toBe(true);
    await vi.waitFor(
      async () => expect(await stored()).toContain(`DTSTART:${stamp(at("14:00")).replace(/\.\d+/, "")}`),
      { timeout: 10_000 },
    );
    expect(await stored()).toContain("SEQUENCE:1");

    // ... and a cancellation removes it.
    expect(await cancelBooking(services.db, booking!.id, { change: "visitor" })).toBe(true);
    await vi.waitFor(async () => expect(await stored()).toBeNull(), { timeout: 10_000 });
  });
});
