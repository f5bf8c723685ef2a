import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { sqliteFileOf } from "#app/platform/db.server.ts";
import { localMailDir } from "#app/platform/mail.server.ts";

// A backup of the embedded database is one SQLite file: a consistent copy made with SQLite's
// online backup while the site serves (node:sqlite's backup(), in steps off the event loop), to
// which two tables are added: backup_info (the format, the schema's last migration, when, each
// table's row count) and backup_mail (the local outbox's files, DATA_DIR/mail, when mail is not
// sent over SMTP). Anyone can read it with sqlite3; `npm run restore` puts it back.

export const backupFormat = "consulting-site backup 1";
const ownTables = new Set(["backup_info", "backup_mail"]);

/** What a backup says of itself. */
export type BackupInfo = {
  file: string;
  createdAt: string;
  /** The last migration applied to the copied database: the schema version it holds. */
  schema: string;
  /** Each table's rows when the copy was made. */
  rows: Record<string, number>;
  mailFiles: number;
};

/** A backup's name in BACKUP_DIR: the time it was made, so that the names sort by age. */
export const backupFileName = (at: Date) => `backup-${isoNow(at).replace(/[-:.]/g, "")}.sqlite`;
const backupNamePattern = (extension: string) => new RegExp(`^backup-\\d{8}T\\d{9}Z\\${extension}$`);

function tablesOf(database: DatabaseSync) {
  const rows = database
    .prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as Array<{ name: string }>;
  return rows.map((row) => row.name).filter((name) => !ownTables.has(name));
}

function rowCounts(database: DatabaseSync) {
  return Object.fromEntries(
    tablesOf(database).map((table) => {
      const { count } = database.prepare(`select count(*) as count from "${table}"`).get() as { count: number };
      return [table, Number(count)];
    }),
  );
}

function lastMigration(database: DatabaseSync) {
  const row = database.prepare("select max(name) as name from kysely_migration").get() as { name: string | null };
  if (!row.name) throw new Error("the database has no migrations applied");
  return row.name;
}

/**
 * Copies the database of `dataDir` (and the local outbox's files) into the backup file `out`,
 * while the site serves: written beside it first and renamed once whole, so that `out` is never
 * half a backup.
 */
export async function writeSqliteBackup({
  dataDir,
  out,
  now = clockNow,
}: {
  dataDir: string;
  out: string;
  now?: () => Date;
}): Promise<BackupInfo> {
  const source = sqliteFileOf(dataDir);
  if (!existsSync(source)) throw new Error(`there is no database at ${source}`);
  const file = path.resolve(out);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const database = new DatabaseSync(source);
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    // All pages in one step: one read transaction, so writes of the serving site (WAL) never
    // make the copy start again; the step runs on libuv's thread pool, not the event loop.
    await backup(database, partial, { rate: 2 ** 31 - 1 });
  } finally {
    database.close();
  }
  const copy = new DatabaseSync(partial);
  try {
    // One file, without a write-ahead log beside it; deleted rows' pages zeroed as in the site.
    copy.exec("PRAGMA journal_mode = DELETE; PRAGMA secure_delete = ON;");
    const info = { createdAt: isoNow(now()), schema: lastMigration(copy), rows: rowCounts(copy) };
    copy.exec(
      "create table backup_info (key text primary key, value text not null); create table backup_mail (name text primary key, content blob not null);",
    );
    const setInfo = copy.prepare("insert into backup_info (key, value) values (?, ?)");
    setInfo.run("format", backupFormat);
    setInfo.run("created_at", info.createdAt);
    setInfo.run("schema", info.schema);
    setInfo.run("rows", JSON.stringify(info.rows));
    const mailDir = localMailDir(dataDir);
    const mailNames = existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith(".eml")) : [];
    const addMail = copy.prepare("insert into backup_mail (name, content) values (?, ?)");
    let mailFiles = 0;
    for (const name of mailNames) {
      try {
        addMail.run(name, readFileSync(path.join(mailDir, name)));
        mailFiles += 1;
      } catch (error) {
        // Deleted meanwhile (an erasure, the purge): it is not part of what is kept.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    copy.close();
    renameSync(partial, file);
    return { file, ...info, mailFiles };
  } catch (error) {
    if (copy.isOpen) copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Reads what a backup says of itself; a file that is not one of ours is refused. */
function readInfo(database: DatabaseSync, file: string) {
  let entries: Array<{ key: string; value: string }>;
  try {
    entries = database.prepare("select key, value from backup_info").all() as typeof entries;
  } catch {
    throw new Error(`${file} is not a backup made by npm run backup`);
  }
  const info = Object.fromEntries(entries.map((entry) => [entry.key, entry.value]));
  if (info.format !== backupFormat) throw new Error(`${file} is not a backup made by npm run backup`);
  return info as Record<"format" | "created_at" | "schema" | "rows", string>;
}

/**
 * Opens a backup read-only and checks it as a restore will need it: SQLite's integrity check,
 * its format and schema version, and every table's rows as many as when it was written. Throws
 * what is wrong; returns what it holds.
 */
export function checkBackup(file: string): BackupInfo {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    const problems = (database.prepare("PRAGMA integrity_check").all() as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .filter((line) => line !== "ok");
    if (problems.length) throw new Error(`${file} is damaged: ${problems.slice(0, 3).join("; ")}`);
    const info = readInfo(database, file);
    const expected = JSON.parse(info.rows) as Record<string, number>;
    const found = rowCounts(database);
    const differences = Object.keys({ ...expected, ...found }).filter((table) => expected[table] !== found[table]);
    if (differences.length)
      throw new Error(`${file} does not hold the rows it was written with (tables: ${differences.join(", ")})`);
    if (lastMigration(database) !== info.schema) throw new Error(`${file} names another schema than it holds`);
    const { mail } = database.prepare("select count(*) as mail from backup_mail").get() as { mail: number };
    return { file, createdAt: info.created_at, schema: info.schema, rows: found, mailFiles: Number(mail) };
  } finally {
    database.close();
  }
}

/** The backups in `dir` written by the schedule (`.sqlite`, or PostgreSQL's `.dump`), oldest first. */
export function backupsIn(dir: string, extension = ".sqlite") {
  if (!existsSync(dir)) return [];
  const pattern = backupNamePattern(extension);
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Deletes all but the newest `keep` backups of `dir` (they hold personal data); returns the files deleted. */
export function pruneBackups(dir: string, keep: number, extension = ".sqlite") {
  const all = backupsIn(dir, extension);
  const going = all.slice(0, Math.max(0, all.length - keep));
  for (const file of going) rmSync(file, { force: true });
  return going;
}

/**
 * Whether a process (a server, a command) has the data folder's database open: changing its
 * journal mode needs every other connection closed, and fails at once, without waiting, when
 * one is open. (Left in rollback mode when free, which the restore replaces anyway.)
 */
export function databaseInUse(dataDir: string) {
  const file = sqliteFileOf(dataDir);
  if (!existsSync(file)) return false;
  const database = new DatabaseSync(file);
  try {
    database.exec("PRAGMA busy_timeout = 0");
    database.exec("PRAGMA journal_mode = DELETE");
    return false;
  } catch (error) {
    if (/locked|busy/i.test(error instanceof Error ? error.message : "")) return true;
    throw error;
  } finally {
    database.close();
  }
}

/**
 * Puts a backup's database in place as `target` (the data folder's file, which must not be in
 * use) and its mail files back into `dataDir`'s local outbox; the tables the backup added are
 * dropped. Returns what the backup said of itself.
 */
export function unpackBackup(file: string, dataDir: string): BackupInfo {
  const info = checkBackup(file);
  const target = sqliteFileOf(dataDir);
  const partial = `${target}.restoring`;
  rmSync(partial, { force: true });
  mkdirSync(path.dirname(target), { recursive: true });
  // A plain copy: a backup is one closed file, without a write-ahead log.
  copyFileSync(file, partial);
  const copy = new DatabaseSync(partial);
  try {
    const mailDir = localMailDir(dataDir);
    const mail = copy.prepare("select name, content from backup_mail").all() as Array<{
      name: string;
      content: Uint8Array;
    }>;
    if (mail.length) mkdirSync(mailDir, { recursive: true });
    for (const { name, content } of mail) {
      // Names were read from the outbox folder: nothing else is written.
      if (path.basename(name) === name && name.endsWith(".eml")) writeFileIn(mailDir, name, content);
    }
    copy.exec("PRAGMA secure_delete = ON; drop table backup_info; drop table backup_mail;");
    copy.close();
  } catch (error) {
    if (copy.isOpen) copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
  renameSync(partial, target);
  return info;
}

function writeFileIn(dir: string, name: string, content: Uint8Array) {
  const file = path.join(dir, name);
  // Written whole, then renamed, as the mailer does: a reader never sees half a message.
  writeFileSync(`${file}.tmp`, content);
  renameSync(`${file}.tmp`, file);
}
