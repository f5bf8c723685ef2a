import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { applicationFields } from "#app/careers/application-fields.ts";
import { isoNow } from "#app/platform/clock.ts";
import type { Database } from "#app/platform/db.server.ts";
import { localMailFile } from "#app/platform/mail.server.ts";
import { localMailName, queueMail } from "#app/platform/outbox.server.ts";
import { addDays, dayOf } from "#app/analytics/days.ts";
import { dayBatch } from "#app/analytics/tallies.ts";
import { purgeIfDue } from "#app/privacy/daily-purge.server.ts";
import { purgeSteps } from "#app/purge-steps.server.ts";
import { monthsBefore, purge, type RetentionPolicy } from "#app/privacy/retention.server.ts";
import { runScript } from "#tests/helpers/run-script.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// The retention periods kept on both engines with a controlled clock: each kind stored one day
// inside and one day past its limit, purged at one instant.

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
const day = 24 * 60 * 60_000;
const shift = (date: Date, days: number) => new Date(date.getTime() + days * day);

function submission(
  kind: "contact" | "application",
  email: string,
  { spam = false, future = false } = {},
): NewSubmission {
  const fields: Record<string, string | null> =
    kind === "contact"
      ? {
          name: "Ada Lovelace",
          email,
          phone: null,
          company: null,
          project: "A new app.",
          budget: "25k-50k",
          source: null,
        }
      : {
          firstName: "Ada",
          lastName: "Lovelace",
          email,
          phone: null,
          location: null,
          linkedin: null,
          github: null,
          portfolio: null,
          coverNote: null,
          consent: "yes",
          futureConsent: future ? "yes" : "no",
        };
  return {
    kind,
    description: kind === "contact" ? inquiryFields : applicationFields,
    fields,
    files: [{ name: "brief.pdf", type: "application/pdf", content: Buffer.from(`%PDF-1.7 file of ${email}`) }],
    spamReason: spam ? "honeypot" : null,
    formKey: null,
    messageIdDomain: "example.org",
    notification: ({ id }) => ({
      recipient: "hello@example.com",
      replyTo: email,
      subject: id,
      text: `From ${email}`,
      html: `<p>From ${email}</p>`,
    }),
  };
}

/** Every kind one day inside (kept) and one day past (due) its period at `now`; the addresses say which. */
async function seed(db: Database["db"], at: Date) {
  const store = (input: NewSubmission, created: Date) =>
    storeSubmission(db, input, created).then((stored) => stored.id);
  const ids = {
    inquiryKept: await store(submission("contact", "inquiry-kept@example.com"), shift(monthsBefore(at, 12), 1)),
    inquiryDue: await store(submission("contact", "inquiry-due@example.com"), shift(monthsBefore(at, 12), -1)),
    applicationKept: await store(
      submission("application", "application-kept@example.com"),
      shift(monthsBefore(at, 6), 1),
    ),
    applicationDue: await store(
      submission("application", "application-due@example.com"),
      shift(monthsBefore(at, 6), -1),
    ),
    // Past the six months, but its sender asked to be kept for future openings: twelve.
    futureKept: await store(
      submission("application", "future-kept@example.com", { future: true }),
      shift(monthsBefore(at, 12), 1),
    ),
    futureDue: await store(
      submission("application", "future-due@example.com", { future: true }),
      shift(monthsBefore(at, 12), -1),
    ),
    spamKept: await store(submission("contact", "spam-kept@example.com", { spam: true }), shift(at, -29)),
    spamDue: await store(submission("contact", "spam-due@example.com", { spam: true }), shift(at, -31)),
  };
  // Copies of sent e-mail without a submission (an invitation): sent 29 and 31 days ago; and one
  // still waiting since long ago, which is never deleted.
  const mail = async (recipient: string, sentAt: Date | null) => {
    const id = await queueMail(
      db,
      {
        kind: "staff-invitation",
        recipientRole: "staff",
        recipient,
        subject: "Invitation",
        text: recipient,
        html: recipient,
        messageIdDomain: "example.org",
      },
      shift(at, -60),
    );
    if (sentAt)
      await db
        .updateTable("outbox")
        .set({ status: "sent", sent_at: isoNow(sentAt) })
        .where("id", "=", id)
        .execute();
    return id;
  };
  const mailIds = {
    sentKept: await mail("mail-kept@example.com", shift(at, -29)),
    sentDue: await mail("mail-due@example.com", shift(at, -31)),
    pending: await mail("mail-pending@example.com", null),
  };
  const hit = (key: string, seconds: number) =>
    db
      .insertInto("rate_limit_hits")
      .values({ id: key, key, at: isoNow(new Date(at.getTime() - seconds * 1000)) })
      .execute();
  await hit("hit-in-window", 300);
  await hit("hit-spent", 601);
  return { ids, mailIds };
}

/**
 * Page views of three days to `today`, two flushes on the first (the one five days back is past the views' keep period),
 * and totals of a day 26 months back (past the 25 months kept): what the analytics' part of the
 * purge works on.
 */
async function seedAnalytics(db: Database["db"], today: string) {
  // A flush's row of /about from a search: its views and visits.
  const tallies = (back: number, views: number, visits: number) => {
    const batch = dayBatch(1);
    batch.add(views, visits, batch.index("page", "/about"), batch.index("referrer", "search.example"), -1, -1);
    return { day: addDays(today, -back), tallies: batch.stored() };
  };
  await db
    .insertInto("analytics_tallies")
    .values([tallies(5, 2, 1), tallies(5, 1, 1), tallies(1, 3, 1), tallies(0, 1, 1)])
    .execute();
  await db
    .insertInto("analytics_daily")
    .values({ day: addDays(today, -(26 * 31)), dimension: "total", value: "", views: 9, visits: 9 })
    .execute();
}

/** What the purge leaves of seedAnalytics's: the past days as totals, recent views only. */
async function expectAnalyticsPurged(db: Database["db"], today: string) {
  const totals = await db
    .selectFrom("analytics_daily")
    .select(["day", "views", "visits"])
    .where("dimension", "=", "total")
    .orderBy("day")
    .execute();
  expect(totals.map((row) => [row.day, Number(row.views), Number(row.visits)])).toEqual([
    [addDays(today, -5), 3, 2],
    [addDays(today, -1), 3, 1],
  ]);
  const views = await db.selectFrom("analytics_tallies").select("day").orderBy("day").execute();
  expect(views.map((row) => row.day)).toEqual([addDays(today, -1), today]);
}

const dueNames = ["inquiryDue", "applicationDue", "futureDue", "spamDue"] as const;
const keptNames = ["inquiryKept", "applicationKept", "futureKept", "spamKept"] as const;

test("months are calendar months: the 31st's period ends on a shorter month's last day", () => {
  expect(isoNow(monthsBefore(new Date("2027-03-31T08:00:00Z"), 1))).toBe("2027-02-28T08:00:00.000Z");
  expect(isoNow(monthsBefore(new Date("2027-06-15T12:00:00Z"), 12))).toBe("2026-06-15T12:00:00.000Z");
});

describe.each(engines)("retention on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("each kind goes one day past its period and stays one day inside it, with its files and e-mail; a tombstone stays", async () => {
    const { db } = database;
    const { ids, mailIds } = await seed(db, now);
    const due = dueNames.map((name) => ids[name]);
    const kept = keptNames.map((name) => ids[name]);

    const dryRun = await purge(db, policy, now, { dryRun: true });
    expect(dryRun.submissions.map((entry) => entry.id).sort()).toEqual([...due].sort());
    expect(Object.fromEntries(dryRun.submissions.map((entry) => [entry.id, entry.rule]))).toEqual({
      [ids.inquiryDue]: "inquiry",
      [ids.applicationDue]: "application",
      [ids.futureDue]: "future-openings",
      [ids.spamDue]: "spam",
    });
    expect(dryRun).toMatchObject({ mail: 1 });
    expect(await db.selectFrom("submissions").select("id").execute()).toHaveLength(8);

    // Without SMTP each sent e-mail is also a file of the local outbox: it goes with its row.
    const rows = await db.selectFrom("outbox").select(["id", "created_at", "submission_id"]).execute();
    mkdirSync(path.join(database.dataDir, "mail"), { recursive: true });
    const fileOf = (row: { id: string; created_at: string }) => localMailFile(database.dataDir, localMailName(row));
    for (const row of rows) writeFileSync(fileOf(row), `Subject: ${row.id}\r\n\r\nA copy.\r\n`);

    const result = await purge(db, { ...policy, dataDir: database.dataDir }, now);
    expect(result).toMatchObject({ mail: 1 });
    const left = (await db.selectFrom("submissions").select("id").execute()).map((row) => row.id);
    expect(left.sort()).toEqual([...kept].sort());
    // Files and notification copies went with their submission, and only those.
    const files = await db.selectFrom("attachments").select("submission_id").execute();
    expect(files.map((file) => file.submission_id).sort()).toEqual([...kept].sort());
    const mail = await db.selectFrom("outbox").select(["id", "submission_id"]).execute();
    expect(
      mail
        .filter((row) => row.submission_id)
        .map((row) => row.submission_id)
        .sort(),
    ).toEqual(kept.filter((id) => id !== ids.spamKept).sort());
    expect(
      mail
        .filter((row) => !row.submission_id)
        .map((row) => row.id)
        .sort(),
    ).toEqual([mailIds.sentKept, mailIds.pending].sort());
    const keptMail = new Set(mail.map((row) => row.id));
    for (const row of rows) expect(existsSync(fileOf(row)), `the file of ${row.id}`).toBe(keptMail.has(row.id));
    expect(rows.length).toBeGreaterThan(keptMail.size);
    // Rate-limit records have a prune of their own (app/platform/rate-limit.server.ts), which runs far more often.
    expect(
      (await db.selectFrom("rate_limit_hits").select("key").orderBy("key").execute()).map((row) => row.key),
    ).toEqual(["hit-in-window", "hit-spent"]);

    const tombstones = await db.selectFrom("deletion_tombstones").selectAll().orderBy("created_at").execute();
    expect(tombstones.map((row) => row.id).sort()).toEqual([...due].sort());
    for (const tombstone of tombstones)
      expect(tombstone).toMatchObject({ deleted_at: isoNow(now), reason: "retention" });
    expect(tombstones.find((row) => row.id === ids.futureDue)).toMatchObject({
      kind: "application",
      created_at: isoNow(shift(monthsBefore(now, 12), -1)),
    });
    expect(JSON.stringify(tombstones)).not.toContain("@example.com");

    // A second run finds nothing more.
    expect((await purge(db, policy, now)).submissions).toEqual([]);

    if (engine === "sqlite") {
      // What was deleted is not readable in the file's free pages (secure_delete), the WAL moved in first.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
      const bytes = readFileSync(path.join(database.dataDir, "site.sqlite")).toString("latin1");
      for (const address of ["inquiry-due", "application-due", "future-due", "spam-due", "mail-due"])
        expect(bytes, address).not.toContain(`${address}@example.com`);
      // The search itself finds what is still there.
      expect(bytes).toContain("inquiry-kept@example.com");
    }
  });

  test("a meeting is kept for its period after the meeting, not after the booking", async () => {
    const { db } = database;
    const meeting = async (email: string, bookedAt: Date, meetingAt: Date) => {
      const { id } = await storeSubmission(
        db,
        { ...submission("contact", email), kind: "meeting", files: [] },
        bookedAt,
      );
      await db
        .insertInto("bookings")
        .values({
          id: `booking-${email}`,
          host: "company",
          start_at: isoNow(meetingAt),
          end_at: isoNow(new Date(meetingAt.getTime() + 30 * 60_000)),
          status: "confirmed",
          manage_token_hash: `hash-${email}`,
          submission_id: id,
          created_at: isoNow(bookedAt),
          cancelled_at: null,
        })
        .execute();
      return id;
    };
    const limit = monthsBefore(now, 12);
    // Booked 13 months ago for a meeting 12 months less a day ago: kept.
    const kept = await meeting("meeting-kept@example.com", shift(limit, -30), shift(limit, 1));
    const due = await meeting("meeting-due@example.com", shift(limit, -30), shift(limit, -1));
    const result = await purge(db, policy, now);
    expect(result.submissions.map((entry) => [entry.id, entry.rule])).toEqual([[due, "meeting"]]);
    expect((await db.selectFrom("submissions").select("id").execute()).map((row) => row.id)).toEqual([kept]);
    // The booking row, which holds no personal data, stays without its link.
    expect(await db.selectFrom("bookings").select(["id", "submission_id"]).orderBy("id").execute()).toEqual([
      { id: "booking-meeting-due@example.com", submission_id: null },
      { id: "booking-meeting-kept@example.com", submission_id: kept },
    ]);
  });

  test("the daily purge rolls the page views of past days into totals and deletes what is past its keep period", async () => {
    const today = dayOf(now.getTime());
    await seedAnalytics(database.db, today);
    const lines: string[] = [];
    expect(
      await purgeIfDue({
        ...purgeSteps(database.db, { policy, analyticsKeepMonths: 25 }),
        now: () => now,
        onPurged: (line) => lines.push(line),
      }),
    ).toBe(true);
    await expectAnalyticsPurged(database.db, today);
    expect(lines).toContain("Analytics: 2 days rolled up, 2 view rows and 1 old totals deleted");
  });

  test("the daily purge runs on one instance at a time: the day's lease goes to one of them", async () => {
    const { db } = database;
    const { ids } = await seed(db, now);
    const options = { db, policy, now: () => now };
    const runs = await Promise.all([purgeIfDue(options), purgeIfDue(options)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(
      await db.selectFrom("submissions").select("id").where("id", "=", ids.inquiryDue).executeTakeFirst(),
    ).toBeUndefined();
    // Within the day no check runs it again (each check is a holder of its own, so the instance
    // that ran it does not either); a day later the first check does.
    expect(await purgeIfDue({ ...options, now: () => shift(now, 0.5) })).toBe(false);
    expect(await purgeIfDue({ ...options, now: () => shift(now, 1) })).toBe(true);
  });
});

const run = (args: string[], env: Record<string, string>) => runScript("privacy.ts", args, env);

describe.each(engines)("npm run privacy on %s", (engine) => {
  let database: TestDatabase;
  let env: Record<string, string>;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "" };
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("purge --dry-run lists what is due and deletes nothing; purge deletes it", async () => {
    const { ids } = await seed(database.db, new Date());
    const dryRun = await run(["purge", "--dry-run"], env);
    expect(dryRun.code).toBe(0);
    for (const name of dueNames) expect(dryRun.stdout).toContain(ids[name]);
    for (const name of keptNames) expect(dryRun.stdout).not.toContain(ids[name]);
    expect(dryRun.stdout).toContain("application kept for future openings");
    expect(dryRun.stdout).toContain(
      "Would delete 4 submission(s) with their files and e-mail copies, 1 other sent e-mail copies.",
    );
    expect(dryRun.stdout).not.toContain("@example.com");
    expect(await database.db.selectFrom("submissions").select("id").execute()).toHaveLength(8);

    const purged = await run(["purge"], env);
    expect(purged.code).toBe(0);
    expect(purged.stdout).toContain("Deleted 4 submission(s)");
    expect(await database.db.selectFrom("submissions").select("id").execute()).toHaveLength(4);
  });

  test("purge runs the daily purge's analytics step: past days rolled up, old views and totals deleted; not in a dry run", async () => {
    const today = dayOf(Date.now());
    await seedAnalytics(database.db, today);
    const dryRun = await run(["purge", "--dry-run"], env);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain("Analytics: nothing is rolled up or deleted in a dry run.");
    expect(await database.db.selectFrom("analytics_daily").select("day").execute()).toHaveLength(1);

    const purged = await run(["purge"], env);
    expect(purged.code).toBe(0);
    expect(purged.stdout).toContain("Analytics: 2 days rolled up, 2 view rows and 1 old totals deleted.");
    await expectAnalyticsPurged(database.db, today);
  });

  test("an unknown command ends with the usage", async () => {
    const result = await run(["forget"], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Usage: npm run privacy");
  });
});
