import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMailer } from "#app/platform/mail.server.ts";
import { deliverDueMail } from "#app/platform/outbox.server.ts";
import { listSubmissions, storeSubmission } from "#app/forms/submissions.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { startSmtp } from "#tests/helpers/smtp.ts";

const submission = {
  kind: "contact" as const,
  description: inquiryFields,
  fields: { name: "Ada <script>", email: "ada@example.com" },
  files: [],
  spamReason: null,
  formKey: null,
  messageIdDomain: "example.org",
  notification: () => ({
    recipient: "hello@example.com",
    replyTo: "ada@example.com",
    subject: "New inquiry from Ada",
    text: "Project: an engine",
    html: "<p>Project: an engine</p>",
  }),
};

describe.each(engines)("mail delivery on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("delivers a notification to the SMTP server once, with Reply-To and a stable Message-ID", async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        dataDir: database.dataDir,
        timeoutMs: 5_000,
      });
      await storeSubmission(database.db, submission);
      const options = { db: database.db, engine, send: mailer.send, from: "Site <site@example.org>" };
      expect(await deliverDueMail(options)).toBe(1);
      expect(await deliverDueMail(options)).toBe(0);
      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(message?.messageId).toBe(row.message_id);
      expect(message?.raw).toMatch(/^Reply-To: ada@example\.com$/m);
      expect(message?.raw).toMatch(/^To: hello@example\.com$/m);
      // An automatic message (RFC 3834): out-of-office replies are not sent back to the site.
      expect(message?.raw).toMatch(/^Auto-Submitted: auto-generated$/m);
      expect(message?.raw).toMatch(/^X-Auto-Response-Suppress: All$/m);
      expect(row).toMatchObject({ status: "sent", attempts: 1, last_error: null });
      mailer.close();
    } finally {
      await smtp.close();
    }
  });

  test("keeps mail while the SMTP server is down and delivers it, once, when it is back", async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close(); // the server is down
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: database.dataDir, timeoutMs: 5_000 });
    await storeSubmission(database.db, submission);
    let clock = new Date("2030-01-01T00:00:00.000Z");
    const options = {
      db: database.db,
      engine,
      send: mailer.send,
      from: "site@example.org",
      now: () => clock,
      backoffMs: () => 60_000,
      onError: () => {},
    };

    expect(await deliverDueMail(options)).toBe(1);
    let row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toBeTruthy();
    expect(row.next_attempt_at).toBe("2030-01-01T00:01:00.000Z");
    expect(await deliverDueMail(options)).toBe(0); // not due yet

    const back = await startSmtp(port);
    try {
      clock = new Date("2030-01-01T00:01:00.000Z");
      expect(await deliverDueMail(options)).toBe(1);
      expect(await deliverDueMail(options)).toBe(0);
      expect(back.received).toHaveLength(1);
      row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "sent", attempts: 2, last_error: null });
      const [record] = await listSubmissions(database.db);
      expect(record?.mail).toEqual([
        expect.objectContaining({
          kind: "notification",
          recipientRole: "team",
          status: "sent",
          attempts: 2,
          lastError: null,
          sentAt: "2030-01-01T00:01:00.000Z",
          receipt: false,
        }),
      ]);
    } finally {
      mailer.close();
      await back.close();
    }
  });

  test("a message that keeps failing is marked failed, never dropped", async () => {
    const mailer = { send: async () => Promise.reject(Object.assign(new Error("refused"), { code: "ECONNREFUSED" })) };
    await storeSubmission(database.db, submission);
    const errors: string[] = [];
    let clock = new Date("2030-01-01T00:00:00.000Z");
    const options = {
      db: database.db,
      engine,
      send: mailer.send,
      from: "site@example.org",
      maxAttempts: 3,
      backoffMs: () => 1000,
      now: () => clock,
      onError: (m: string) => errors.push(m),
    };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await deliverDueMail(options);
      clock = new Date(clock.getTime() + 1000);
    }
    const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: 3, last_error: "refused" });
    expect(errors.at(-1)).toMatch(/attempt 3 failed \(ECONNREFUSED\); marked failed/);
    expect(errors.join(" ")).not.toContain("ada@example.com");
  });

  test("without SMTP, each message becomes one .eml file, even when sent twice", async () => {
    const mailer = createMailer({ dataDir: database.dataDir, timeoutMs: 5_000 });
    const stored = await storeSubmission(database.db, submission);
    const options = { db: database.db, engine, send: mailer.send, from: "site@example.org" };
    await deliverDueMail(options);
    await database.db.updateTable("outbox").set({ status: "pending" }).execute(); // as after a crash before "sent"
    await deliverDueMail(options);
    const files = readdirSync(path.join(database.dataDir, "mail"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(database.dataDir, "mail", files[0] ?? ""), "utf8");
    expect(eml).toMatch(/^Subject: New inquiry from Ada$/m);
    expect(eml).toMatch(/^Reply-To: ada@example\.com$/m);
    expect(eml).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(stored.status).toBe("received");
  });
});
