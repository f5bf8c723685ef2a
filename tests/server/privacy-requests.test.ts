import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { applicationFields } from "#app/careers/application-fields.ts";
import { queueMail } from "#app/platform/outbox.server.ts";
import { addressesIn } from "#app/privacy/requests.server.ts";
import { runScript } from "#tests/helpers/run-script.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// Requests by e-mail address as the operator makes them (`npm run privacy -- export | erase |
// erasures | reapply-erasures`), on both engines.

const run = (args: string[], env: Record<string, string>) => runScript("privacy.ts", args, env);

const notification =
  (email: string): NewSubmission["notification"] =>
  ({ id }) => ({ recipient: "hello@example.com", replyTo: email, subject: `Inquiry ${id}`, text: `From ${email}`, html: `<p>From ${email}</p>` });

const inquiry = (email: string): NewSubmission => ({
  kind: "contact",
  description: inquiryFields,
  fields: { name: "Ann Lee", email, phone: "+49 30 1234", company: "Lee & Co", project: "An app for our shops.", budget: "25k-50k", source: null },
  files: [{ name: "brief.pdf", type: "application/pdf", content: Buffer.from(`%PDF-1.7 brief by ${email}`) }],
  spamReason: null,
  formKey: null,
  messageIdDomain: "example.org",
  notification: notification(email),
});

const application = (email: string): NewSubmission => ({
  kind: "application",
  description: applicationFields,
  jobSlug: "senior-mobile-engineer",
  fields: { firstName: "Ann", lastName: "Lee", email, phone: null, location: "Berlin", linkedin: null, github: null, portfolio: null, coverNote: "Hello.", consent: "yes", futureConsent: "no" },
  files: [{ name: "cv.pdf", type: "application/pdf", content: Buffer.from(`%PDF-1.7 résumé of ${email}`) }],
  spamReason: null,
  formKey: null,
  messageIdDomain: "example.org",
  notification: notification(email),
});

test("addresses are found whole in any text, case aside", () => {
  expect(addressesIn("Write to Ann@Example.com, or joann@example.com.")).toEqual(["ann@example.com", "joann@example.com"]);
  expect(addressesIn("no address here")).toEqual([]);
});

describe.each(engines)("requests by address on %s", (engine) => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let ids: { inquiry: string; application: string; other: string; mentioned: string };
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "" };
    const { db } = database;
    ids = {
      inquiry: (await storeSubmission(db, inquiry("ann@example.com"))).id,
      // The same person typing her address another way.
      application: (await storeSubmission(db, application("Ann@Example.com"))).id,
      // Someone else, whose address contains hers.
      other: (await storeSubmission(db, inquiry("joann@example.com"))).id,
      // Someone else's inquiry whose internal note names her.
      mentioned: (await storeSubmission(db, inquiry("grace@example.org"))).id,
    };
    await db.updateTable("submissions").set({ note: "Same company as ann@example.com." }).where("id", "=", ids.mentioned).execute();
    // An e-mail to her that belongs to no submission.
    await queueMail(db, { recipient: "ann@example.com", subject: "Your meeting", text: "See you.", html: "<p>See you.</p>", messageIdDomain: "example.org" });
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("export writes every record holding the address, every field and file, and records the request without the address", async () => {
    const out = path.join(database.dataDir, "ann.json");
    const result = await run(["export", "ANN@example.com", "--out", out], env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Wrote 3 submission(s) with 3 file(s) and 1 other e-mail copies");
    const archive = JSON.parse(readFileSync(out, "utf8"));
    expect(archive.submissions.map((submission: { id: string }) => submission.id)).toEqual([ids.inquiry, ids.application, ids.mentioned]);
    const [first, second, third] = archive.submissions;
    expect(first.fields).toEqual(inquiry("ann@example.com").fields);
    expect(second.fields).toEqual(application("Ann@Example.com").fields);
    expect(second).toMatchObject({ kind: "application", posting: "senior-mobile-engineer", status: "received" });
    expect(third.note).toBe("Same company as ann@example.com.");
    expect(Buffer.from(first.files[0].contentBase64, "base64").toString()).toBe("%PDF-1.7 brief by ann@example.com");
    expect(second.files[0]).toMatchObject({ name: "cv.pdf", type: "application/pdf" });
    expect(Buffer.from(second.files[0].contentBase64, "base64").toString()).toBe("%PDF-1.7 résumé of Ann@Example.com");
    expect(first.emails[0]).toMatchObject({ to: "hello@example.com", replyTo: "ann@example.com", text: "From ann@example.com" });
    expect(archive.otherEmails).toEqual([expect.objectContaining({ to: "ann@example.com", subject: "Your meeting" })]);
    expect(JSON.stringify(archive)).not.toContain(ids.other);

    const requests = await database.db.selectFrom("privacy_requests").selectAll().execute();
    expect(requests).toEqual([expect.objectContaining({ kind: "export", detail: "3 submissions, 3 files, 4 e-mail copies" })]);
    expect(JSON.stringify(requests).toLowerCase()).not.toContain("ann@");
  });

  test("erase deletes every record holding the address, e-mail copies included, and leaves no trace of it", async () => {
    const result = await run(["erase", "ann@example.com"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Erased 3 submission(s) with their files and e-mail copies, and 1 other e-mail copies");
    const { db } = database;
    expect((await db.selectFrom("submissions").select("id").execute()).map((row) => row.id)).toEqual([ids.other]);
    expect(await db.selectFrom("outbox").select("submission_id").execute()).toEqual([{ submission_id: ids.other }]);
    expect((await db.selectFrom("attachments").select("submission_id").execute()).map((row) => row.submission_id)).toEqual([ids.other]);
    const tombstones = await db.selectFrom("deletion_tombstones").select(["id", "reason"]).orderBy("id").execute();
    expect(tombstones).toEqual([ids.inquiry, ids.application, ids.mentioned].map((id) => ({ id, reason: "erasure" })));
    expect(await db.selectFrom("privacy_requests").select("kind").execute()).toEqual([{ kind: "erasure" }]);

    if (engine === "sqlite") {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
      const bytes = readFileSync(path.join(database.dataDir, "site.sqlite")).toString("latin1").toLowerCase();
      // Hers is gone; the other person's, which contains hers, is still there.
      expect(bytes.replaceAll("joann@example.com", "")).not.toContain("ann@example.com");
      expect(bytes).toContain("joann@example.com");
    }
  });

  test("erasing cancels the person's meetings still to come, so their times are free again; past ones only lose the link", async () => {
    const { db } = database;
    const meeting = async (key: string, startAt: string) => {
      const { id } = await storeSubmission(db, { ...inquiry("ann@example.com"), kind: "meeting", files: [] });
      const end = new Date(Date.parse(startAt) + 30 * 60_000).toISOString();
      await db.insertInto("bookings").values({ id: key, host: "company", start_at: startAt, end_at: end, status: "confirmed", manage_token_hash: `hash-${key}`, submission_id: id, created_at: new Date().toISOString(), cancelled_at: null }).execute();
      await db.insertInto("booking_claims").values({ host: "company", cell: `${key}-cell`, booking_id: key }).execute();
    };
    await meeting("future", "2099-06-02T16:00:00.000Z");
    await meeting("past", "2020-06-02T16:00:00.000Z");
    const result = await run(["erase", "ann@example.com"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("1 meeting(s) still to come were cancelled, their times free again.");
    const bookings = await db.selectFrom("bookings").select(["id", "status", "submission_id"]).orderBy("id").execute();
    expect(bookings).toEqual([
      { id: "future", status: "cancelled", submission_id: null },
      { id: "past", status: "confirmed", submission_id: null },
    ]);
    expect((await db.selectFrom("booking_claims").select("booking_id").execute()).map((row) => row.booking_id)).toEqual(["past"]);
  });

  test("after a backup from before the erasure is restored, reapply-erasures (with the saved list) removes her again", async () => {
    const { db } = database;
    // What a backup taken now holds.
    const backup = {
      submissions: await db.selectFrom("submissions").selectAll().execute(),
      attachments: await db.selectFrom("attachments").selectAll().execute(),
      outbox: await db.selectFrom("outbox").selectAll().execute(),
    };
    expect((await run(["erase", "ann@example.com"], env)).code).toBe(0);
    const list = path.join(database.dataDir, "erasures.json");
    expect((await run(["erasures", "--out", list], env)).code).toBe(0);
    expect(JSON.parse(readFileSync(list, "utf8"))).toEqual([{ hash: expect.any(String), requestedAt: expect.any(String) }]);
    expect(readFileSync(list, "utf8").toLowerCase()).not.toContain("ann@");

    // The restore: the older rows are back, and the erasure's record (made after it) is not.
    await db.deleteFrom("outbox").execute();
    await db.deleteFrom("attachments").execute();
    await db.deleteFrom("submissions").execute();
    await db.deleteFrom("privacy_requests").execute();
    await db.deleteFrom("deletion_tombstones").execute();
    await db.insertInto("submissions").values(backup.submissions).execute();
    await db.insertInto("attachments").values(backup.attachments).execute();
    await db.insertInto("outbox").values(backup.outbox).execute();

    const reapplied = await run(["reapply-erasures", "--from", list], env);
    expect(reapplied.stderr).toBe("");
    expect(reapplied.stdout).toContain("1 recorded erasure(s) (1 recorded again from");
    expect(reapplied.stdout).toContain("erased 3 submission(s) and 1 other e-mail copies again.");
    expect((await db.selectFrom("submissions").select("id").execute()).map((row) => row.id)).toEqual([ids.other]);
    expect(await db.selectFrom("outbox").select("submission_id").execute()).toEqual([{ submission_id: ids.other }]);
    // The list is whole again: a later reapply needs no file.
    expect(await db.selectFrom("privacy_requests").select("kind").execute()).toEqual([{ kind: "erasure" }]);
    expect((await run(["reapply-erasures"], env)).stdout).toContain("erased 0 submission(s)");
  });

  test("export and erase need an address; export needs --out", async () => {
    expect((await run(["erase"], env)).stderr).toContain("erase needs an e-mail ADDRESS");
    expect((await run(["export", "ann@example.com"], env)).stderr).toContain("export needs --out FILE");
  });
});
