import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

// PostgreSQL is backed up with its own tools (docs/backups.md): pg_dump's custom format, which
// pg_restore reads. When pg_dump is on this machine, `npm run backup` and the schedule run it.

/** A PostgreSQL client program: on PATH, or in Debian's /usr/lib/postgresql/<version>/bin (newest first). */
export function postgresTool(name: "pg_dump" | "pg_restore") {
  const onPath = spawnSync(name, ["--version"], { encoding: "utf8" });
  if (onPath.status === 0) return name;
  const debian = "/usr/lib/postgresql";
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const file = path.join(debian, version, "bin", name);
    if (existsSync(file)) return file;
  }
  return null;
}

export const pgDumpAdvice =
  'On PostgreSQL, back up with pg_dump: pg_dump --format=custom --file=site.dump "$DATABASE_URL" (docs/backups.md)';

/** Runs pg_dump into `out` (written beside it first, then renamed) and checks that pg_restore can read it. */
export function writePostgresDump({ databaseUrl, out }: { databaseUrl: string; out: string }) {
  const pgDump = postgresTool("pg_dump");
  const pgRestore = postgresTool("pg_restore");
  if (!pgDump || !pgRestore) throw new Error(`pg_dump was not found on this machine. ${pgDumpAdvice}`);
  const file = path.resolve(out);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  // The URL is passed as the database name argument, never through a shell.
  const dump = spawnSync(pgDump, ["--format=custom", "--no-owner", `--file=${partial}`, databaseUrl], {
    encoding: "utf8",
  });
  if (dump.status !== 0) {
    rmSync(partial, { force: true });
    throw new Error(`pg_dump failed: ${dump.stderr.trim() || `exit ${dump.status}`}`);
  }
  const list = spawnSync(pgRestore, ["--list", partial], { encoding: "utf8" });
  const tables = (list.stdout.match(/TABLE DATA public \S+/g) ?? []).length;
  if (list.status !== 0 || !/TABLE DATA public kysely_migration /.test(list.stdout)) {
    rmSync(partial, { force: true });
    throw new Error(`pg_restore cannot read the dump: ${list.stderr.trim() || "no site tables in it"}`);
  }
  renameSync(partial, file);
  return { file, tables };
}
