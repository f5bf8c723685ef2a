import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { openDatabase } from "#app/platform/db.server.ts";
import { migrateTo, migrateToLatest } from "#app/platform/migrations.server.ts";
import { InboxFilterSchema, listInbox, markOpened, setProgress } from "#app/workspace/inbox/inbox.server.ts";
import { createPostgresDatabase, engines, openTestDatabase } from "#tests/helpers/databases.ts";

// Issue 48, decision 056: the inbox marks what nobody on the team has opened yet, until someone
// opens its page; the migration counts as opened what the team had already worked on.

function inquiry(name: string): NewSubmission {
  return {
    kind: "contact",
    description: inquiryFields,
    fields: {
      name,
      email: `${name.toLowerCase()}@example.com`,
      company: "Acme",
      project: "p",
      budget: "10k-25k",
      phone: null,
    },
    files: [],
    spamReason: null,
    formKey: null,
    messageIdDomain: "example.org",
    notification: ({ id }) => ({
      recipient: "hello@example.com",
      replyTo: null,
      subject: id,
      text: "t",
      html: "<p>t</p>",
    }),
  };
}

const unopened = async (db: Parameters<typeof listInbox>[0]) =>
  Object.fromEntries(
    (await listInbox(db, InboxFilterSchema.parse({ state: "all" }))).rows.map((row) => [row.sender.name, row.unopened]),
  );

describe.each(engines)("what is new in the inbox on %s", (engine) => {
  test("a submission is new to everyone until someone opens it, and stays opened", async () => {
    const database = await openTestDatabase(engine);
    try {
      const ada = await storeSubmission(database.db, inquiry("Ada"));
      await storeSubmission(database.db, inquiry("Grace"));
      expect(await unopened(database.db)).toEqual({ Ada: true, Grace: true });
      await markOpened(database.db, ada.id, new Date("2026-11-29T10:00:00Z"));
      expect(await unopened(database.db)).toEqual({ Ada: false, Grace: true });
      // Opened again later: the first opening is what is kept.
      await markOpened(database.db, ada.id, new Date("2026-11-30T10:00:00Z"));
      const row = await database.db
        .selectFrom("submissions")
        .select("opened_at")
        .where("id", "=", ada.id)
        .executeTakeFirst();
      expect(row?.opened_at).toBe("2026-11-29T10:00:00.000Z");
    } finally {
      await database.cleanup();
    }
  });

  test("migration 0022 counts as opened what the team had worked on, and leaves the untouched new", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-test-"));
    const postgres = engine === "postgres" ? await createPostgresDatabase() : null;
    const { db } = openDatabase({ dataDir, databaseUrl: postgres?.url });
    try {
      await migrateTo(db, engine, "0021-analytics-visits");
      const worked = await storeSubmission(db, inquiry("Worked"));
      await storeSubmission(db, inquiry("Untouched"));
      await setProgress(db, worked.id, "in_progress", null);
      await migrateToLatest(db, engine);
      expect(await unopened(db)).toEqual({ Worked: false, Untouched: true });
    } finally {
      await db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
