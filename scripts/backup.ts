// A backup of everything the site keeps, while it serves: `npm run backup [-- --out FILE]`.
// Prints the absolute path of the file written (docs/backups.md). Uses DATA_DIR / DATABASE_URL
// like the server; nothing about visitors is printed.
import path from "node:path";
import { now } from "#app/platform/clock.ts";
import { argsOrExit, envOrExit, errorText, exit } from "./cli.ts";

const usage = `Usage: npm run backup [-- --out FILE]

Writes one file holding the database (a consistent copy, while the site serves) and the local
outbox's mail files, and says which schema version it holds; prints the file's absolute path.
Without --out the file goes to BACKUP_DIR (or ./backups), named by the time.
On PostgreSQL (DATABASE_URL) it runs pg_dump when this machine has it, else says how to.
Restore with: npm run restore -- FILE`;

const { values } = argsOrExit({ out: { type: "string" }, help: { type: "boolean", short: "h" } }, usage);
if (values.help) exit(usage, 0);

const env = envOrExit();
// Loaded once the configuration is known to be good (scripts/cli.ts says why).
const { backupFileName, checkBackup, writeSqliteBackup } = await import("#app/backups/backup-file.server.ts");
const { pgDumpAdvice, writePostgresDump } = await import("#app/backups/postgres-dump.server.ts");

const folder = env.BACKUP_DIR ?? "backups";
const name = backupFileName(now());
try {
  if (env.DATABASE_URL) {
    const out = values.out ?? path.join(folder, name.replace(/\.sqlite$/, ".dump"));
    const { file, tables } = writePostgresDump({ databaseUrl: env.DATABASE_URL, out });
    console.error(`pg_dump wrote ${tables} tables; restore it with pg_restore (docs/backups.md).`);
    console.log(file);
  } else {
    const { file } = await writeSqliteBackup({ dataDir: env.DATA_DIR, out: values.out ?? path.join(folder, name) });
    const checked = checkBackup(file);
    const rows = Object.values(checked.rows).reduce((sum, count) => sum + count, 0);
    console.error(
      `Backup checked: schema ${checked.schema}, ${rows} rows in ${Object.keys(checked.rows).length} tables, ${checked.mailFiles} mail files.`,
    );
    console.log(file);
  }
} catch (error) {
  exit(
    `Backup failed: ${errorText(error)}${env.DATABASE_URL && !/pg_dump was not found/.test(errorText(error)) ? `\n${pgDumpAdvice}` : ""}`,
    1,
  );
}
