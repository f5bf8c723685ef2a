import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { clientAddressHeader } from "#app/platform/rate-limit.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// A meeting booked the way the page books it: a multipart post through the forms' pipeline,
// which stores the submission of kind "meeting" and the booking's claims in one transaction.
// The server's modules read the environment once, so each engine gets fresh ones.

// Los Angeles in June (-07:00): Tuesday 2 June 2026, 10:00 is 17:00Z.
const now = new Date("2026-06-01T12:00:00Z");
const start = "2026-06-02T17:00:00Z";
const day = "2026-06-02";

type Server = {
  submitBooking: typeof import("#app/booking/booking-page.server.ts")["submitBooking"];
  stamp: () => string;
  close: () => Promise<void>;
};

async function startServer(database: TestDatabase): Promise<Server> {
  vi.stubEnv("DATA_DIR", database.dataDir);
  vi.stubEnv("DATABASE_URL", database.databaseUrl ?? "");
  vi.stubEnv("FORM_MIN_SECONDS", "0");
  vi.stubEnv("RATE_LIMIT_MAX", "100");
  vi.stubEnv("SMTP_URL", "");
  vi.stubEnv("BOOKING_TIME_ZONE", "America/Los_Angeles");
  vi.stubEnv("BOOKING_HOURS", "mon-fri 09:00-17:00");
  vi.resetModules();
  const { submitBooking } = await import("#app/booking/booking-page.server.ts");
  const { issueFormStamp } = await import("#app/forms/form-guard.server.ts");
  const { getServices } = await import("#app/platform/services.server.ts");
  const services = await getServices();
  return { submitBooking, stamp: () => issueFormStamp(services.secret, "meeting"), close: () => services.close() };
}

const person = (index: number) => ({
  name: `Visitor ${index}`,
  email: `visitor${index}@example.com`,
  company: `Company ${index}`,
  topic: `Topic ${index}: <b>markup</b> & symbols`,
});

function post(server: Server, index: number, fields: Record<string, string>) {
  const body = new FormData();
  body.set("form-started", server.stamp());
  body.set("website", "");
  body.set("tz", "Europe/Berlin");
  for (const [name, value] of Object.entries({ ...person(index), ...fields })) body.set(name, value);
  const request = new Request(`http://localhost/contact/meeting?day=${day}&tz=Europe%2FBerlin`, {
    method: "POST",
    body,
    headers: { [clientAddressHeader]: `192.0.2.${index + 1}` },
  });
  return server.submitBooking(request, now);
}

type Answer = { status: number; location: string | null; values: Record<string, unknown>; errors: string[] };

/** A redirect, or the form again: its status, the values it keeps and its messages. */
function answerOf(result: Awaited<ReturnType<Server["submitBooking"]>>): Answer {
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("location"), values: {}, errors: [] };
  const reply = result.data.result as {
    initialValue?: Record<string, unknown>;
    error?: Record<string, string[] | null>;
  } | null;
  return {
    status: result.init?.status ?? 200,
    location: null,
    values: reply?.initialValue ?? {},
    errors: Object.values(reply?.error ?? {}).flatMap((messages) => messages ?? []),
  };
}

describe.each(engines)("booking through the form on %s", (engine) => {
  let database: TestDatabase;
  let server: Server;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    server = await startServer(database);
  });
  afterEach(async () => {
    await server.close();
    await database.cleanup();
  });

  test("ten visitors posting for one time: one meeting stored and booked, nine told it was just taken, their details kept", async () => {
    const answers = (await Promise.all(Array.from({ length: 10 }, (_, index) => post(server, index, { start })))).map(
      answerOf,
    );
    const won = answers.filter((answer) => answer.status === 303);
    expect(won).toHaveLength(1);
    expect(won[0]?.location).toBe(
      "/contact/meeting?booked=1&at=2026-06-02T17%3A00%3A00Z&tz=Europe%2FBerlin#confirmation",
    );
    const lost = answers.filter((answer) => answer.status !== 303);
    expect(lost.map((answer) => answer.status)).toEqual(Array(9).fill(409));
    for (const answer of lost) {
      expect(answer.errors.join(" ")).toContain("That time was just taken");
      const index = Number(String(answer.values.name).replace("Visitor ", ""));
      expect(answer.values).toMatchObject({ ...person(index), start });
    }

    const submissions = await database.db.selectFrom("submissions").selectAll().execute();
    expect(submissions).toHaveLength(1);
    expect(submissions[0]?.kind).toBe("meeting");
    const fields = JSON.parse(submissions[0]?.fields ?? "{}") as Record<string, string>;
    expect(fields).toMatchObject({ start, timeZone: "Europe/Berlin" });
    expect(fields.when).toMatch(/^Tuesday, June 2, 2026 at 10:00\sAM Pacific Daylight Time$/);
    expect(fields.visitorWhen).toMatch(/^Tuesday, June 2, 2026 at 7:00\sPM Central European Summer Time$/);
    const bookings = await database.db.selectFrom("bookings").selectAll().execute();
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      start_at: "2026-06-02T17:00:00.000Z",
      submission_id: submissions[0]?.id,
      status: "confirmed",
    });
    // The losers' submissions, notifications and claims rolled back with them.
    // (the visitor's invitation and the team's notice)
    expect(await database.db.selectFrom("outbox").select("id").execute()).toHaveLength(2);
    // The winner's: three quarter hours (the meeting and the default 15-minute buffer) and a place of its day.
    expect(await database.db.selectFrom("booking_claims").select("cell").execute()).toHaveLength(4);
  });

  test("the booking's answer proves this browser made it: its cookie opens the meeting's calendar file; a forged one, or none, does not", async () => {
    const answer = await post(server, 0, { start });
    if (!(answer instanceof Response)) throw new Error("expected the redirect to the confirmation");
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      /^meeting_booked=[\w-]+\.[\w-]+; Path=\/contact\/meeting; Max-Age=86400; HttpOnly; SameSite=Lax$/,
    );
    const { invitationFile } = await import("#app/booking/invitation-file.server.ts");
    const download = (cookieHeader: string | null) =>
      invitationFile(
        new Request("http://localhost/contact/meeting/invitation.ics", {
          headers: cookieHeader ? { cookie: cookieHeader } : {},
        }),
        undefined,
        now,
      ).catch((thrown: { init?: { status?: number } }) => thrown.init?.status);
    const file = await download(cookie.split(";")[0] ?? "");
    if (!(file instanceof Response)) throw new Error("expected the calendar file");
    const booking = await database.db.selectFrom("bookings").select("id").executeTakeFirstOrThrow();
    expect(await file.text()).toMatch(
      new RegExp(
        `DTSTART:20260602T170000Z[\\s\\S]*UID:${booking.id}@|UID:${booking.id}@[\\s\\S]*DTSTART:20260602T170000Z`,
      ),
    );
    const [name, value] = (cookie.split(";")[0] ?? "").split("=");
    const [id] = (value ?? "").split(".");
    expect(await download(`${name}=${id}.${"A".repeat(43)}`)).toBe(404);
    expect(await download(null)).toBe(404);
  });

  test("past, off-hours and forged times are refused with 400 and nothing is stored", async () => {
    for (const [index, forged] of [
      "2026-05-29T17:00:00Z",
      "2026-06-06T17:00:00Z",
      "2026-06-02T17:05:00Z",
      "2026-06-02T03:00:00Z",
    ].entries()) {
      const answer = answerOf(await post(server, index, { start: forged }));
      expect(answer.status).toBe(400);
      expect(answer.errors.join(" ")).toContain("That time cannot be booked");
      expect(answer.values).toMatchObject(person(index));
    }
    const missing = answerOf(await post(server, 9, { start: "" }));
    expect(missing.status).toBe(400);
    expect(missing.errors).toContain("Please choose a time.");
    expect(await database.db.selectFrom("submissions").select("id").execute()).toEqual([]);
    expect(await database.db.selectFrom("bookings").select("id").execute()).toEqual([]);
  });

  test("spam is answered like a booking but neither stored as one nor holding the time", async () => {
    const answer = answerOf(await post(server, 1, { start, website: "https://spam.example" }));
    expect(answer.status).toBe(303);
    const submissions = await database.db.selectFrom("submissions").select(["status"]).execute();
    expect(submissions).toEqual([{ status: "spam" }]);
    expect(await database.db.selectFrom("bookings").select("id").execute()).toEqual([]);
    expect(answerOf(await post(server, 2, { start })).status).toBe(303);
  });
});
