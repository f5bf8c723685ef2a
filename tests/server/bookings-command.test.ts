import { Temporal } from "temporal-polyfill";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { availabilityFromEnv } from "#app/booking/availability.ts";
import { claimMeeting } from "#app/booking/claims.server.ts";
import { freeTimes } from "#app/booking/free-times.ts";
import { meetingFields } from "#app/booking/meeting-fields.ts";
import { parseConfig } from "#app/config.ts";
import { storeSubmission } from "#app/forms/submissions.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { runScript } from "#tests/helpers/run-script.ts";

// One meeting, one id (issue 46): staff see a meeting's submission id in the inbox, the e-mails
// and the sheets, and `npm run bookings` and `npm run submissions` both take it, and show it.
// The real commands in processes of their own, on a database of each engine.

vi.setConfig({ testTimeout: 90_000 });

describe.each(engines)("npm run bookings takes the id staff see, on %s", (engine) => {
  let database: TestDatabase;
  let env: Record<string, string>;
  // The first free time of each of the coming days, by the real clock (the commands read it).
  let starts: string[];
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    // SITE_URL and PORT unset, as on an operator's shell that has not been given them.
    env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "", SITE_URL: "", PORT: "" };
    const days = freeTimes({
      availability: availabilityFromEnv(parseConfig(env)),
      now: Temporal.Now.instant(),
      bookings: [],
      visitorTimeZone: "UTC",
    });
    starts = days.filter((day) => day.slots.length > 0).map((day) => day.slots[0]!.start);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  /** A meeting booked as the booking page books it: its submission and, in the same transaction, its booking. */
  async function book(name: string, start: string, { ownId = false } = {}) {
    const availability = availabilityFromEnv(parseConfig(env));
    let bookingId = "";
    const submission = await storeSubmission(database.db, {
      kind: "meeting",
      description: meetingFields,
      fields: { name, email: `${name.toLowerCase()}@example.com`, start, timeZone: "Asia/Kolkata" },
      files: [],
      spamReason: null,
      formKey: null,
      messageIdDomain: "example.org",
      notification: ({ id }) => ({
        recipient: "team@example.org",
        replyTo: null,
        subject: `New meeting (reference ${id})`,
        text: id,
        html: `<p>${id}</p>`,
      }),
      alsoStore: async (trx, { id }) => {
        bookingId = await claimMeeting(
          trx,
          {
            start: Temporal.Instant.from(start),
            manageTokenHash: `hash-${name}`,
            // A meeting booked before meetings took their submission's id had one of its own.
            submissionId: ownId ? null : id,
          },
          availability,
          new Date(),
        );
        if (ownId) await trx.updateTable("bookings").set({ submission_id: id }).where("id", "=", bookingId).execute();
        return undefined;
      },
    });
    return { submissionId: submission.id, bookingId };
  }

  const bookings = (args: string[]) => runScript("bookings.ts", args, env);

  test("a new meeting has its submission's id, which list, show and cancel use", async () => {
    const ann = await book("Ann", starts[0]!);
    // The same id in the inbox, the e-mails (the team's notification names it) and the commands.
    expect(ann.bookingId).toBe(ann.submissionId);
    const notification = await database.db.selectFrom("outbox").select("subject").executeTakeFirstOrThrow();
    expect(notification.subject).toBe(`New meeting (reference ${ann.submissionId})`);

    const list = await bookings(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${ann.submissionId}\\s+.*\\s+Booked\\s+Ann$`, "m"));

    const show = await bookings(["show", ann.submissionId.slice(0, 23)]);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(new RegExp(`^Meeting ${ann.submissionId} \\(Booked\\)$`, "m"));
    expect(show.stdout).toContain(`Details:     npm run submissions -- show ${ann.submissionId}`);

    const cancel = await bookings(["cancel", ann.submissionId]);
    expect(cancel.code).toBe(0);
    expect(cancel.stdout).toContain(`Cancelled meeting ${ann.submissionId} (`);
    // The visitor's cancellation links to the booking page: a guess without SITE_URL, and it says so.
    expect(cancel.stderr).toMatch(/^Note: SITE_URL is not set .* name http:\/\/localhost:3000\./m);
    const row = await database.db.selectFrom("bookings").select("status").executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
  });

  test("a meeting booked with an id of its own answers to its submission's id, and shows that one", async () => {
    const bea = await book("Bea", starts[1]!, { ownId: true });
    expect(bea.bookingId).not.toBe(bea.submissionId);

    // The id the inbox and the e-mails show: found, whole or its start, and shown.
    for (const given of [bea.submissionId, bea.submissionId.slice(0, 23).toUpperCase()]) {
      const show = await bookings(["show", given]);
      expect(show.code, show.stderr).toBe(0);
      expect(show.stdout).toMatch(new RegExp(`^Meeting ${bea.submissionId} \\(Booked\\)$`, "m"));
      expect(show.stdout).not.toContain(bea.bookingId);
    }
    // Its own id (its calendar event's UID, older outputs) still finds it, and shows the one id.
    const byOwnId = await bookings(["show", bea.bookingId]);
    expect(byOwnId.code).toBe(0);
    expect(byOwnId.stdout).toMatch(new RegExp(`^Meeting ${bea.submissionId} \\(Booked\\)$`, "m"));

    const list = await bookings(["list"]);
    expect(list.stdout).toContain(bea.submissionId);
    expect(list.stdout).not.toContain(bea.bookingId);

    // npm run submissions takes either id for the same submission.
    for (const given of [bea.submissionId, bea.bookingId]) {
      const show = await runScript("submissions.ts", ["show", given], env);
      expect(show.code, show.stderr).toBe(0);
      expect(show.stdout).toMatch(new RegExp(`^Meeting ${bea.submissionId}$`, "m"));
    }

    const cancel = await bookings(["cancel", bea.submissionId.slice(0, 30)]);
    expect(cancel.code).toBe(0);
    expect(cancel.stdout).toContain(`Cancelled meeting ${bea.submissionId} (`);

    const unknown = await bookings(["show", "ffffffff"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No meeting has an id starting with "ffffffff"');
  });
});
