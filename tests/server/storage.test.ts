import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { listConsentRecords, recordConsent } from "#app/consent/consent.server.ts";
import { loadFormSecret } from "#app/platform/secret.server.ts";
import { isSchemaCurrent, migrateToLatest } from "#app/platform/migrations.server.ts";
import { claimNextMail, retryFailedMail } from "#app/platform/outbox.server.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import { type NewSubmission, getAttachment, listSubmissions, storeSubmission } from "#app/forms/submissions.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

const binary = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10, 0x80]);

function inquiry(overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    kind: "contact",
    description: inquiryFields,
    fields: { name: "Ada Lovelace", email: "ada@example.com", project: "An engine", budget: "10k-25k", phone: null },
    files: [{ name: "brief.pdf", type: "application/pdf", content: binary }],
    spamReason: null,
    formKey: null,
    messageIdDomain: "example.org",
    notification: ({ id, files }) => ({
      recipient: "hello@example.com",
      replyTo: "ada@example.com",
      subject: `New inquiry ${id}`,
      text: `files: ${files.map((file) => file.name).join(",")}`,
      html: "<p>hi</p>",
    }),
    ...overrides,
  };
}

describe.each(engines)("storage on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("migrations are applied once and the schema is current", async () => {
    expect(await isSchemaCurrent(database.db, engine)).toBe(true);
    expect(await migrateToLatest(database.db, engine)).toEqual([]);
  });

  test("an instance of an older version still starts on a schema a newer version has extended", async () => {
    // Rolling out: the new version migrates first; an old instance restarting meanwhile must not refuse.
    await database.db
      .insertInto("kysely_migration" as never)
      .values({ name: "9999-from-a-newer-version", timestamp: new Date().toISOString() } as never)
      .execute();
    expect(await migrateToLatest(database.db, engine)).toEqual([]);
    expect(await isSchemaCurrent(database.db, engine)).toBe(true);
  });

  test("a submission is stored with its fields, its files byte for byte, and one pending notification", async () => {
    const stored = await storeSubmission(database.db, inquiry(), new Date("2026-11-21T10:00:00.000Z"));
    expect(stored.status).toBe("received");
    const [record] = await listSubmissions(database.db);
    expect(record).toMatchObject({
      id: stored.id,
      kind: "contact",
      status: "received",
      createdAt: "2026-11-21T10:00:00.000Z",
      fields: { name: "Ada Lovelace", email: "ada@example.com", phone: null },
      attachments: [{ name: "brief.pdf", size: binary.length, type: "application/pdf" }],
      mail: [{ status: "pending", attempts: 0 }],
    });
    const file = await getAttachment(database.db, stored.id, "brief.pdf");
    expect(file?.content.equals(binary)).toBe(true);
    const mail = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`New inquiry ${stored.id}`);
    expect(mail.text_body).toBe("files: brief.pdf");
    expect(mail.message_id).toBe(`<${mail.id}@example.org>`);
  });

  test("ids are time-ordered, so listing follows arrival", async () => {
    const first = await storeSubmission(database.db, inquiry());
    const second = await storeSubmission(database.db, inquiry());
    expect((await listSubmissions(database.db)).map((record) => record.id)).toEqual([first.id, second.id]);
  });

  test("a form sent twice (the same stamp key) is stored and notified once", async () => {
    const first = await storeSubmission(database.db, inquiry({ formKey: "contact:abc" }));
    const again = await storeSubmission(database.db, inquiry({ formKey: "contact:abc" }));
    const other = await storeSubmission(database.db, inquiry({ formKey: "contact:xyz" }));
    expect(first.duplicate).toBe(false);
    expect(again).toMatchObject({ id: first.id, duplicate: true });
    expect(other.duplicate).toBe(false);
    expect((await listSubmissions(database.db)).map((record) => record.id)).toEqual([first.id, other.id]);
    expect(await database.db.selectFrom("outbox").select("id").execute()).toHaveLength(2);
    expect(await database.db.selectFrom("attachments").select("id").execute()).toHaveLength(2);
  });

  test("spam is stored, flagged and not notified", async () => {
    const stored = await storeSubmission(database.db, inquiry({ spamReason: "honeypot" }));
    const [record] = await listSubmissions(database.db);
    expect(record).toMatchObject({ id: stored.id, status: "spam", spamReason: "honeypot", mail: [] });
  });

  test("the submission, its files and its notification commit together or not at all", async () => {
    const failing = inquiry({
      notification: () => {
        throw new Error("template failed");
      },
    });
    await expect(storeSubmission(database.db, failing)).rejects.toThrow("template failed");
    expect(await listSubmissions(database.db)).toEqual([]);
    expect(await database.db.selectFrom("attachments").selectAll().execute()).toEqual([]);
  });

  test("a claimed message is leased: nobody else gets it until the lease ends", async () => {
    await storeSubmission(database.db, inquiry(), new Date("2026-11-21T10:00:00.000Z"));
    const at = (iso: string) => () => new Date(iso);
    const options = { db: database.db, engine, send: async () => {}, from: "site@example.org", leaseMs: 60_000 };
    const claimed = await claimNextMail({ ...options, now: at("2026-11-21T10:00:01.000Z") });
    expect(claimed?.attempts).toBe(1);
    expect(await claimNextMail({ ...options, now: at("2026-11-21T10:00:30.000Z") })).toBeNull();
    const reclaimed = await claimNextMail({ ...options, now: at("2026-11-21T10:01:02.000Z") });
    expect(reclaimed?.id).toBe(claimed?.id);
    expect(reclaimed?.attempts).toBe(2);
  });

  test("failed mail can be queued again", async () => {
    await storeSubmission(database.db, inquiry());
    await database.db.updateTable("outbox").set({ status: "failed", attempts: 10 }).execute();
    expect(await retryFailedMail(database.db)).toBe(1);
    const mail = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ status: "pending", attempts: 0 });
  });

  test("the rate limit allows max posts in any window, its edge included, and says when the next one fits", async () => {
    const limit = { max: 2, windowSeconds: 60 };
    const hit = (client: string, time: string) =>
      hitRateLimit(database.db, client, limit, new Date(`2026-11-21T${time}.000Z`));
    expect(await hit("client-a", "10:00:50")).toEqual({ allowed: true });
    expect(await hit("client-a", "10:00:55")).toEqual({ allowed: true });
    // A new minute does not start a fresh allowance: the two posts above are still within 60 s.
    expect(await hit("client-a", "10:01:05")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await hit("client-b", "10:01:05")).toEqual({ allowed: true });
    // Retrying while refused does not push the wait further.
    expect(await hit("client-a", "10:01:30")).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect(await hit("client-a", "10:01:50")).toEqual({ allowed: true });
    expect(await hit("client-a", "10:01:52")).toEqual({ allowed: false, retryAfterSeconds: 3 });
    expect(
      await database.db.selectFrom("rate_limit_hits").select("key").where("key", "=", "client-a").execute(),
    ).toHaveLength(3);
  });

  test("each cookie choice is kept as proof: id, categories, revision, source and time, nothing else", async () => {
    const consent = {
      id: "01a1ff8d-fa4f-72bd-9c9f-e2b29a1f660a",
      revision: 1,
      forms: false,
      at: Date.parse("2026-11-21T10:00:00Z"),
    };
    await recordConsent(database.db, consent, "banner");
    await recordConsent(
      database.db,
      { ...consent, forms: true, at: Date.parse("2026-11-21T10:05:00Z") },
      "placeholder",
    );
    expect(await listConsentRecords(database.db)).toEqual([
      {
        consentId: consent.id,
        categories: ["necessary"],
        revision: 1,
        source: "banner",
        createdAt: "2026-11-21T10:00:00.000Z",
      },
      {
        consentId: consent.id,
        categories: ["necessary", "forms"],
        revision: 1,
        source: "placeholder",
        createdAt: "2026-11-21T10:05:00.000Z",
      },
    ]);
    const columns = Object.keys(
      (await database.db.selectFrom("consent_records").selectAll().executeTakeFirstOrThrow()) ?? {},
    );
    expect(columns.sort()).toEqual(["categories", "consent_id", "created_at", "id", "revision", "source"]);
  });

  test("the form secret is generated once and then shared", async () => {
    const first = await loadFormSecret(database.db);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadFormSecret(database.db)).toBe(first);
    expect(await loadFormSecret(database.db, "configured-secret-that-is-long-enough")).toBe(
      "configured-secret-that-is-long-enough",
    );
  });
});

describe("SQLite shared by processes (the server and a command)", () => {
  test("a transaction that reads and then writes is not refused when another process writes meanwhile: the other waits", async () => {
    const database = await openTestDatabase("sqlite");
    try {
      const file = path.join(database.dataDir, "site.sqlite");
      // Another process (as `npm run staff` beside the server) writes while our transaction is open.
      const otherWriter = `
        const { DatabaseSync } = require("node:sqlite");
        const db = new DatabaseSync(${JSON.stringify(file)});
        db.exec("PRAGMA busy_timeout = 10000");
        console.log("writing");
        db.prepare("insert into settings (key, value) values ('written-by', 'the other process')").run();
        db.close();`;
      let other: ChildProcess | undefined;
      let otherDone: Promise<number | null> | undefined;
      await database.db.transaction().execute(async (trx) => {
        await trx.selectFrom("settings").selectAll().execute();
        other = spawn(process.execPath, ["-e", otherWriter], { stdio: ["ignore", "pipe", "ignore"] });
        otherDone = new Promise((resolve) => other?.once("exit", resolve));
        await new Promise<void>((resolve) => other?.stdout?.once("data", () => resolve()));
        await new Promise((resolve) => setTimeout(resolve, 200));
        await trx
          .insertInto("settings")
          .values({ key: "written-by", value: "this transaction" })
          .onConflict((conflict) => conflict.column("key").doNothing())
          .execute();
      });
      // The other process waited for our commit; its insert then meets our row and fails on the key.
      expect(await otherDone).toBe(1);
      expect(
        (await database.db.selectFrom("settings").selectAll().where("key", "=", "written-by").execute()).map(
          (row) => row.value,
        ),
      ).toEqual(["this transaction"]);
    } finally {
      await database.cleanup();
    }
  });
});
