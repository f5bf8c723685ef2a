import { initialPostings } from "#app/platform/migrations/initial-postings.ts";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { applicationFields } from "#app/careers/application-fields.ts";
import { setNote, setProgress } from "#app/workspace/inbox/inbox.server.ts";
import { queueWebhookEvent } from "#app/forms/webhook-events.server.ts";
import { WebhookEndpointSchema } from "#app/webhooks/endpoints.ts";
import { deliverDueWebhooks } from "#app/webhooks/delivery.server.ts";
import { runScript } from "#tests/helpers/run-script.ts";
import { startReceiver, testSecret } from "#tests/helpers/webhook-receiver.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// `npm run submissions` as the operator runs it: the real command in a process of its own, on a
// database of each engine seeded through the same code the forms use.

const run = (args: string[], env: Record<string, string>) => runScript("submissions.ts", args, env);

// Each command is a Node process of its own, a few seconds to start on a busy machine; a test runs several.
vi.setConfig({ testTimeout: 60_000 });

const notification: NewSubmission["notification"] = ({ id }) => ({
  recipient: "hello@example.com",
  replyTo: null,
  subject: id,
  text: "t",
  html: "<p>t</p>",
});

function inquiry(name: string, overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    kind: "contact",
    description: inquiryFields,
    fields: {
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
      phone: null,
      company: "Société Générale d'Études",
      project: "A new app.\nSecond line.",
      budget: "25k-50k",
      source: null,
    },
    files: [],
    spamReason: null,
    formKey: null,
    messageIdDomain: "example.org",
    notification,
    ...overrides,
  };
}

function application(firstName: string, job: string | null): NewSubmission {
  return {
    kind: "application",
    description: applicationFields,
    jobSlug: job,
    // The posting's title as the application keeps it from the moment it arrived.
    jobTitle: job ? initialPostings.find((posting) => posting.slug === job)?.title : null,
    fields: {
      firstName,
      lastName: "Núñez",
      email: `${firstName.toLowerCase()}@example.com`,
      phone: null,
      location: "Zürich",
      linkedin: null,
      github: null,
      portfolio: null,
      coverNote: "Hello.",
      consent: "yes",
      futureConsent: "yes",
    },
    files: [{ name: "cv.pdf", type: "application/pdf", content: Buffer.from("%PDF-1.7 résumé") }],
    spamReason: null,
    formKey: null,
    messageIdDomain: "example.org",
    notification,
  };
}

const lines = (text: string) => text.trimEnd().split("\n");

describe.each(engines)("npm run submissions on %s", (engine) => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let ids: { ada: string; grace: string; spam: string; katherine: string };
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "" };
    // Stored one after another: ids (time-ordered) follow this order.
    const ada = await storeSubmission(
      database.db,
      inquiry("Ada Lovelace", {
        files: [{ name: "brief.pdf", type: "application/pdf", content: Buffer.from("%PDF-1.7") }],
      }),
      new Date("2026-11-20T09:00:00Z"),
    );
    const grace = await storeSubmission(database.db, inquiry("Grace Hopper"), new Date("2026-11-21T09:30:00Z"));
    const spam = await storeSubmission(
      database.db,
      inquiry("Spam Bot", { spamReason: "honeypot" }),
      new Date("2026-11-22T10:00:00Z"),
    );
    const katherine = await storeSubmission(
      database.db,
      application("Katherine", "senior-mobile-engineer"),
      new Date("2026-11-23T11:45:00Z"),
    );
    ids = { ada: ada.id, grace: grace.id, spam: spam.id, katherine: katherine.id };
    await setProgress(database.db, ids.grace, "in_progress", null);
    await setNote(database.db, ids.grace, "Called back on Monday.", null);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("list: a header row, newest first, labels rather than codes, spam apart unless asked", async () => {
    const list = await run(["list"], env);
    expect(list.code).toBe(0);
    const [header, ...rest] = lines(list.stdout);
    expect(header?.split(/\s{2,}/)).toEqual([
      "Id",
      "Received (UTC)",
      "Kind",
      "State",
      "Posting",
      "Name",
      "E-mail",
      "Files",
      "Notification",
    ]);
    const rows = rest.filter((line) => /^[0-9a-f]{8}-/.test(line));
    expect(rows.map((row) => row.slice(0, 36))).toEqual([ids.katherine, ids.grace, ids.ada]);
    // Columns line up under the header.
    for (const row of rows) expect(row.indexOf("2026-11-")).toBe(header?.indexOf("Received"));
    expect(rows[0]).toMatch(
      /2026-11-23 11:45 +Application +New +Senior Mobile Engineer +Katherine Núñez +katherine@example.com +1 +Waiting to be sent$/,
    );
    expect(rows[1]).toMatch(/Inquiry +In progress +- +Grace Hopper +grace@example.com +0 +Waiting to be sent$/);
    expect(list.stdout).not.toContain("Spam Bot");
    expect(list.stdout).toContain("1 spam not shown: --spam shows only spam, --all everything.");

    const spam = await run(["list", "--spam"], env);
    expect(
      lines(spam.stdout)
        .slice(1)
        .map((row) => row.slice(0, 36)),
    ).toEqual([ids.spam]);
    expect(spam.stdout).toMatch(/Inquiry +Spam +- +Spam Bot/);

    const all = await run(["list", "--all"], env);
    expect(
      lines(all.stdout)
        .slice(1)
        .map((row) => row.slice(0, 36)),
    ).toEqual([ids.katherine, ids.spam, ids.grace, ids.ada]);

    const applications = await run(["list", "--kind", "application"], env);
    expect(
      lines(applications.stdout)
        .slice(1)
        .map((row) => row.slice(0, 36)),
    ).toEqual([ids.katherine]);
    expect(applications.stdout).not.toContain("spam not shown");
  });

  test("a file stored under a name with hidden characters is shown and saved under its cleaned name", async () => {
    // Stored as a version before the cleaning would have: the name as the browser sent it.
    const stored = await storeSubmission(
      database.db,
      inquiry("Mary Jackson", {
        files: [{ name: "brief\u202Efdp\u200B.txt", type: "text/plain", content: Buffer.from("A plan.") }],
      }),
    );
    const shown = await run(["show", stored.id], env);
    expect(shown.stdout).toMatch(/^ {2}brieffdp\.txt {2}\(text\/plain, 7 B\)$/m);
    const folder = mkdtempSync(path.join(tmpdir(), "attachment-"));
    try {
      const saved = await run(["attachment", stored.id, "brieffdp.txt", "--out", path.join(folder, "brief.txt")], env);
      expect(saved.code).toBe(0);
      expect(readFileSync(path.join(folder, "brief.txt"), "utf8")).toBe("A plan.");

      // The short id `show` and `list` print is enough; a wrong name lists the names there are.
      const short = await run(
        ["attachment", stored.id.slice(0, 13), "brieffdp.txt", "--out", path.join(folder, "b.txt")],
        env,
      );
      expect(short.code).toBe(0);
      expect(readFileSync(path.join(folder, "b.txt"), "utf8")).toBe("A plan.");
      const wrong = await run(
        ["attachment", stored.id.slice(0, 13), "plan.pdf", "--out", path.join(folder, "c.txt")],
        env,
      );
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain(
        `No file named "plan.pdf" in submission ${stored.id}. Its files are:\n  brieffdp.txt`,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test("show: the start of an id is enough when only one id starts so; it says what is missing or ambiguous", async () => {
    const unique = ids.grace.slice(0, -4).toUpperCase();
    const shown = await run(["show", unique], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Inquiry ${ids.grace}`);
    expect(shown.stdout).toMatch(/^Received +21 Nov 2026, 09:30 UTC$/m);
    expect(shown.stdout).toMatch(/^State +In progress$/m);
    expect(shown.stdout).toMatch(/^Company +Société Générale d'Études$/m);
    expect(shown.stdout).toMatch(/^Budget +\$25k–\$50k$/m);
    expect(shown.stdout).not.toContain("25k-50k\n");
    expect(shown.stdout).toContain("Project\n  A new app.\n  Second line.");
    expect(shown.stdout).toContain("E-mails\n  Notification to the team: Waiting to be sent");
    expect(shown.stdout).toContain("Internal note\n  Called back on Monday.");
    expect(shown.stdout).toContain(`/workspace/submissions/${ids.grace}`);

    const withFile = await run(["show", ids.katherine], env);
    expect(withFile.stdout).toMatch(/^Posting +Senior Mobile Engineer$/m);
    expect(withFile.stdout).toMatch(/^Keep for future openings +Yes$/m);
    expect(withFile.stdout).toMatch(/^ {2}cv\.pdf {2}\(application\/pdf, 17 B\)$/m);

    const json = await run(["show", ids.spam, "--format", "json"], env);
    expect(JSON.parse(json.stdout)).toMatchObject({
      id: ids.spam,
      status: "spam",
      spamReason: "honeypot",
      progress: "new",
      fields: { budget: "25k-50k" },
      mail: [],
    });

    // Ids made in the same millisecond share most of their start.
    const shared = [ids.ada, ids.grace, ids.spam, ids.katherine].reduce((prefix, id) => {
      let length = 0;
      while (length < prefix.length && prefix[length] === id[length]) length += 1;
      return prefix.slice(0, length);
    });
    const ambiguous = await run(["show", shared], env);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain(`4 submissions have an id starting with "${shared}"; give more of it:`);
    for (const id of Object.values(ids)) expect(ambiguous.stderr).toContain(id);

    const missing = await run(["show"], env);
    expect(missing).toMatchObject({
      code: 2,
      stdout: "",
      stderr: "show needs an ID (or the start of one): npm run submissions -- show ID\n",
    });

    const unknown = await run(["show", "ffffffff"], env);
    expect(unknown).toMatchObject({ code: 1, stderr: 'No submission has an id starting with "ffffffff".\n' });
  });

  test("webhooks shows each delivery and its attempts; redeliver sends them again; enable-webhook says what it did", async () => {
    const receiver = await startReceiver({ replies: [{ status: 500 }] });
    try {
      const endpoints = [
        WebhookEndpointSchema.parse({ name: "crm", url: receiver.url, secret: testSecret, allowPrivate: true }),
      ];
      const sent = await storeSubmission(
        database.db,
        inquiry("Mary Jackson", {
          followUp: (trx, { id }) =>
            queueWebhookEvent(
              trx,
              { type: "submission.created", submissionId: id },
              { endpoints, now: new Date("2026-11-24T08:00:00Z") },
            ).then(() => {}),
        }),
        new Date("2026-11-24T08:00:00Z"),
      );
      const options = {
        db: database.db,
        engine,
        endpoints,
        alert: { recipient: "hello@example.com", messageIdDomain: "example.org" },
        random: () => 0.5,
      };
      await deliverDueWebhooks({ ...options, now: () => new Date("2026-11-24T08:00:00Z") });
      await deliverDueWebhooks({ ...options, now: () => new Date("2026-11-24T08:00:05Z") });

      const log = await run(["webhooks", sent.id.slice(0, 30)], env);
      expect(log.code).toBe(0);
      expect(lines(log.stdout)).toEqual([
        "crm  submission.created  Delivered, 24 Nov 2026, 08:00 UTC",
        "  2026-11-24T08:00:00.000Z  HTTP 500  0 ms",
        "  2026-11-24T08:00:05.000Z  HTTP 200  0 ms",
      ]);
      // Nothing the visitor sent is in the log.
      expect(log.stdout).not.toContain("Mary");

      const again = await run(["redeliver", sent.id], env);
      expect(again.stdout).toContain(`1 webhook deliveries of ${sent.id} queued again`);
      expect(lines((await run(["webhooks", sent.id], env)).stdout)[0]).toMatch(
        /^crm {2}submission\.created {2}Waiting to be sent, next attempt /,
      );

      expect((await run(["webhooks", ids.spam], env)).stdout).toContain(`No webhooks for ${ids.spam}`);
      expect((await run(["enable-webhook", "crm"], env)).stdout).toContain("The endpoint crm was not disabled.");
      const missing = await run(["redeliver"], env);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("redeliver needs an ID");
    } finally {
      await receiver.close();
    }
  });

  test("export --format csv: one sheet per kind in a folder, UTF-8 with a BOM, labels for headers and values", async () => {
    const refused = await run(["export", "--format", "csv"], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--out FOLDER for one file per");

    const folder = mkdtempSync(path.join(tmpdir(), "submissions-export-"));
    try {
      const exported = await run(["export", "--format", "csv", "--out", path.join(folder, "sheets")], env);
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain(`${path.join(folder, "sheets", "inquiries.csv")}: 2 inquiries`);
      expect(exported.stdout).toContain(`${path.join(folder, "sheets", "applications.csv")}: 1 application`);

      const inquiries = readFileSync(path.join(folder, "sheets", "inquiries.csv"));
      expect([...inquiries.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const inquiryRows = inquiries.toString("utf8").slice(1).split("\r\n");
      expect(inquiryRows[0]).toBe(
        "Id,Received (UTC),State,Name,E-mail,Phone,Company,Budget,Heard of us through,Project,Files,E-mails,Note",
      );
      expect(inquiryRows[1]).toBe(
        `${ids.grace},2026-11-21 09:30:00,In progress,Grace Hopper,grace@example.com,,Société Générale d'Études,$25k–$50k,,"A new app.\nSecond line.",,Notification to the team: Waiting to be sent,Called back on Monday.`,
      );
      expect(inquiryRows[2]).toContain("brief.pdf (8 B)");
      expect(inquiries.toString("utf8")).not.toContain("Spam Bot");

      const applications = readFileSync(path.join(folder, "sheets", "applications.csv"), "utf8");
      expect(applications.startsWith("\uFEFFId,Received (UTC),State,Posting,First name,Last name,E-mail,")).toBe(true);
      expect(applications).toContain(",Senior Mobile Engineer,Katherine,Núñez,katherine@example.com,,Zürich,");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    const oneKind = await run(["export", "--format", "csv", "--kind", "contact", "--all"], env);
    expect(oneKind.stdout.startsWith("\uFEFFId,")).toBe(true);
    expect(oneKind.stdout).toContain("Spam (honeypot),Spam Bot");

    // JSON stays as stored, for other programs: codes, every submission.
    const json = JSON.parse((await run(["export", "--format", "json"], env)).stdout) as Array<{
      id: string;
      fields: { budget?: string };
    }>;
    expect(json.map((record) => record.id)).toEqual([ids.ada, ids.grace, ids.spam, ids.katherine]);
    expect(json[0]?.fields.budget).toBe("25k-50k");
  });
});

describe("npm run submissions with a bad setting", () => {
  test("ends with one line naming the variable, not a stack trace", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "submissions-config-"));
    try {
      const result = await run(["list"], { DATA_DIR: dataDir, LOG_LEVEL: "loud" });
      expect(result).toMatchObject({
        code: 1,
        stdout: "",
        stderr: "Invalid configuration: LOG_LEVEL must be fatal, error, warn, info, debug or silent\n",
      });
      const unreachable = await run(["list"], { DATA_DIR: dataDir, DATABASE_URL: "postgres://127.0.0.1:1/site" });
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toMatch(
        /^DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1\/site cannot be used: .*ECONNREFUSED.*\n$/,
      );
      const unknownOption = await run(["list", "--colour"], { DATA_DIR: dataDir });
      expect(unknownOption.code).toBe(2);
      expect(unknownOption.stderr).toMatch(/^Unknown option '--colour'\.\n\nUsage:/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
