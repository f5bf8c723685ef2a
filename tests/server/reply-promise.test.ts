import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openDatabase } from "#app/platform/db.server.ts";
import { newId } from "#app/platform/ids.server.ts";
import { WebhookEndpointsSchema } from "#app/webhooks/endpoints.ts";
import { durationLabel, promiseState } from "#app/workspace/inbox/reply-promise.ts";
import {
  queueReplyReminders,
  recordReply,
  replyPromiseOf,
  replyWeeks,
  sendReply,
  setOwner,
} from "#app/workspace/inbox/reply-promise.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// The contact page's promise of a reply within 24 hours (issue 34), on both engines: where an
// inquiry stands, its owner and first reply, the reminder 20 hours after it arrived (once,
// however many instances look), and the weeks the dashboard shows.

const arrived = "2030-06-03T08:00:00.000Z";
const hoursAfter = (hours: number, from = arrived) => new Date(Date.parse(from) + hours * 3600_000);
const endpoints = WebhookEndpointsSchema.parse(
  JSON.stringify([{ name: "team-chat", url: "https://hooks.slack.example/T1", kind: "slack" }]),
);

async function addInquiry(
  database: TestDatabase,
  { createdAt = arrived, status = "received" as "received" | "spam", kind = "contact" as "contact" | "meeting" } = {},
) {
  const id = newId();
  await database.db
    .insertInto("submissions")
    .values({
      id,
      kind,
      status,
      created_at: createdAt,
      job_slug: null,
      fields: JSON.stringify({ name: "Ann Example", email: "ann@example.com", project: "A new site" }),
      spam_reason: null,
      form_key: null,
      note: null,
      search_text: null,
    })
    .execute();
  return id;
}

async function addStaff(database: TestDatabase, email: string) {
  const id = newId();
  await database.db
    .insertInto("staff")
    .values({ id, email, role: "member", webauthn_user_id: id, created_at: arrived, openid_signed_in_at: null })
    .execute();
  return { id, email };
}

test("the promise's clock: due, late, replied within or after 24 hours", () => {
  expect(promiseState(arrived, null, hoursAfter(19).getTime())).toEqual({ state: "due", minutes: 300 });
  expect(promiseState(arrived, null, hoursAfter(26.5).getTime())).toEqual({ state: "late", minutes: 150 });
  expect(promiseState(arrived, hoursAfter(3).toISOString(), hoursAfter(40).getTime())).toEqual({
    state: "replied",
    minutes: 180,
    kept: true,
  });
  expect(promiseState(arrived, hoursAfter(25).toISOString(), hoursAfter(40).getTime())).toMatchObject({ kept: false });
  expect([45, 300, 310, 60 * 50].map(durationLabel)).toEqual(["45 min", "5 h", "5 h 10 min", "2 d 2 h"]);
});

describe.each(engines)("the 24-hour promise on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("an inquiry is taken or assigned, and its first reply is recorded once", async () => {
    const ann = await addStaff(database, "ann@team.example");
    const bob = await addStaff(database, "bob@team.example");
    const id = await addInquiry(database);
    expect(await setOwner(database.db, id, ann.id, ann, hoursAfter(1))).toBe(true);
    expect(await setOwner(database.db, id, bob.id, ann, hoursAfter(2))).toBe(true);
    expect(await setOwner(database.db, id, "no-such-person", ann)).toBe(false);
    expect(await recordReply(database.db, id, bob, hoursAfter(5))).toBe(true);
    expect(await recordReply(database.db, id, ann, hoursAfter(9))).toBe(true);

    const promise = await replyPromiseOf(database.db, id, hoursAfter(30));
    expect(promise).toMatchObject({
      ownerId: bob.id,
      ownerEmail: "bob@team.example",
      state: { state: "replied", minutes: 300, kept: true },
    });
    const row = await database.db
      .selectFrom("submissions")
      .select(["progress", "first_reply_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ progress: "in_progress", first_reply_at: hoursAfter(5).toISOString() });
    const audit = await database.db.selectFrom("audit_events").select(["action", "detail"]).orderBy("id").execute();
    expect(audit).toEqual([
      { action: "owner", detail: "ann@team.example" },
      { action: "owner", detail: "bob@team.example" },
      { action: "replied", detail: null },
    ]);
    // A meeting has no such promise.
    expect(await replyPromiseOf(database.db, await addInquiry(database, { kind: "meeting" }))).toBeNull();
  });

  test("a reply sent from the workspace goes to the inquirer through the outbox, records the first reply and stops the reminder", async () => {
    const ann = await addStaff(database, "ann@team.example");
    const id = await addInquiry(database);
    const message = "Hello Ann,\n\nThanks for <writing>.\nLet's talk on Monday.";
    expect(
      await sendReply(database.db, id, { subject: "Re: We received your inquiry", message }, ann, hoursAfter(3)),
    ).toBe("sent");
    expect(
      await sendReply(database.db, id, { subject: "Re: Monday", message: "Ten o'clock?" }, ann, hoursAfter(4)),
    ).toBe("sent");
    const mail = await database.db
      .selectFrom("outbox")
      .select(["submission_id", "recipient", "reply_to", "subject", "text_body", "html_body", "kind", "recipient_role"])
      .orderBy("created_at")
      .execute();
    expect(mail).toEqual([
      {
        submission_id: id,
        recipient: "ann@example.com",
        reply_to: "ann@team.example",
        subject: "Re: We received your inquiry",
        text_body: `${message}\n`,
        html_body: "<p>Hello Ann,</p>\n<p>Thanks for &lt;writing&gt;.<br>Let&#39;s talk on Monday.</p>",
        kind: "reply",
        recipient_role: "visitor",
      },
      expect.objectContaining({ subject: "Re: Monday", kind: "reply" }),
    ]);
    // The first one stopped the promise's clock: replied after 3 hours, no reminder at 20.
    expect(await replyPromiseOf(database.db, id, hoursAfter(30))).toMatchObject({
      state: { state: "replied", minutes: 180, kept: true },
    });
    expect(await queueReplyReminders(database.db, { now: hoursAfter(21), endpoints })).toBe(0);
    // The trail says a reply went, twice, and holds nothing of it.
    const audit = await database.db.selectFrom("audit_events").select(["action", "target", "detail"]).execute();
    expect(audit).toEqual([
      { action: "reply", target: id, detail: null },
      { action: "reply", target: id, detail: null },
    ]);
    // Spam, another kind, or no such inquiry: nothing is sent.
    const spam = await addInquiry(database, { status: "spam" });
    const meeting = await addInquiry(database, { kind: "meeting" });
    for (const other of [spam, meeting, "no-such-id"])
      expect(await sendReply(database.db, other, { subject: "Re: x", message: "y" }, ann)).toBe("not-found");
    expect(await database.db.selectFrom("outbox").select("id").execute()).toHaveLength(2);
  });

  test("20 hours after it arrived, an unanswered inquiry reminds its owner once, across two instances", async () => {
    const ann = await addStaff(database, "ann@team.example");
    const owned = await addInquiry(database);
    await setOwner(database.db, owned, ann.id, ann);
    const teams = await addInquiry(database);
    const replied = await addInquiry(database);
    await recordReply(database.db, replied, ann, hoursAfter(2));
    await addInquiry(database, { status: "spam" });

    expect(await queueReplyReminders(database.db, { now: hoursAfter(19.9), endpoints })).toBe(0);

    // A second instance: on PostgreSQL its own connections to the same database; SQLite has one
    // writer at a time (in one process, a second connection would wait on the first's lock).
    const other =
      engine === "postgres" ? openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl }) : null;
    const second = other?.db ?? database.db;
    try {
      const queued = await Promise.all([
        queueReplyReminders(database.db, { now: hoursAfter(20.1), endpoints }),
        queueReplyReminders(second, { now: hoursAfter(20.1), endpoints }),
      ]);
      expect(queued[0] + queued[1]).toBe(2);
      expect(await queueReplyReminders(second, { now: hoursAfter(23), endpoints })).toBe(0);
    } finally {
      await other?.db.destroy();
    }

    const mail = await database.db
      .selectFrom("outbox")
      .select(["submission_id", "recipient", "subject", "text_body"])
      .orderBy("recipient")
      .execute();
    expect(mail.map((message) => [message.submission_id, message.recipient])).toEqual([
      [owned, "ann@team.example"],
      [teams, "hello@example.com"],
    ]);
    expect(mail[0]?.subject).toBe("An inquiry has waited 20 hours for a reply");
    // Nothing the visitor typed is in the reminder.
    for (const message of mail)
      expect(`${message.subject}${message.text_body}`).not.toMatch(/Ann|ann@example|new site/);

    const events = await database.db
      .selectFrom("webhook_events")
      .select(["type", "submission_id", "chat_text"])
      .execute();
    expect(events.map((event) => [event.type, event.submission_id]).sort()).toEqual(
      [
        ["inquiry.overdue", owned],
        ["inquiry.overdue", teams],
      ].sort(),
    );
    expect(events[0]?.chat_text).toMatch(/^Inquiry still unanswered after 20 hours: <http.*\|open in the workspace>$/);
    expect(await database.db.selectFrom("webhook_deliveries").select("endpoint").execute()).toHaveLength(2);
  });

  test("per week of arrival: the share answered within 24 hours and the median time to the first reply", async () => {
    const ann = await addStaff(database, "ann@team.example");
    // The week of Monday 2030-06-03: replied after 2 h, after 30 h, not yet (late), and one still due.
    const quick = await addInquiry(database);
    const slow = await addInquiry(database);
    await addInquiry(database);
    await addInquiry(database, { createdAt: "2030-06-09T20:00:00.000Z" });
    await recordReply(database.db, quick, ann, hoursAfter(2));
    await recordReply(database.db, slow, ann, hoursAfter(30));
    // The next week: one replied after 4 h.
    const next = await addInquiry(database, { createdAt: "2030-06-11T08:00:00.000Z" });
    await recordReply(database.db, next, ann, hoursAfter(4, "2030-06-11T08:00:00.000Z"));

    const weeks = await replyWeeks(database.db, {
      from: "2030-06-01",
      to: "2030-06-14",
      now: new Date("2030-06-10T08:00:00.000Z"),
    });
    expect(weeks).toEqual([
      { week: "2030-06-03", inquiries: 4, decided: 3, kept: 1, share: 1 / 3, medianMinutes: 16 * 60 },
      { week: "2030-06-10", inquiries: 1, decided: 1, kept: 1, share: 1, medianMinutes: 240 },
    ]);
  });
});
