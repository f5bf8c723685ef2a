import type { Kysely } from "kysely";
import { v7 as uuidv7 } from "uuid";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Schema } from "#app/platform/db.server.ts";
import { nextTurn } from "#app/platform/pacing.server.ts";
import { purgeIfDue, startDailyPurge } from "#app/privacy/daily-purge.server.ts";
import { purge, type RetentionPolicy } from "#app/privacy/retention.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// The purge over a backlog (a site upgrading with years of submissions, or a shorter period):
// every due row goes, a batch at a time, with the event loop free between two batches, so the
// server keeps answering; and starting it never holds up start-up. No timings here: speed is
// `npm run bench -- inbox`'s.

const policy: RetentionPolicy = {
  inquiryMonths: 12,
  applicationMonths: 6,
  futureOpeningsMonths: 12,
  meetingMonths: 12,
  spamDays: 30,
  mailDays: 30,
  dataDir: "",
};
const now = new Date("2027-06-15T12:00:00.000Z");
const due = 1000;
const kept = 10;
const batch = 200;

/** `due` inquiries from two years back and `kept` from last week, each with its sent notification, in bulk. */
async function seed(db: Kysely<Schema>) {
  const rows = Array.from({ length: due + kept }, (_, index) => {
    const at = new Date(
      index < due
        ? now.getTime() - 2 * 365 * 86_400_000 + index * 60_000
        : now.getTime() - 7 * 86_400_000 + index * 1000,
    );
    const id = uuidv7({ msecs: at.getTime() });
    const fields = { name: `Person ${index}`, email: `person${index}@example.com`, project: "An app." };
    return {
      submission: {
        id,
        kind: "contact" as const,
        status: "received" as const,
        created_at: at.toISOString(),
        job_slug: null,
        fields: JSON.stringify(fields),
        spam_reason: null,
        form_key: null,
        search_text: `person ${index}`,
      },
      mail: {
        id: uuidv7({ msecs: at.getTime() }),
        submission_id: id,
        recipient: "hello@example.com",
        reply_to: fields.email,
        subject: `New inquiry from ${fields.name}`,
        text_body: fields.project,
        html_body: `<p>${fields.project}</p>`,
        message_id: `<${id}@example.org>`,
        status: "sent" as const,
        attempts: 1,
        next_attempt_at: at.toISOString(),
        created_at: at.toISOString(),
        sent_at: at.toISOString(),
      },
    };
  });
  for (let start = 0; start < rows.length; start += 100) {
    const slice = rows.slice(start, start + 100);
    await db
      .insertInto("submissions")
      .values(slice.map((row) => row.submission))
      .execute();
    await db
      .insertInto("outbox")
      .values(slice.map((row) => row.mail))
      .execute();
  }
}

const count = async (db: Kysely<Schema>, table: "submissions" | "outbox" | "deletion_tombstones") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe.each(engines)("the purge over a backlog on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    await seed(database.db);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test(`deletes ${due} due submissions in batches, and the event loop runs other work between two batches`, async () => {
    const { db } = database;
    // Another piece of work waiting on the event loop, as a request would: it counts the turns it gets.
    let purging = true;
    let turns = 0;
    const other = () => {
      if (!purging) return;
      turns += 1;
      setImmediate(other);
    };
    setImmediate(other);
    const result = await purge(db, policy, now);
    purging = false;

    expect(result.submissions).toHaveLength(due);
    expect(await count(db, "submissions")).toBe(kept);
    expect(await count(db, "outbox")).toBe(kept);
    expect(await count(db, "deletion_tombstones")).toBe(due);
    // Once at least between each two of the batches (on SQLite every query runs on the event loop).
    expect(turns).toBeGreaterThanOrEqual(due / batch);
  });

  test("starting the daily purge returns at once; it runs beside whatever start-up queued, and stops between two batches", async () => {
    const { db } = database;
    const messages: string[] = [];
    const daily = startDailyPurge({ db, policy, now: () => now, onPurged: (message) => messages.push(message) });
    // Started, and nothing deleted before the caller (the server, about to listen) goes on.
    await nextTurn();
    expect(await count(db, "submissions")).toBe(due + kept);
    // Stopped with the server while under way: the batch in flight ends, the rest is left for the next check.
    await nextTurn();
    await nextTurn();
    await daily.stop();
    const left = await count(db, "submissions");
    expect(left).toBeGreaterThan(kept);
    expect(messages).toEqual(["Privacy purge stopped with the server: what is left goes at the next check"]);
    // The day's lease was given back: the next check (here another instance's) finishes the work.
    const finished: string[] = [];
    expect(await purgeIfDue({ db, policy, now: () => now, onPurged: (message) => finished.push(message) })).toBe(true);
    expect(await count(db, "submissions")).toBe(kept);
    expect(await count(db, "deletion_tombstones")).toBe(due);
    expect(finished[0]).toMatch(
      new RegExp(
        `^Privacy purge: ${left - kept} submissions \\(${left - kept} inquiry\\), 0 sent e-mail copies deleted in [\\d.]+ s$`,
      ),
    );
  });
});
