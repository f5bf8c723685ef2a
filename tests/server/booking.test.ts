import { Temporal } from "temporal-polyfill";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type Availability, availabilityFromEnv } from "#app/booking/availability.ts";
import { bookedMeetings, cancelMeeting, claimedCells, reserveMeeting } from "#app/booking/claims.server.ts";
import { freeTimes, instantOf } from "#app/booking/free-times.ts";
import { type Database, isUniqueViolation, openDatabase } from "#app/platform/db.server.ts";
import { parseConfig } from "#app/config.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// Los Angeles in June (-07:00): Tuesday 2 June 2026, 09:00 is 16:00Z. Buffers 0 before, 15 after.
const availability: Availability = availabilityFromEnv(
  parseConfig({
    BOOKING_TIME_ZONE: "America/Los_Angeles",
    BOOKING_HOURS: "mon-fri 09:00-17:00",
    BOOKING_BUFFER_AFTER_MINUTES: "15",
    BOOKING_MAX_PER_DAY: "3",
  }),
);
const now = new Date("2026-06-01T12:00:00Z");
const at = (iso: string) => Temporal.Instant.from(iso);
let tokens = 0;
const request = (start: string) => ({ start: at(start), manageTokenHash: `hash-${++tokens}` });

describe.each(engines)("booking on %s", (engine) => {
  let database: TestDatabase;
  // On PostgreSQL a second instance with its own pool, as behind a proxy (decision 011). SQLite
  // serves one instance: its visitors race through that instance's one connection.
  let other: Database | null;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    other =
      engine === "postgres" ? openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl }) : null;
  });
  afterEach(async () => {
    await other?.db.destroy();
    await database.cleanup();
  });

  const instance = (index: number) => (other && index % 2 === 1 ? other.db : database.db);

  test("a meeting claims its quarter-hour cells, buffers included, and its day's first place", async () => {
    const result = await reserveMeeting(database.db, request("2026-06-02T16:00:00Z"), availability, now);
    expect(result.ok).toBe(true);
    const claims = await database.db.selectFrom("booking_claims").select("cell").orderBy("cell").execute();
    expect(claims.map((claim) => claim.cell)).toEqual([
      "2026-06-02T16:00:00.000Z",
      "2026-06-02T16:15:00.000Z",
      "2026-06-02T16:30:00.000Z",
      "day:2026-06-02:1",
    ]);
    expect(claimedCells(availability, at("2026-06-02T16:00:00Z"))).toHaveLength(3);
    const booking = await database.db.selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      start_at: "2026-06-02T16:00:00.000Z",
      end_at: "2026-06-02T16:30:00.000Z",
      status: "confirmed",
      host: "team",
    });
    expect(Number(booking.sequence)).toBe(0);
  });

  test("the database itself refuses a second holder of a cell, whatever the code checks", async () => {
    const first = await reserveMeeting(database.db, request("2026-06-02T16:00:00Z"), availability, now);
    if (!first.ok) throw new Error(first.reason);
    const row = { host: "team", start_at: "x", end_at: "x", status: "confirmed" as const, created_at: "x" };
    await database.db
      .insertInto("bookings")
      .values({ ...row, id: "forged", manage_token_hash: "forged" })
      .execute();
    const forged = database.db
      .insertInto("booking_claims")
      .values({ host: "team", cell: "2026-06-02T16:15:00.000Z", booking_id: "forged" })
      .execute();
    const error = await forged.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error)).toBe(true);
  });

  test("twenty visitors racing for one time (on two instances with PostgreSQL): exactly one wins", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        reserveMeeting(instance(index), request("2026-06-02T17:00:00Z"), availability, now),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => (result.ok ? null : result.reason))).toEqual(
      Array(19).fill("taken"),
    );
    expect(await database.db.selectFrom("bookings").select("id").execute()).toHaveLength(1);
    // The losers' rows and claims were rolled back with them.
    expect(await database.db.selectFrom("booking_claims").select("cell").execute()).toHaveLength(4);
  });

  test("a start overlapping a meeting or its buffer is taken; one leaving the buffer free is not", async () => {
    expect((await reserveMeeting(database.db, request("2026-06-02T17:00:00Z"), availability, now)).ok).toBe(true);
    // 10:30 would start inside 10:00's 15-minute after-buffer; 09:30's own buffer would run into 10:00.
    expect(await reserveMeeting(database.db, request("2026-06-02T17:30:00Z"), availability, now)).toEqual({
      ok: false,
      reason: "taken",
    });
    expect(await reserveMeeting(database.db, request("2026-06-02T16:30:00Z"), availability, now)).toEqual({
      ok: false,
      reason: "taken",
    });
    // 09:00 with its buffer ends at 09:45, 11:00 starts after 10:00's buffer: both fit.
    expect((await reserveMeeting(database.db, request("2026-06-02T16:00:00Z"), availability, now)).ok).toBe(true);
    expect((await reserveMeeting(database.db, request("2026-06-02T18:00:00Z"), availability, now)).ok).toBe(true);
  });

  test("the rules are checked again: forged, past, off-hours and too-far starts are refused and nothing is stored", async () => {
    expect(await reserveMeeting(database.db, request("2026-06-02T16:05:00Z"), availability, now)).toEqual({
      ok: false,
      reason: "outside-hours",
    });
    expect(await reserveMeeting(database.db, request("2026-06-06T16:00:00Z"), availability, now)).toEqual({
      ok: false,
      reason: "outside-hours",
    });
    expect(await reserveMeeting(database.db, request("2026-05-29T16:00:00Z"), availability, now)).toEqual({
      ok: false,
      reason: "too-soon",
    });
    expect(await reserveMeeting(database.db, request("2026-09-01T16:00:00Z"), availability, now)).toEqual({
      ok: false,
      reason: "too-far",
    });
    expect(await database.db.selectFrom("bookings").select("id").execute()).toEqual([]);
  });

  test("the daily limit holds under concurrency: of eight visitors wanting eight times of one day, three get one", async () => {
    // Every hour from 09:00 to 16:00: an hour apart, so only the day's places can clash.
    const starts = Array.from({ length: 8 }, (_, index) => at("2026-06-03T16:00:00Z").add({ hours: index }).toString());
    const results = await Promise.all(
      starts.map((start, index) => reserveMeeting(instance(index), request(start), availability, now)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(results.filter((result) => !result.ok)).toEqual(Array(5).fill({ ok: false, reason: "day-full" }));
    const places = await database.db
      .selectFrom("booking_claims")
      .select("cell")
      .where("cell", "like", "day:%")
      .orderBy("cell")
      .execute();
    expect(places.map((place) => place.cell)).toEqual(["day:2026-06-03:1", "day:2026-06-03:2", "day:2026-06-03:3"]);
    expect(await database.db.selectFrom("bookings").select("id").execute()).toHaveLength(3);
    // The next day is not affected.
    expect((await reserveMeeting(database.db, request("2026-06-04T16:00:00Z"), availability, now)).ok).toBe(true);
  });

  test("cancelling frees the time and the day's place, and the engine offers the time again", async () => {
    const first = await reserveMeeting(database.db, request("2026-06-02T17:00:00Z"), availability, now);
    if (!first.ok) throw new Error(first.reason);
    const window = { from: at("2026-06-02T00:00:00Z"), to: at("2026-06-03T00:00:00Z") };
    const offered = async () => {
      const [day] = freeTimes({
        availability,
        now: instantOf(now),
        bookings: await bookedMeetings(database.db, window),
        visitorTimeZone: "America/Los_Angeles",
      }).filter((found) => found.date === "2026-06-02");
      return day?.slots.map((slot) => slot.start) ?? [];
    };
    expect(await offered()).not.toContain("2026-06-02T17:00:00Z");
    expect(await database.db.transaction().execute((trx) => cancelMeeting(trx, first.bookingId, now))).toBe(true);
    expect(await database.db.transaction().execute((trx) => cancelMeeting(trx, first.bookingId, now))).toBe(false);
    expect(await offered()).toContain("2026-06-02T17:00:00Z");
    const cancelled = await database.db
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", first.bookingId)
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe("cancelled");
    expect(Number(cancelled.sequence)).toBe(1);
    const again = await reserveMeeting(database.db, request("2026-06-02T17:00:00Z"), availability, now);
    expect(again.ok).toBe(true);
    const places = await database.db
      .selectFrom("booking_claims")
      .select("cell")
      .where("cell", "like", "day:%")
      .execute();
    expect(places.map((place) => place.cell)).toEqual(["day:2026-06-02:1"]);
  });
});
