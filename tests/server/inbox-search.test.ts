import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { meetingFields } from "#app/booking/meeting-fields.ts";
import { applicationFields } from "#app/careers/application-fields.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { type Engine, openDatabase, type Schema } from "#app/platform/db.server.ts";
import { migrateToLatest, migrationNames } from "#app/platform/migrations.server.ts";
import { deleteSubmissions } from "#app/privacy/retention.server.ts";
import { InboxFilterSchema, listInbox, setProgress } from "#app/workspace/inbox/inbox.server.ts";
import { createPostgresDatabase, engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// The inbox's search finds what a person typed, whatever its case, on both engines: never the
// stored form's keys, the codes of a choice or the team's states.

const notification: NewSubmission["notification"] = ({ id }) => ({
  recipient: "hello@example.com",
  replyTo: null,
  subject: id,
  text: "t",
  html: "<p>t</p>",
});
const base = { files: [], spamReason: null, formKey: null, messageIdDomain: "example.org", notification };

const emile: NewSubmission = {
  ...base,
  kind: "contact",
  description: inquiryFields,
  fields: {
    name: "Émile Zola",
    email: "zola@example.com",
    phone: null,
    company: "Éditions Charpentier",
    project: "Un roman sur la mine, en vingt volumes.",
    budget: "25k-50k",
    source: null,
  },
};
const ada: NewSubmission = {
  ...base,
  kind: "application",
  description: applicationFields,
  jobSlug: "senior-mobile-engineer",
  fields: {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: null,
    location: "London",
    linkedin: null,
    github: null,
    portfolio: null,
    coverNote: "I wrote the first program.",
    consent: "yes",
    futureConsent: "yes",
  },
};
const grete: NewSubmission = {
  ...base,
  kind: "meeting",
  description: meetingFields,
  fields: {
    name: "Grete Müller",
    email: "grete@example.com",
    company: "Straße & Co",
    topic: "Our in_progress rebuild",
    start: "2027-03-02T09:00:00Z",
    timeZone: "Europe/Berlin",
    when: "Tuesday 2 March, 10:00",
    visitorWhen: "Tuesday 2 March, 10:00",
  },
};

/** The senders' names a search finds, in the inbox's order (newest first). */
async function found(db: Kysely<Schema>, q: string) {
  return (await listInbox(db, InboxFilterSchema.parse({ q }))).rows.map((row) => row.sender.name);
}

describe.each(engines)("inbox search on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("finds the values a person typed, whatever their case, and never the form's keys, a choice's code or the team's state", async () => {
    const { db } = database;
    const stored = [];
    for (const submission of [emile, ada, grete]) stored.push(await storeSubmission(db, submission));
    await setProgress(db, stored[0]!.id, "in_progress", null);

    // Every submission has an e-mail field: its key is no one's words.
    for (const key of ["email", "name", "project", "budget", "futureConsent", "coverNote"])
      expect(await found(db, key), key).toEqual([]);
    // A choice's stored code and the team's state, whatever the submission's state.
    for (const code of ["25k-50k", "in_progress", "yes"])
      expect(await found(db, code), code).toEqual(code === "in_progress" ? ["Grete Müller"] : []);
    // A name with a capital outside ASCII, in any case; a word of the message; two words anywhere.
    for (const q of ["émile", "ÉMILE", "Émile", "zola", "ZOLA"]) expect(await found(db, q), q).toEqual(["Émile Zola"]);
    expect(await found(db, "roman")).toEqual(["Émile Zola"]);
    expect(await found(db, "MINE éditions")).toEqual(["Émile Zola"]);
    expect(await found(db, "FIRST PROGRAM")).toEqual(["Ada Lovelace"]);
    expect(await found(db, "example.com")).toEqual(["Grete Müller", "Ada Lovelace", "Émile Zola"]);
    // ß is ss in either case; ü in either case.
    expect(await found(db, "STRASSE")).toEqual(["Grete Müller"]);
    expect(await found(db, "MÜLLER")).toEqual(["Grete Müller"]);
  });

  test("a deleted submission leaves no search text behind: its tombstone holds no word of it", async () => {
    const { db } = database;
    const { id } = await storeSubmission(db, emile);
    expect(await deleteSubmissions(db, [id], "erasure", new Date(), database.dataDir)).toBe(1);
    expect(await found(db, "zola")).toEqual([]);
    const [tombstone] = await db.selectFrom("deletion_tombstones").selectAll().execute();
    expect(Object.keys(tombstone ?? {}).sort()).toEqual(["created_at", "deleted_at", "id", "kind", "reason"]);
    expect(JSON.stringify(tombstone)).not.toMatch(/zola|émile|roman/i);
  });
});

/** A database of each engine at the schema before the search text (0013), then its own clean-up. */
async function openBeforeSearchText(engine: Engine) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-test-"));
  const postgres = engine === "postgres" ? await createPostgresDatabase() : null;
  const database = openDatabase({ dataDir, databaseUrl: postgres?.url });
  const earlier = migrationNames.filter((name) => name < "0014");
  const files = await Promise.all(
    earlier.map(
      (name) =>
        import(`#app/platform/migrations/${name}.ts`) as Promise<{
          up: (db: Kysely<any>, engine: Engine) => Promise<void>;
        }>,
    ),
  );
  const migrations = Object.fromEntries(
    earlier.map((name, index) => [name, { up: (db: Kysely<any>) => files[index]!.up(db, engine) }]),
  );
  const { error } = await new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  }).migrateToLatest();
  if (error) throw error;
  return {
    db: database.db,
    cleanup: async () => {
      await database.db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(engines)("the search text of submissions stored before it on %s", (engine) => {
  test("the migration fills it, so they are found by what was typed and not by keys; one stored by an older version meanwhile is still found", async () => {
    const { db, cleanup } = await openBeforeSearchText(engine);
    try {
      const row = (id: string, submission: NewSubmission) => ({
        id,
        kind: submission.kind,
        status: "received" as const,
        created_at: "2026-01-01T10:00:00.000Z",
        job_slug: null,
        fields: JSON.stringify(submission.fields),
        spam_reason: null,
        form_key: null,
      });
      // 450 submissions: more than one page of the migration's.
      const rows = Array.from({ length: 450 }, (_, index) =>
        row(`0190f0f0-0000-7000-8000-${String(index).padStart(12, "0")}`, index === 7 ? emile : ada),
      );
      for (let start = 0; start < rows.length; start += 150)
        await db
          .insertInto("submissions")
          .values(rows.slice(start, start + 150))
          .execute();
      await migrateToLatest(db, engine);

      expect(await found(db, "ÉMILE")).toEqual(["Émile Zola"]);
      expect((await found(db, "lovelace")).length).toBe(50);
      expect(await found(db, "email")).toEqual([]);
      expect(await found(db, "budget")).toEqual([]);
      // Rolling out, an instance of the older version stores a submission without it: its fields are searched.
      await db
        .insertInto("submissions")
        .values({
          ...row("0190f0f0-0000-7000-8000-999999999999", {
            ...emile,
            fields: { ...emile.fields, name: "Jules Verne" },
          }),
        })
        .execute();
      expect(await found(db, "verne")).toEqual(["Jules Verne"]);
    } finally {
      await cleanup();
    }
  });
});
