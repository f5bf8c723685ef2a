import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { backUpNow, backupStatus } from "#app/backups/daily-backup.server.ts";
import { backupsIn, checkBackup } from "#app/backups/backup-file.server.ts";
import { readErasureList } from "#app/backups/erasure-list.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { openDatabase } from "#app/platform/db.server.ts";
import { localMailFile } from "#app/platform/mail.server.ts";
import { isSchemaCurrent, migrateTo, migrationNames } from "#app/platform/migrations.server.ts";
import { loadFormSecret } from "#app/platform/secret.server.ts";
import { runJob } from "#app/platform/worker.server.ts";
import { recordedErasures } from "#app/privacy/requests.server.ts";
import { runScript } from "#tests/helpers/run-script.ts";
import { openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// Backups as the operator makes them (`npm run backup`, `npm run restore`, the daily schedule
// with BACKUP_DIR): an inquiry and a booking survive backup → wipe → restore, and Ann, erased
// after the backup, stays erased after the restore. The SQLite file is what these commands copy;
// on PostgreSQL `npm run backup` runs pg_dump.

vi.setConfig({ testTimeout: 90_000 });

const inquiry = (name: string, email: string): NewSubmission => {
  const fields = {
    name,
    email,
    phone: null,
    company: "Lee & Co",
    project: `An app, from ${name}`,
    budget: "25k-50k",
    source: null,
  };
  return {
    kind: "contact",
    description: inquiryFields,
    fields,
    files: [{ name: "brief.pdf", type: "application/pdf", content: Buffer.from(`%PDF-1.7 brief by ${name}`) }],
    spamReason: null,
    formKey: null,
    messageIdDomain: "example.org",
    notification: ({ id }) => ({
      recipient: "hello@example.com",
      replyTo: email,
      subject: `Submission ${id}`,
      text: `${name} <${email}>`,
      html: `<p>${name}</p>`,
    }),
  };
};

const lastMigration = migrationNames.at(-1);

async function seed(database: TestDatabase) {
  const { db } = database;
  // The site secret, which a server makes at its first start: erasures are recorded by its hashes.
  await loadFormSecret(db);
  const ann = (await storeSubmission(db, inquiry("Ann Lee", "ann@example.com"))).id;
  const bob = (await storeSubmission(db, inquiry("Bob Stone", "bob@example.com"))).id;
  await db
    .insertInto("bookings")
    .values({
      id: "booking-bob",
      host: "company",
      start_at: "2099-06-02T16:00:00.000Z",
      end_at: "2099-06-02T16:30:00.000Z",
      status: "confirmed",
      manage_token_hash: "hash-bob",
      submission_id: bob,
      created_at: "2026-11-01T10:00:00.000Z",
      cancelled_at: null,
    })
    .execute();
  return { ann, bob };
}

describe("SQLite: npm run backup and npm run restore", () => {
  let database: TestDatabase;
  let backupDir: string;
  let env: Record<string, string>;
  const backup = (args: string[] = []) => runScript("backup.ts", args, env);
  const restore = (args: string[]) => runScript("restore.ts", args, env);

  beforeEach(async () => {
    database = await openTestDatabase("sqlite");
    backupDir = mkdtempSync(path.join(tmpdir(), "site-backups-"));
    env = { DATA_DIR: database.dataDir, DATABASE_URL: "", BACKUP_DIR: backupDir, SMTP_URL: "" };
  });
  afterEach(async () => {
    await database.cleanup();
    rmSync(backupDir, { recursive: true, force: true });
  });

  test("an inquiry and a booking survive backup → wipe → restore; Ann, erased after the backup, stays erased", async () => {
    const { ann, bob } = await seed(database);
    // A mail file of the local outbox (no SMTP_URL) is kept too.
    const mailFile = localMailFile(database.dataDir, "2026-11-01-bob");
    mkdirSync(path.dirname(mailFile), { recursive: true });
    writeFileSync(mailFile, "Subject: Thanks, Bob\n\nWe got it.");

    // While the site holds the database open (this process), as a serving site does.
    const made = await backup();
    expect(made.stderr).toContain(`schema ${lastMigration}`);
    expect(made.code).toBe(0);
    const file = made.stdout.trim();
    expect(path.isAbsolute(file)).toBe(true);
    expect(path.dirname(file)).toBe(backupDir);
    const info = checkBackup(file);
    expect(info).toMatchObject({ schema: lastMigration, mailFiles: 1 });
    expect(info.rows).toMatchObject({ submissions: 2, bookings: 1 });

    // Ann asks to be erased after the backup was made: the list beside the backups records it.
    const erased = await runScript("privacy.ts", ["erase", "ann@example.com"], env);
    expect(erased.code).toBe(0);
    const list = readErasureList(path.join(backupDir, "erasures.json"));
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain("ann@example.com");

    // A restore while the database is open (a server) is refused and changes nothing.
    const refused = await restore([file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("stop it, then restore");
    expect(await database.db.selectFrom("submissions").select("id").execute()).toEqual([{ id: bob }]);

    // The disk is lost: the data folder goes whole.
    await database.db.destroy();
    rmSync(database.dataDir, { recursive: true, force: true });

    const restored = await restore([file]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`schema ${lastMigration}`);
    expect(restored.stdout).toContain("Erased again: 1 submission(s) and 0 other e-mail(s), of 1 recorded erasure(s).");

    const reopened = openDatabase({ dataDir: database.dataDir });
    try {
      const rows = await reopened.db.selectFrom("submissions").select(["id", "fields"]).execute();
      expect(rows.map((row) => row.id)).toEqual([bob]);
      expect(rows[0]?.fields).toContain("Bob Stone");
      expect(await reopened.db.selectFrom("submissions").where("id", "=", ann).selectAll().execute()).toEqual([]);
      expect(await reopened.db.selectFrom("attachments").select("submission_id").execute()).toEqual([
        { submission_id: bob },
      ]);
      const booking = await reopened.db.selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
      expect(booking).toMatchObject({ id: "booking-bob", submission_id: bob, status: "confirmed" });
      expect((await recordedErasures(reopened.db)).map((record) => record.hash)).toEqual(
        list.map((entry) => entry.hash),
      );
      // The tables the backup added are not part of the site's database.
      const tables = await reopened.db.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain("backup_info");
    } finally {
      await reopened.db.destroy();
    }
    expect(readFileSync(mailFile, "utf8")).toContain("Thanks, Bob");
  });

  test("erasures recorded under another site secret stop the restore, which is undone; under the right one Ann stays erased", async () => {
    const { ann, bob } = await seed(database);
    const file = (await backup()).stdout.trim();
    expect((await runScript("privacy.ts", ["erase", "ann@example.com"], env)).code).toBe(0);
    // The list says which secret keyed each hash, without giving the secret away.
    const [entry] = readErasureList(path.join(backupDir, "erasures.json"));
    expect(entry?.key).toMatch(/^[\w-]{16}$/);
    const submissionIds = async (dataDir: string) => {
      const opened = openDatabase({ dataDir });
      try {
        return (await opened.db.selectFrom("submissions").select("id").execute()).map((row) => row.id).sort();
      } finally {
        await opened.db.destroy();
      }
    };
    // The site stopped, its data folder in place.
    await database.db.destroy();
    const mailDir = path.join(database.dataDir, "mail");
    const mailBefore = existsSync(mailDir) ? readdirSync(mailDir).sort() : [];
    const dataBefore = readdirSync(database.dataDir).sort();

    // The operator set another FORM_SECRET meanwhile: Ann's hash would match nobody.
    const otherSecret = { ...env, FORM_SECRET: "another-secret-".repeat(3) };
    const refused = await runScript("restore.ts", [file], otherSecret);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Restore undone");
    expect(refused.stderr).toContain("FORM_SECRET");
    // The data folder as it was: the same database (Bob only), no backup mail, nothing added.
    expect(readdirSync(database.dataDir).sort()).toEqual(dataBefore);
    expect(existsSync(mailDir) ? readdirSync(mailDir).sort() : []).toEqual(mailBefore);
    expect(await submissionIds(database.dataDir)).toEqual([bob]);

    // That secret lost, the operator may restore without those erasures, and is told; the
    // erasure stays recorded with its secret's fingerprint.
    const accepted = await runScript("restore.ts", [file, "--accept-unmatched-erasures"], otherSecret);
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain("1 erasure(s) made under another site secret could not be applied");
    expect(await submissionIds(database.dataDir)).toEqual([ann, bob].sort());

    // With the secret the erasures were made with (the one the backup's database holds), the
    // same backup restored over that: Ann is erased again.
    const restored = await restore([file]);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("Erased again: 1 submission(s) and 0 other e-mail(s), of 1 recorded erasure(s).");
    expect(await submissionIds(database.dataDir)).toEqual([bob]);
  });

  test("a backup of an older schema is migrated forward when restored", async () => {
    // The database as the release before the last migration left it.
    await database.db.destroy();
    rmSync(database.dataDir, { recursive: true, force: true });
    const older = openDatabase({ dataDir: database.dataDir });
    const previousMigration = migrationNames.at(-2) as string;
    await migrateTo(older.db, "sqlite", previousMigration);
    await older.db.destroy();
    const made = await backup();
    expect(made.code).toBe(0);
    expect(checkBackup(made.stdout.trim()).schema).toBe(previousMigration);
    rmSync(database.dataDir, { recursive: true, force: true });

    const restored = await restore([made.stdout.trim()]);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`schema ${previousMigration}`);
    expect(restored.stdout).toContain(`Migrated forward: ${lastMigration}.`);
    database.db = openDatabase({ dataDir: database.dataDir }).db;
    expect(await isSchemaCurrent(database.db, "sqlite")).toBe(true);
  });

  test("a file that is not a backup is refused, and the data folder stays as it was", async () => {
    await seed(database);
    await database.db.destroy();
    const notBackup = path.join(backupDir, "notes.sqlite");
    new DatabaseSync(notBackup).close();
    const refused = await restore([notBackup]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is not a backup made by npm run backup");
    const reopened = openDatabase({ dataDir: database.dataDir });
    expect(await reopened.db.selectFrom("submissions").select("id").execute()).toHaveLength(2);
    // cleanup destroys the test's handle: hand it this one.
    database.db = reopened.db;
  });
});

describe("SQLite: the daily backup", () => {
  let database: TestDatabase;
  let backupDir: string;
  beforeEach(async () => {
    database = await openTestDatabase("sqlite");
    backupDir = mkdtempSync(path.join(tmpdir(), "site-backups-"));
  });
  afterEach(async () => {
    await database.cleanup();
    rmSync(backupDir, { recursive: true, force: true });
  });

  const options = (at: string, keep = 2) => ({
    engine: database.engine,
    dataDir: database.dataDir,
    backupDir,
    keep,
    erasures: () => recordedErasures(database.db),
    now: () => new Date(at),
  });

  test("each backup is checked, the newest BACKUP_KEEP are kept, and the erasures' list is written beside them", async () => {
    await seed(database);
    const days = ["2026-11-01T03:00:00.000Z", "2026-11-02T03:00:00.000Z", "2026-11-03T03:00:00.000Z"];
    for (const day of days)
      expect(await backUpNow(options(day))).toMatch(/^Backup written and checked: .* rows, 0 mail files/);
    const kept = backupsIn(backupDir);
    expect(kept.map((file) => path.basename(file))).toEqual([
      "backup-20261102T030000000Z.sqlite",
      "backup-20261103T030000000Z.sqlite",
    ]);
    for (const file of kept) expect(checkBackup(file).rows).toMatchObject({ submissions: 2, bookings: 1 });
    expect(readErasureList(path.join(backupDir, "erasures.json"))).toEqual([]);
  });

  test("a damaged backup fails its check", async () => {
    await seed(database);
    await backUpNow(options("2026-11-01T03:00:00.000Z"));
    const [file] = backupsIn(backupDir);
    // A row lost after it was written: the counts it says it holds no longer match.
    const copy = new DatabaseSync(file as string);
    copy.exec("delete from bookings");
    copy.close();
    expect(() => checkBackup(file as string)).toThrow(
      /does not hold the rows it was written with \(tables: bookings\)/,
    );
  });

  test("the day's backup runs once per day under its turn; its last success is what the admins see", async () => {
    await seed(database);
    const at = new Date("2026-11-05T03:00:00.000Z");
    expect(await backupStatus(database.db, at.getTime())).toEqual({ succeededAt: null, late: true });
    const job = {
      name: "Backup",
      turn: { db: database.db, lease: "backup", periodMs: 24 * 60 * 60_000 },
      now: () => at,
      work: async () => {
        await backUpNow(options(at.toISOString()));
        return undefined;
      },
    };
    const signal = new AbortController().signal;
    expect((await runJob(job, signal)).ran).toBe(true);
    expect((await runJob(job, signal)).ran).toBe(false);
    expect(backupsIn(backupDir)).toHaveLength(1);
    expect(await backupStatus(database.db, at.getTime() + 60_000)).toEqual({
      succeededAt: at.toISOString(),
      late: false,
    });
    expect((await backupStatus(database.db, at.getTime() + 3 * 24 * 60 * 60_000)).late).toBe(true);
  });

  test("a backup that cannot be written fails, and the backups already there stay", async () => {
    await seed(database);
    await backUpNow(options("2026-11-01T03:00:00.000Z"));
    await expect(
      backUpNow({ ...options("2026-11-02T03:00:00.000Z"), dataDir: path.join(backupDir, "none") }),
    ).rejects.toThrow(/there is no database at/);
    expect(backupsIn(backupDir)).toHaveLength(1);
    expect(readdirSync(backupDir).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });
});

describe("PostgreSQL: npm run backup runs pg_dump, npm run restore points to pg_restore", () => {
  let database: TestDatabase;
  let backupDir: string;
  beforeEach(async () => {
    database = await openTestDatabase("postgres");
    backupDir = mkdtempSync(path.join(tmpdir(), "site-backups-"));
  });
  afterEach(async () => {
    await database.cleanup();
    rmSync(backupDir, { recursive: true, force: true });
  });

  test("the dump is written and readable by pg_restore; restore says how", async () => {
    await seed(database);
    const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "", BACKUP_DIR: backupDir };
    // The tests' PostgreSQL server comes with its client programs (Debian's, as CI installs them).
    const made = await runScript("backup.ts", [], env);
    expect(made.stderr).toMatch(/pg_dump wrote \d+ tables/);
    expect(made.code).toBe(0);
    const file = made.stdout.trim();
    expect(path.dirname(file)).toBe(backupDir);
    expect(file).toMatch(/\.dump$/);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");
    const restored = await runScript("restore.ts", [file], env);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toContain("restore with pg_restore");
  });

  test("the daily backup writes a dump, keeps the newest BACKUP_KEEP and the erasures' list", async () => {
    await seed(database);
    for (const day of ["2026-11-01T03:00:00.000Z", "2026-11-02T03:00:00.000Z"]) {
      const line = await backUpNow({
        engine: "postgres",
        dataDir: database.dataDir,
        databaseUrl: database.databaseUrl,
        backupDir,
        keep: 1,
        erasures: () => recordedErasures(database.db),
        now: () => new Date(day),
      });
      expect(line).toMatch(/^Backup written and checked: .*\.dump \(\d+ tables\); \d older deleted$/);
    }
    expect(backupsIn(backupDir, ".dump").map((file) => path.basename(file))).toEqual([
      "backup-20261102T030000000Z.dump",
    ]);
    expect(readErasureList(path.join(backupDir, "erasures.json"))).toEqual([]);
  });
});
