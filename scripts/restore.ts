// Restores a backup made by `npm run backup`: `npm run restore -- FILE` (docs/backups.md).
// Refuses while a server (or a command) has the data folder's database open; puts the backup in
// place, migrates it forward and erases again everyone recorded as erased, in the database it
// replaces and in BACKUP_DIR's list, so a restore never brings back a person who asked to be erased.
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { ErasureEntry } from "#app/backups/erasure-list.server.ts";
import { isoNow } from "#app/platform/clock.ts";
import { argsOrExit, envOrExit, errorText, exit, openDatabaseOrExit } from "./cli.ts";

const usage = `Usage: npm run restore -- FILE [--erasures LIST] [--accept-unmatched-erasures]

Replaces the database of DATA_DIR with the backup FILE (and puts its mail files back), once no
server uses the data folder; the database replaced is kept beside it (site.sqlite.replaced-…)
until you delete it. Then applies the migrations this version has and erases again everyone
recorded as erased: in the database replaced, in BACKUP_DIR/erasures.json, and in LIST (a list
saved by npm run privacy -- erasures). Erasures recorded under another site secret stop the
restore (it is undone): set FORM_SECRET to theirs, or, if it is lost, pass
--accept-unmatched-erasures to restore without them.
On PostgreSQL, restore a pg_dump file with pg_restore (docs/backups.md).`;

const { positionals, values } = argsOrExit(
  {
    erasures: { type: "string" },
    "accept-unmatched-erasures": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  usage,
);
if (values.help) exit(usage, 0);
const file = positionals[0];
if (!file || positionals.length > 1) exit(usage);
if (!existsSync(file)) exit(`There is no file at ${file}`, 1);

const env = envOrExit();
if (env.DATABASE_URL)
  exit(
    'On PostgreSQL, restore with pg_restore: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE, then npm run db:migrate and npm run privacy -- reapply-erasures --from BACKUP_DIR/erasures.json (docs/backups.md).',
    1,
  );

const { checkBackup, databaseInUse, unpackBackup } = await import("#app/backups/backup-file.server.ts");
const { keptErasures, readErasureList } = await import("#app/backups/erasure-list.server.ts");
const { sqliteFileOf } = await import("#app/platform/db.server.ts");

let backup: ReturnType<typeof checkBackup>;
try {
  backup = checkBackup(file);
} catch (error) {
  exit(`Cannot restore: ${errorText(error)}`, 1);
}
if (databaseInUse(env.DATA_DIR))
  exit(`A server or a command is using ${sqliteFileOf(env.DATA_DIR)}: stop it, then restore.`, 1);

// Everyone erased so far: the list beside the backups, a list given, and the database replaced.
const erasures: ErasureEntry[] = [];
try {
  if (env.BACKUP_DIR) erasures.push(...keptErasures(env.BACKUP_DIR));
  if (values.erasures) erasures.push(...readErasureList(values.erasures));
} catch (error) {
  exit(`Cannot read the erasures: ${errorText(error)}`, 1);
}
const current = sqliteFileOf(env.DATA_DIR);
let replaced: string | undefined;
if (existsSync(current)) {
  const database = await openDatabaseOrExit(env);
  const { recordedErasures } = await import("#app/privacy/requests.server.ts");
  erasures.push(...(await recordedErasures(database.db)));
  await database.db.destroy();
  replaced = `${current}.replaced-${isoNow().replace(/[-:.]/g, "")}`;
  renameSync(current, replaced);
}

// The outbox's files as they were, to take back the backup's if the restore is undone.
const { localMailDir } = await import("#app/platform/mail.server.ts");
const mailDir = localMailDir(env.DATA_DIR);
const mailFiles = () => (existsSync(mailDir) ? readdirSync(mailDir) : []);
const mailBefore = new Set(mailFiles());

try {
  unpackBackup(file, env.DATA_DIR);
} catch (error) {
  if (replaced) renameSync(replaced, current);
  exit(`Restore failed, nothing changed: ${errorText(error)}`, 1);
}
const database = await openDatabaseOrExit(env);
try {
  const { loadFormSecret } = await import("#app/platform/secret.server.ts");
  const { reapplyErasures } = await import("#app/privacy/requests.server.ts");
  const reapplied = async () =>
    reapplyErasures(database.db, await loadFormSecret(database.db, env.FORM_SECRET), {
      dataDir: env.DATA_DIR,
      more: erasures,
      acceptUnmatched: values["accept-unmatched-erasures"] === true,
    });
  const result = await reapplied().catch(async (error) => {
    // Restored without its erasures, the backup would bring people back: undone instead, the
    // backup's database and mail files taken back out and the database it replaced put back.
    await database.db.destroy();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${current}${suffix}`, { force: true });
    for (const name of mailFiles()) if (!mailBefore.has(name)) rmSync(path.join(mailDir, name), { force: true });
    if (replaced) renameSync(replaced, current);
    return exit(`Restore undone, the data folder as it was: ${errorText(error)}`, 1);
  });
  const lines = [
    `Restored ${file} (made ${backup.createdAt}, schema ${backup.schema}, ${backup.mailFiles} mail files) into ${database.describe}.`,
    database.applied.length ? `Migrated forward: ${database.applied.join(", ")}.` : "The schema was current.",
    `Erased again: ${result.submissions} submission(s) and ${result.mail} other e-mail(s), of ${result.erasures} recorded erasure(s).`,
    result.unmatched
      ? `${result.unmatched} erasure(s) made under another site secret could not be applied: who they were is not known here, so their records may be back; they stay recorded and apply once that secret is set.`
      : "",
    env.BACKUP_DIR || values.erasures
      ? ""
      : "No list of erasures was read (BACKUP_DIR unset): erasures made after the backup are only known if BACKUP_DIR/erasures.json or --erasures gives them.",
    replaced ? `The database it replaced is kept at ${replaced}: delete it once the site is checked.` : "",
  ];
  console.log(lines.filter(Boolean).join("\n"));
} finally {
  await database.db.destroy();
}
