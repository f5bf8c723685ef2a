import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { applicationFields } from "#app/careers/application-fields.ts";
import { listPostings } from "#app/careers/postings.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { openDatabase } from "#app/platform/db.server.ts";
import { migrateTo, migrateToLatest } from "#app/platform/migrations.server.ts";
import { deleteSubmissions } from "#app/privacy/retention.server.ts";
import { listAudit, recordAudit } from "#app/workspace/people/audit.server.ts";
import { readableAudit } from "#app/workspace/people/audit-sentences.server.ts";
import {
  exportInbox,
  InboxFilterSchema,
  listInbox,
  setNote,
  setProgress,
  setSpam,
} from "#app/workspace/inbox/inbox.server.ts";
import { listPasskeys, removePasskey, renamePasskey } from "#app/workspace/sign-in/passkeys.server.ts";
import { readSession, startSession, zoneOf } from "#app/workspace/sign-in/session.server.ts";
import { inviteStaff, listStaff, revokeInvitation, setTimeZone } from "#app/workspace/people/staff.server.ts";
import { formatTime, shownTime, stateLabel } from "#app/workspace/shell/workspace-display.ts";
import { createPostgresDatabase, engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// What issue 33 asked of the workspace, on both engines: e-mails told apart (and those queued
// before, by the migration's backfill), each person's time zone, pending invitations, named
// passkeys, exports of every status, and an audit trail that reads as sentences, naming each
// record as it is when read (an erased one as erased).

const notification: NewSubmission["notification"] = ({ id }) => ({
  recipient: "hello@example.com",
  replyTo: null,
  subject: id,
  text: "t",
  html: "<p>t</p>",
});

const inquiry = (name: string): NewSubmission => ({
  kind: "contact",
  description: inquiryFields,
  fields: { name, email: `${name.split(" ")[0]?.toLowerCase()}@example.com`, project: "A plan", company: null },
  files: [{ name: "brief.pdf", type: "application/pdf", content: Buffer.from("%PDF-1.4") }],
  spamReason: null,
  formKey: null,
  messageIdDomain: "example.org",
  notification,
});

const application = (firstName: string, lastName: string): NewSubmission => ({
  kind: "application",
  jobSlug: null,
  description: applicationFields,
  fields: { firstName, lastName, email: `${firstName.toLowerCase()}@example.com`, coverNote: "Hello" },
  files: [],
  spamReason: null,
  formKey: null,
  messageIdDomain: "example.org",
  notification,
});

describe.each(engines)("a readable workspace on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("times read in the person's zone, which their browser sets once and only they change", async () => {
    const { staff } = await inviteStaff(database.db, { email: "lead@company.example", actor: null });
    const session = async () => (await readSession(database.db, await startSession(database.db, staff.id)))?.staff;
    expect((await session())?.timeZone).toBeNull();
    expect(await setTimeZone(database.db, staff.id, "Europe/Berlin", { unlessSet: true })).toBe(true);
    // A second tab's browser never overrides it; the person's own choice does.
    expect(await setTimeZone(database.db, staff.id, "America/New_York", { unlessSet: true })).toBe(false);
    expect((await session())?.timeZone).toBe("Europe/Berlin");
    await setTimeZone(database.db, staff.id, "Asia/Kolkata");
    expect((await session())?.timeZone).toBe("Asia/Kolkata");
    // A zone stored by its old name (as Chromium reported it before names were made current) reads by today's.
    await setTimeZone(database.db, staff.id, "Asia/Calcutta");
    expect(zoneOf((await session())!)).toBe("Asia/Kolkata");

    expect(formatTime("2026-11-23T12:39:07Z")).toBe("23 Nov 2026, 12:39 UTC");
    expect(shownTime("2026-11-23T12:39:07Z", "Europe/Berlin")).toEqual({
      iso: "2026-11-23T12:39:07Z",
      text: "23 Nov 2026, 13:39 CET",
      exact: "Monday, 23 November 2026 at 13:39:07 CET (Monday, 23 November 2026 at 12:39:07 UTC)",
    });
  });

  test("pending invitations show their expiry; withdrawing ends the link and removes someone who never signed in", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const actor = { id: "boss", email: "boss@company.example" };
    await inviteStaff(database.db, { email: "boss@company.example", actor: null }, now);
    const { staff: lead } = await inviteStaff(database.db, { email: "lead@company.example", actor }, now);
    const pending = (await listStaff(database.db, now)).find((person) => person.email === "lead@company.example");
    expect(pending).toMatchObject({
      passkeys: 0,
      canSignIn: false,
      invitation: { expiresAt: "2026-11-24T10:00:00.000Z", expired: false },
    });
    const dayAfter = new Date("2026-11-25T10:00:00Z");
    expect((await listStaff(database.db, dayAfter)).find((person) => person.id === lead.id)?.invitation).toMatchObject({
      expired: true,
    });
    // Sent again: a fresh link, the same person and role.
    await inviteStaff(database.db, { email: "lead@company.example", actor }, dayAfter);
    expect((await listStaff(database.db, dayAfter)).find((person) => person.id === lead.id)).toMatchObject({
      role: "member",
      invitation: { expired: false },
    });

    expect(await revokeInvitation(database.db, "lead@company.example", actor, dayAfter)).toBe("done");
    expect((await listStaff(database.db)).map((person) => person.email)).toEqual(["boss@company.example"]);
    expect(await revokeInvitation(database.db, "nobody@company.example", actor)).toBe("not-found");
    // The only admin, never signed in, is not withdrawn: nobody could invite anyone then.
    expect(await revokeInvitation(database.db, "boss@company.example", actor)).toBe("last-admin");

    const lines = await readableAudit(database.db, await listAudit(database.db), "UTC");
    expect(lines.map((line) => `${line.who}: ${line.sentence.map(text).join("")}`)).toEqual([
      "boss@company.example: Withdrew the invitation of someone no longer in the workspace",
      "boss@company.example: Invited someone no longer in the workspace as member",
      "boss@company.example: Invited someone no longer in the workspace as member",
      "Operator (command line): Invited boss@company.example as admin",
    ]);
  });

  test("passkeys keep the name given, can be renamed by their owner only, and the trail names them", async () => {
    const { staff } = await inviteStaff(database.db, { email: "lead@company.example", actor: null });
    const actor = { id: staff.id, email: staff.email };
    for (const [id, name] of [
      ["laptop", "Work laptop"],
      ["phone", null],
    ] as const)
      await database.db
        .insertInto("passkeys")
        .values({
          id,
          staff_id: staff.id,
          public_key: Buffer.from([1]),
          counter: 0,
          transports: "[]",
          created_at: "2026-11-23T10:00:00.000Z",
          last_used_at: id === "laptop" ? "2026-11-24T08:00:00.000Z" : null,
          name,
        })
        .execute();
    expect(await listPasskeys(database.db, staff.id)).toEqual([
      { id: "laptop", name: "Work laptop", createdAt: expect.any(String), lastUsedAt: "2026-11-24T08:00:00.000Z" },
      { id: "phone", name: "Passkey added 2026-11-23", createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(await renamePasskey(database.db, actor, "phone", "Phone")).toBe(true);
    expect(await renamePasskey(database.db, { id: "someone-else", email: "x@company.example" }, "phone", "Mine")).toBe(
      false,
    );
    expect(await removePasskey(database.db, actor, "laptop")).toBe("done");
    expect((await listPasskeys(database.db, staff.id)).map((passkey) => passkey.name)).toEqual(["Phone"]);
    const lines = await readableAudit(database.db, await listAudit(database.db), "UTC");
    expect(lines.slice(0, 2).map((line) => line.sentence.map(text).join(""))).toEqual([
      "Removed a passkey: “Work laptop”",
      "Renamed a passkey: “Phone”",
    ]);
  });

  test("the audit trail reads as sentences, each record named as the inbox names it now, an erased one as erased", async () => {
    const actor = { id: "lead", email: "lead@company.example" };
    const ada = await storeSubmission(database.db, application("Ada", "Lovelace"));
    const grace = await storeSubmission(database.db, inquiry("Grace Hopper"));
    const bob = await storeSubmission(database.db, inquiry("Bob Stone"));
    await setProgress(database.db, ada.id, "in_progress", actor);
    await setNote(database.db, ada.id, "Call back", actor);
    await setNote(database.db, ada.id, "", actor);
    await setSpam(database.db, bob.id, true, actor);
    await recordAudit(database.db, { actor, action: "download", target: grace.id, detail: "file 0" });
    await deleteSubmissions(database.db, [grace.id], "erasure", new Date(), database.dataDir);
    const lines = await readableAudit(database.db, await listAudit(database.db), "UTC");
    expect(lines.map((line) => line.sentence.map(text).join(""))).toEqual([
      "Downloaded a file of an erased inquiry (deleted on the person's request)",
      "Marked Inquiry: Bob Stone as spam",
      "Cleared the note on Application: Ada Lovelace",
      "Saved a note on Application: Ada Lovelace",
      "Marked Application: Ada Lovelace as In progress",
    ]);
    // The records that still exist are links to their pages; the trail itself holds ids and codes only.
    expect(lines[1]?.sentence).toContainEqual({
      label: "Inquiry: Bob Stone",
      href: `/workspace/submissions/${bob.id}`,
    });
    expect(JSON.stringify(await listAudit(database.db))).not.toMatch(/Lovelace|Hopper|Stone/);
  });

  test("content, rights and the reply promise read as sentences too, named when shown", async () => {
    const actor = { id: "lead", email: "lead@company.example" };
    const { staff } = await inviteStaff(database.db, { email: "rita@company.example", role: "member", actor });
    const [posting] = await listPostings(database.db);
    if (!posting) throw new Error("a fresh database has the brief's postings");
    const grace = await storeSubmission(database.db, inquiry("Grace Hopper"));
    await recordAudit(database.db, { actor, action: "posting-publish", target: posting.id, detail: "version 1" });
    await recordAudit(database.db, {
      actor,
      action: "content-rights",
      target: staff.id,
      detail: "rights postings proof",
    });
    await recordAudit(database.db, { actor, action: "proof-delete", target: "gone", detail: "case-study" });
    await recordAudit(database.db, { actor, action: "owner", target: grace.id, detail: "rita@company.example" });
    await recordAudit(database.db, { actor, action: "replied", target: grace.id });
    await recordAudit(database.db, { actor, action: "analytics-access", target: staff.id, detail: "removed" });
    const lines = await readableAudit(database.db, await listAudit(database.db), "UTC");
    expect(lines.slice(0, 6).map((line) => line.sentence.map(text).join(""))).toEqual([
      "Stopped rita@company.example seeing the analytics",
      "Recorded the first reply to Inquiry: Grace Hopper",
      "Gave Inquiry: Grace Hopper to rita@company.example to answer",
      "Deleted a case study from the proof",
      "Let rita@company.example edit postings and proof",
      `Published the posting ${posting.title}`,
    ]);
    expect(lines[5]?.sentence).toContainEqual({ label: posting.title, href: `/workspace/postings/${posting.id}` });
  });

  test("'all statuses' exports every one of a kind, done included, spam apart", async () => {
    const actor = { id: "lead", email: "lead@company.example" };
    const ada = await storeSubmission(database.db, application("Ada", "Lovelace"));
    await storeSubmission(database.db, { ...application("Spam", "Bot"), spamReason: "honeypot" });
    await setProgress(database.db, ada.id, "done", actor);
    const open = await exportInbox(database.db, InboxFilterSchema.parse({ kind: "application" }), "csv", actor);
    expect(open).toEqual([]);
    const all = await exportInbox(
      database.db,
      InboxFilterSchema.parse({ kind: "application", state: "all" }),
      "csv",
      actor,
    );
    expect(all.map((record) => record.id)).toEqual([ada.id]);
    expect((await listInbox(database.db, InboxFilterSchema.parse({ state: "all" }))).rows).toHaveLength(1);
    const [latest] = await readableAudit(database.db, await listAudit(database.db), "UTC");
    expect(latest?.sentence.map(text).join("")).toBe("Exported 1 application, all statuses, as CSV");
    expect(stateLabel(false, "done")).toBe("Done");
  });
});

const text = (part: string | { label: string }) => (typeof part === "string" ? part : part.label);

describe.each(engines)("migration 0018 on %s", (engine) => {
  test("tells the e-mails queued before it apart by what only each kind has", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-test-"));
    const postgres = engine === "postgres" ? await createPostgresDatabase() : null;
    const { db } = openDatabase({ dataDir, databaseUrl: postgres?.url });
    try {
      await migrateTo(db, engine, "0015-lease-succeeded-at");
      const at = (second: number) => `2026-06-01T12:00:${String(second).padStart(2, "0")}.000Z`;
      const submission = (id: string, kind: string, email: string) =>
        db
          .insertInto("submissions")
          .values({
            id,
            kind: kind as "meeting",
            status: "received",
            created_at: at(0),
            job_slug: null,
            fields: JSON.stringify({ name: "Ann Lee", email }),
            spam_reason: null,
            form_key: null,
            search_text: null,
          })
          .execute();
      await submission("01000000-0000-7000-8000-000000000001", "meeting", "Ann@Example.com");
      await submission("01000000-0000-7000-8000-000000000002", "contact", "bo@example.com");
      const mail = (
        id: number,
        submissionId: string | null,
        recipient: string,
        method: "REQUEST" | "CANCEL" | null,
        subject = "s",
      ) =>
        db
          .insertInto("outbox")
          .values({
            id: `02000000-0000-7000-8000-00000000000${id}`,
            submission_id: submissionId,
            recipient,
            reply_to: null,
            subject,
            text_body: "t",
            html_body: "h",
            message_id: `<${id}@x>`,
            status: "sent",
            attempts: 1,
            next_attempt_at: at(id),
            created_at: at(id),
            sent_at: at(id),
            calendar_method: method,
            calendar: method ? "BEGIN:VCALENDAR" : null,
          } as never)
          .execute();
      const meeting = "01000000-0000-7000-8000-000000000001";
      const inquiryId = "01000000-0000-7000-8000-000000000002";
      await mail(1, meeting, "ann@example.com", "REQUEST");
      await mail(2, meeting, "team@lumen.example", "REQUEST");
      await mail(3, meeting, "ann@example.com", "REQUEST");
      await mail(4, meeting, "team@lumen.example", "REQUEST");
      await mail(5, meeting, "ann@example.com", null);
      await mail(6, meeting, "ann@example.com", "CANCEL");
      await mail(7, inquiryId, "hello@lumen.example", null);
      await mail(8, inquiryId, "bo@example.com", null);
      await db
        .insertInto("receipts")
        .values({
          id: "r1",
          submission_id: inquiryId,
          outbox_id: "02000000-0000-7000-8000-000000000008",
          address_hash: "h",
          created_at: at(8),
        })
        .execute();
      await mail(9, null, "new@company.example", null, "Your invitation to the Lumen workspace");

      await migrateToLatest(db, engine);
      const rows = await db.selectFrom("outbox").select(["kind", "recipient_role"]).orderBy("id").execute();
      expect(rows.map((row) => `${row.kind} to ${row.recipient_role}`)).toEqual([
        "invitation to visitor",
        "notification to team",
        "update to visitor",
        "update to team",
        "reminder to visitor",
        "cancellation to visitor",
        "notification to team",
        "receipt to visitor",
        "staff-invitation to staff",
      ]);
    } finally {
      await db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
