import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { queueReceipt } from "#app/forms/receipts.server.ts";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { createMailer } from "#app/platform/mail.server.ts";
import { deliverDueMail, queueMail } from "#app/platform/outbox.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { applicationFields } from "#app/careers/application-fields.ts";
import { meetingFields } from "#app/booking/meeting-fields.ts";
import { addressesIn } from "#app/privacy/requests.server.ts";
import { mailHeader, mimeParts } from "#tests/helpers/mime.ts";
import { runScript } from "#tests/helpers/run-script.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// Requests by e-mail address as the operator makes them (`npm run privacy -- export | erase |
// erasures | reapply-erasures`), on both engines. A request is about the person who asked: Ann's
// own inquiry, application and meeting, not Bob's meeting whose topic names her, Carol's inquiry
// that mentions her, nor an inquiry whose internal note names her (those are listed for review).

const run = (args: string[], env: Record<string, string>) => runScript("privacy.ts", args, env);

// The team's notification repeats what was sent, as the real one does.
const notification =
  (fields: Record<string, string | null>): NewSubmission["notification"] =>
  ({ id }) => {
    const lines = Object.entries(fields).flatMap(([key, value]) => (value ? [`${key}: ${value}`] : []));
    return {
      recipient: "hello@example.com",
      replyTo: fields.email ?? null,
      subject: `Submission ${id}`,
      text: lines.join("\n"),
      html: lines.map((line) => `<p>${line}</p>`).join(""),
    };
  };

type Person = { name: string; email: string; phone?: string | null; text: string };

const inquiry = ({ name, email, phone = null, text }: Person): NewSubmission => {
  const fields = { name, email, phone, company: "Lee & Co", project: text, budget: "25k-50k", source: null };
  return {
    kind: "contact",
    description: inquiryFields,
    fields,
    files: [{ name: "brief.pdf", type: "application/pdf", content: Buffer.from(`%PDF-1.7 brief by ${name}`) }],
    spamReason: null,
    formKey: null,
    messageIdDomain: "example.org",
    notification: notification(fields),
  };
};

const application = ({ name, email, text }: Person): NewSubmission => {
  const [firstName = "", lastName = ""] = name.split(" ");
  const fields = {
    firstName,
    lastName,
    email,
    phone: null,
    location: "Berlin",
    linkedin: null,
    github: null,
    portfolio: null,
    coverNote: text,
    consent: "yes",
    futureConsent: "no",
  };
  return {
    kind: "application",
    description: applicationFields,
    jobSlug: "senior-mobile-engineer",
    fields,
    files: [{ name: "cv.pdf", type: "application/pdf", content: Buffer.from(`%PDF-1.7 résumé of ${name}`) }],
    spamReason: null,
    formKey: null,
    messageIdDomain: "example.org",
    notification: notification(fields),
  };
};

const meeting = ({ name, email, text }: Person): NewSubmission => {
  const fields = {
    name,
    email,
    company: null,
    topic: text,
    when: "Tue 2 June 2099, 09:00",
    start: "2099-06-02T16:00:00.000Z",
  };
  return {
    kind: "meeting",
    description: meetingFields,
    fields,
    files: [],
    spamReason: null,
    formKey: null,
    messageIdDomain: "example.org",
    notification: notification(fields),
  };
};

const ann = { name: "Ann Lee", email: "ann@example.com", phone: "+49 30 1234" };
// What only Ann wrote: none of it may stay in a file after her erasure.
const annWrote = ["Ann Lee", ann.phone, "An app for our shops", "Hello from Berlin", "Our shop app roadmap"];

/** An e-mail file as its reader gets it: headers, and each part decoded. */
const readable = (raw: string) => [raw, ...mimeParts(raw).map((part) => part.body)].join("\n");

test("addresses are found whole in any text, case aside", () => {
  expect(addressesIn("Write to Ann@Example.com, or joann@example.com.")).toEqual([
    "ann@example.com",
    "joann@example.com",
  ]);
  expect(addressesIn("no address here")).toEqual([]);
});

describe.each(engines)("requests by address on %s", (engine) => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let ids: {
    inquiry: string;
    application: string;
    meeting: string;
    joann: string;
    bob: string;
    carol: string;
    noted: string;
  };
  const mailFolder = () => path.join(database.dataDir, "mail");
  /** The local outbox, as the server without SMTP_URL writes it. */
  const deliver = async () => {
    const mailer = createMailer({ dataDir: database.dataDir, timeoutMs: 5_000 });
    await deliverDueMail({
      db: database.db,
      engine: database.engine,
      send: mailer.send,
      from: "Lumen <site@example.org>",
    });
    mailer.close();
    return readdirSync(mailFolder()).map((file) => readable(readFileSync(path.join(mailFolder(), file), "utf8")));
  };
  const booking = async (id: string, submissionId: string, startAt: string) => {
    const endAt = new Date(Date.parse(startAt) + 30 * 60_000).toISOString();
    await database.db
      .insertInto("bookings")
      .values({
        id,
        host: "company",
        start_at: startAt,
        end_at: endAt,
        status: "confirmed",
        manage_token_hash: `hash-${id}`,
        submission_id: submissionId,
        created_at: new Date().toISOString(),
        cancelled_at: null,
      })
      .execute();
    await database.db
      .insertInto("booking_claims")
      .values({ host: "company", cell: `${id}-cell`, booking_id: id })
      .execute();
  };

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    env = {
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? "",
      SITE_URL: "https://lumen.example",
      SMTP_URL: "",
    };
    const { db } = database;
    // Her inquiry, with the receipt sent to her.
    const withReceipt: NewSubmission = {
      ...inquiry({ ...ann, text: "An app for our shops." }),
      followUp: async (trx, { id, createdAt }) => {
        await queueReceipt(trx, {
          submissionId: id,
          createdAt,
          kind: "contact",
          address: ann.email,
          replyTo: "hello@example.com",
          secret: "secret",
          dailyLimit: 3,
          messageIdDomain: "example.org",
        });
      },
    };
    ids = {
      inquiry: (await storeSubmission(db, withReceipt)).id,
      // The same person typing her address another way.
      application: (
        await storeSubmission(db, application({ ...ann, email: "Ann@Example.com", text: "Hello from Berlin." }))
      ).id,
      meeting: (await storeSubmission(db, meeting({ ...ann, text: "Our shop app roadmap." }))).id,
      // Someone else, whose address contains hers.
      joann: (await storeSubmission(db, inquiry({ name: "Jo Ann", email: "joann@example.com", text: "A website." })))
        .id,
      // Other people's submissions that mention her: in a meeting's topic, in a message, in the team's note.
      bob: (
        await storeSubmission(
          db,
          meeting({ name: "Bob Stone", email: "bob@example.com", text: "My colleague ann@example.com may join." }),
        )
      ).id,
      carol: (
        await storeSubmission(
          db,
          inquiry({ name: "Carol King", email: "carol@example.com", text: "We were sent by Ann@Example.com." }),
        )
      ).id,
      noted: (
        await storeSubmission(db, inquiry({ name: "Grace Hopper", email: "grace@example.org", text: "A compiler." }))
      ).id,
    };
    await db
      .updateTable("submissions")
      .set({ note: "Same company as ann@example.com." })
      .where("id", "=", ids.noted)
      .execute();
    await booking("ann-meeting", ids.meeting, "2099-06-02T16:00:00.000Z");
    await booking("bob-meeting", ids.bob, "2099-06-03T16:00:00.000Z");
    await queueMail(db, {
      kind: "reminder",
      recipientRole: "visitor",
      recipient: "bob@example.com",
      subject: "Your meeting with Lumen",
      text: "See you, Bob.",
      html: "<p>See you, Bob.</p>",
      submissionId: ids.bob,
      messageIdDomain: "example.org",
    });
    // E-mails of no submission: one to her, one to the team that only names her.
    await queueMail(db, {
      kind: "reminder",
      recipientRole: "visitor",
      recipient: "Ann@Example.com",
      subject: "Your meeting",
      text: "See you, Ann Lee.",
      html: "<p>See you, Ann Lee.</p>",
      messageIdDomain: "example.org",
    });
    await queueMail(db, {
      kind: "alert",
      recipientRole: "team",
      recipient: "team@example.org",
      subject: "Reminder",
      text: "Call ann@example.com back.",
      html: "<p>Call ann@example.com back.</p>",
      messageIdDomain: "example.org",
    });
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("export writes her own records, every field and file, lists the others that mention her for review, and records the request without the address", async () => {
    const out = path.join(database.dataDir, "ann.json");
    const result = await run(["export", "ANN@example.com", "--out", out], env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Wrote 3 submission(s) with 2 file(s) and 1 other e-mail copies");
    // The mentions, for the admin: how many, and each one's page in the workspace.
    expect(result.stdout).toContain(
      "3 submission(s) of other people mention the address; they are not in the file. Review them in the workspace:",
    );
    for (const id of [ids.bob, ids.carol, ids.noted])
      expect(result.stdout).toContain(`https://lumen.example/workspace/submissions/${id}`);
    expect(result.stdout).not.toContain(ids.joann);

    const archive = JSON.parse(readFileSync(out, "utf8"));
    const byId = (id: string) => archive.submissions.find((submission: { id: string }) => submission.id === id);
    expect(archive.submissions.map((submission: { id: string }) => submission.id).sort()).toEqual(
      [ids.inquiry, ids.application, ids.meeting].sort(),
    );
    expect(byId(ids.inquiry).fields).toEqual(inquiry({ ...ann, text: "An app for our shops." }).fields);
    expect(byId(ids.application)).toMatchObject({
      kind: "application",
      posting: "senior-mobile-engineer",
      status: "received",
      fields: { email: "Ann@Example.com" },
    });
    expect(byId(ids.meeting)).toMatchObject({ kind: "meeting", fields: { topic: "Our shop app roadmap." } });
    expect(Buffer.from(byId(ids.inquiry).files[0].contentBase64, "base64").toString()).toBe(
      "%PDF-1.7 brief by Ann Lee",
    );
    expect(Buffer.from(byId(ids.application).files[0].contentBase64, "base64").toString()).toBe(
      "%PDF-1.7 résumé of Ann Lee",
    );
    // The team's notification about her inquiry and her receipt.
    expect(byId(ids.inquiry).emails).toEqual([
      expect.objectContaining({ to: "hello@example.com", replyTo: "ann@example.com" }),
      expect.objectContaining({ to: "ann@example.com", subject: expect.stringMatching(/./) }),
    ]);
    expect(archive.otherEmails).toEqual([expect.objectContaining({ to: "Ann@Example.com", subject: "Your meeting" })]);
    // Nothing of the other people, nor the e-mail that only names her.
    const text = JSON.stringify(archive);
    for (const other of [
      ids.joann,
      ids.bob,
      ids.carol,
      ids.noted,
      "Bob Stone",
      "Carol King",
      "Grace Hopper",
      "Same company",
      "Call ann",
    ])
      expect(text).not.toContain(other);

    const requests = await database.db.selectFrom("privacy_requests").selectAll().execute();
    expect(requests).toEqual([
      expect.objectContaining({
        kind: "export",
        detail: "3 submissions, 2 files, 5 e-mail copies, 3 mentions left for review",
      }),
    ]);
    expect(JSON.stringify(requests).toLowerCase()).not.toContain("ann@");
  });

  test("erase deletes her own records with their files and e-mail copies; those that mention her stay whole and are listed for review", async () => {
    const { db } = database;
    const untouched = await db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "in", [ids.joann, ids.bob, ids.carol, ids.noted])
      .orderBy("id")
      .execute();
    const result = await run(["erase", "ann@example.com"], env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "Erased 3 submission(s) with their files and e-mail copies, and 1 other e-mail copies",
    );
    expect(result.stdout).toContain(
      "3 submission(s) of other people mention the address; they were left as they are. Review them in the workspace:",
    );
    for (const id of [ids.bob, ids.carol, ids.noted])
      expect(result.stdout).toContain(`https://lumen.example/workspace/submissions/${id}`);

    // The others' submissions are as they were: fields, note, files, e-mail copies.
    expect(await db.selectFrom("submissions").selectAll().orderBy("id").execute()).toEqual(untouched);
    expect(
      (await db.selectFrom("attachments").select("submission_id").execute()).map((row) => row.submission_id).sort(),
    ).toEqual([ids.joann, ids.carol, ids.noted].sort());
    const mail = await db.selectFrom("outbox").select(["submission_id", "recipient"]).execute();
    expect(mail.filter((row) => row.submission_id === ids.carol)).toHaveLength(1);
    // Of the e-mails of no submission, the team's that only names her stays, with the team's notice of her cancelled meeting.
    expect(
      mail
        .filter((row) => !row.submission_id)
        .map((row) => row.recipient)
        .sort(),
    ).toEqual(["hello@example.com", "team@example.org"]);
    expect(mail.some((row) => [ids.inquiry, ids.application, ids.meeting].includes(row.submission_id ?? ""))).toBe(
      false,
    );
    const tombstones = await db.selectFrom("deletion_tombstones").select(["id", "reason"]).orderBy("id").execute();
    expect(tombstones).toEqual(
      [ids.inquiry, ids.application, ids.meeting].sort().map((id) => ({ id, reason: "erasure" })),
    );
    expect(await db.selectFrom("privacy_requests").select(["kind", "detail"]).execute()).toEqual([
      {
        kind: "erasure",
        detail: "3 submissions, 1 other e-mail copies, 1 meetings cancelled, 3 mentions left for review",
      },
    ]);

    if (engine === "sqlite") {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
      const bytes = readFileSync(path.join(database.dataDir, "site.sqlite")).toString("utf8");
      for (const written of annWrote) expect(bytes).not.toContain(written);
      // The others' records, which mention her, are still there.
      expect(bytes).toContain("We were sent by Ann@Example.com.");
      expect(bytes).toContain("My colleague ann@example.com may join.");
    }
  });

  test("erasing cancels her meetings still to come; past ones only lose the link; Bob's meeting that names her stays booked, and Bob is not written to", async () => {
    const { db } = database;
    const past = await storeSubmission(db, meeting({ ...ann, text: "Our shop app roadmap." }));
    await booking("ann-past", past.id, "2020-06-02T16:00:00.000Z");
    const result = await run(["erase", "ann@example.com"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("1 meeting(s) still to come were cancelled, their times free again.");
    const bookings = await db.selectFrom("bookings").select(["id", "status", "submission_id"]).orderBy("id").execute();
    expect(bookings).toEqual([
      { id: "ann-meeting", status: "cancelled", submission_id: null },
      { id: "ann-past", status: "confirmed", submission_id: null },
      { id: "bob-meeting", status: "confirmed", submission_id: ids.bob },
    ]);
    expect(
      (await db.selectFrom("booking_claims").select("booking_id").orderBy("booking_id").execute()).map(
        (row) => row.booking_id,
      ),
    ).toEqual(["ann-past", "bob-meeting"]);
    // Only the invitation he had before.
    const toBob = await db.selectFrom("outbox").select("subject").where("recipient", "=", "bob@example.com").execute();
    expect(toBob).toEqual([{ subject: "Your meeting with Lumen" }]);
  });

  test("without SMTP, erasing removes the files of the e-mails about her records and to her; Bob's and Carol's stay", async () => {
    const before = await deliver();
    for (const written of annWrote)
      expect(
        before.some((raw) => raw.includes(written)),
        written,
      ).toBe(true);
    expect((await run(["erase", "ann@example.com"], env)).code).toBe(0);
    const after = await deliver();
    for (const raw of after) for (const written of annWrote) expect(raw).not.toContain(written);
    expect(after.some((raw) => mailHeader(raw, "to")?.toLowerCase() === ann.email)).toBe(false);
    // Theirs are still there, even though they mention her address.
    expect(after.filter((raw) => mailHeader(raw, "to") === "bob@example.com")).toHaveLength(1);
    expect(after.filter((raw) => raw.includes("My colleague ann@example.com may join."))).toHaveLength(1);
    expect(after.filter((raw) => raw.includes("We were sent by Ann@Example.com."))).toHaveLength(1);
    expect(after.filter((raw) => raw.includes("Call ann@example.com back."))).toHaveLength(1);
  });

  test("after a backup from before the erasure is restored, reapply-erasures (with the saved list) removes her records and files again, and only hers", async () => {
    const { db } = database;
    await deliver();
    // What a backup of DATA_DIR taken now holds: the database and the local outbox.
    const backup = {
      submissions: await db.selectFrom("submissions").selectAll().execute(),
      attachments: await db.selectFrom("attachments").selectAll().execute(),
      outbox: await db.selectFrom("outbox").selectAll().execute(),
      bookings: await db.selectFrom("bookings").selectAll().execute(),
      mail: path.join(database.dataDir, "mail-backup"),
    };
    cpSync(mailFolder(), backup.mail, { recursive: true });
    const remaining = [ids.joann, ids.bob, ids.carol, ids.noted].sort();
    expect((await run(["erase", "ann@example.com"], env)).code).toBe(0);
    const list = path.join(database.dataDir, "erasures.json");
    expect((await run(["erasures", "--out", list], env)).code).toBe(0);
    expect(JSON.parse(readFileSync(list, "utf8"))).toEqual([
      { hash: expect.any(String), requestedAt: expect.any(String), key: expect.any(String) },
    ]);
    expect(readFileSync(list, "utf8").toLowerCase()).not.toContain("ann@");

    // The restore: the older rows and files are back, and the erasure's record (made after it) is not.
    await db.deleteFrom("outbox").execute();
    await db.deleteFrom("attachments").execute();
    await db.deleteFrom("booking_claims").execute();
    await db.deleteFrom("bookings").execute();
    await db.deleteFrom("submissions").execute();
    await db.deleteFrom("privacy_requests").execute();
    await db.deleteFrom("deletion_tombstones").execute();
    await db.insertInto("submissions").values(backup.submissions).execute();
    await db.insertInto("attachments").values(backup.attachments).execute();
    await db.insertInto("outbox").values(backup.outbox).execute();
    await db.insertInto("bookings").values(backup.bookings).execute();
    rmSync(mailFolder(), { recursive: true });
    cpSync(backup.mail, mailFolder(), { recursive: true });
    rmSync(backup.mail, { recursive: true });

    // Under another site secret the list's hashes match nobody: refused, and nothing is erased.
    const restoredIds = (await db.selectFrom("submissions").select("id").execute()).map((row) => row.id).sort();
    const otherSecret = await run(["reapply-erasures", "--from", list], {
      ...env,
      FORM_SECRET: "another-secret-".repeat(3),
    });
    expect(otherSecret.code).toBe(1);
    expect(otherSecret.stderr).toContain("another site secret (FORM_SECRET)");
    expect((await db.selectFrom("submissions").select("id").execute()).map((row) => row.id).sort()).toEqual(
      restoredIds,
    );

    const reapplied = await run(["reapply-erasures", "--from", list], env);
    expect(reapplied.stderr).toBe("");
    expect(reapplied.stdout).toContain("1 recorded erasure(s) (1 recorded again from");
    expect(reapplied.stdout).toContain("erased 3 submission(s) and 1 other e-mail copies again.");
    expect((await db.selectFrom("submissions").select("id").execute()).map((row) => row.id).sort()).toEqual(remaining);
    const mail = await db.selectFrom("outbox").select(["submission_id", "recipient"]).execute();
    expect(mail.filter((row) => row.submission_id && !remaining.includes(row.submission_id))).toEqual([]);
    expect(mail.filter((row) => !row.submission_id).map((row) => row.recipient)).toEqual(["team@example.org"]);
    const files = readdirSync(mailFolder()).map((file) =>
      readable(readFileSync(path.join(mailFolder(), file), "utf8")),
    );
    for (const raw of files) for (const written of annWrote) expect(raw).not.toContain(written);
    expect(files.filter((raw) => mailHeader(raw, "to") === "bob@example.com")).toHaveLength(1);
    // The list is whole again: a later reapply needs no file.
    expect(await db.selectFrom("privacy_requests").select("kind").execute()).toEqual([{ kind: "erasure" }]);
    expect((await run(["reapply-erasures"], env)).stdout).toContain("erased 0 submission(s)");
  });

  test("export and erase need an address; export needs --out", async () => {
    expect((await run(["erase"], env)).stderr).toContain("erase needs an e-mail ADDRESS");
    expect((await run(["export", "ann@example.com"], env)).stderr).toContain("export needs --out FILE");
  });
});
