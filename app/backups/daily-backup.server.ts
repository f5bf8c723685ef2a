import path from "node:path";
import type { Kysely } from "kysely";
import { epochMs, now as clockNow } from "#app/platform/clock.ts";
import type { Engine, Schema } from "#app/platform/db.server.ts";
import { lastSuccess } from "#app/platform/lease.server.ts";
import { startWorker } from "#app/platform/worker.server.ts";
import { backupFileName, checkBackup, pruneBackups, writeSqliteBackup } from "./backup-file.server.ts";
import { type ErasureEntry, saveErasureList } from "./erasure-list.server.ts";
import { writePostgresDump } from "./postgres-dump.server.ts";

// With BACKUP_DIR set, one backup a day, a worker of the background loop like the privacy purge
// (app/privacy/daily-purge.server.ts): every instance checks each hour, the one that takes the
// day's turn writes it. Each new backup is opened read-only and checked before the old ones beyond
// BACKUP_KEEP are deleted, so a bad copy never replaces good ones; the erasures' list beside them
// is written again. A failed run is logged at error (the worker's log line) and tried at the next
// check; the workspace shows the admins when the last one succeeded, and /metrics its time.

export const backupLease = "backup";
const dayMs = 24 * 60 * 60_000;
const lateAfterMs = 2 * dayMs;

export type DailyBackupOptions = {
  db: Kysely<Schema>;
  engine: Engine;
  dataDir: string;
  databaseUrl?: string;
  backupDir: string;
  keep: number;
  /** Every erasure recorded so far (app/privacy/requests.server.ts), kept beside the backups. */
  erasures: () => Promise<ErasureEntry[]>;
  now?: () => Date;
  onBackedUp?: (message: string) => void;
  checkEveryMs?: number;
};

/** One backup into `backupDir`, checked, then the old ones pruned; returns the line for the log (no personal data). */
export async function backUpNow({
  engine,
  dataDir,
  databaseUrl,
  backupDir,
  keep,
  erasures,
  now = clockNow,
}: Omit<DailyBackupOptions, "db" | "onBackedUp" | "checkEveryMs">) {
  saveErasureList(backupDir, await erasures());
  const at = now();
  if (engine === "postgres" && databaseUrl) {
    const out = path.join(backupDir, backupFileName(at).replace(/\.sqlite$/, ".dump"));
    const { file, tables } = writePostgresDump({ databaseUrl, out });
    const deleted = pruneBackups(backupDir, keep, ".dump");
    return `Backup written and checked: ${file} (${tables} tables); ${deleted.length} older deleted`;
  }
  const { file } = await writeSqliteBackup({ dataDir, out: path.join(backupDir, backupFileName(at)), now });
  const checked = checkBackup(file);
  const rows = Object.values(checked.rows).reduce((sum, count) => sum + count, 0);
  const deleted = pruneBackups(backupDir, keep);
  return `Backup written and checked: ${file} (schema ${checked.schema}, ${rows} rows, ${checked.mailFiles} mail files); ${deleted.length} older deleted`;
}

/** Checks now (after start-up's queued work) and then every hour; writes the day's backup when this instance takes the turn. */
export function startDailyBackups({ onBackedUp, checkEveryMs = 60 * 60_000, ...options }: DailyBackupOptions) {
  return startWorker({
    name: "Backup",
    turn: { db: options.db, lease: backupLease, periodMs: dayMs },
    now: options.now,
    intervalMs: checkEveryMs,
    runAtStart: true,
    work: async () => {
      onBackedUp?.(await backUpNow(options));
      return undefined;
    },
  });
}

/** When the last scheduled backup succeeded (null: never), and whether that is long enough ago to warn the admins. */
export async function backupStatus(db: Kysely<Schema>, at: number = epochMs()) {
  const succeededAt = await lastSuccess(db, backupLease);
  return { succeededAt, late: succeededAt === null || at - Date.parse(succeededAt) > lateAfterMs };
}
