import type { Kysely } from "kysely";
import type { Schema } from "#app/platform/db.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { purgeStatus } from "#app/privacy/daily-purge.server.ts";
import { backupStatus } from "#app/backups/daily-backup.server.ts";
import { backupsEnv } from "#app/backups/backups-env.server.ts";
import { workspace } from "../shell/workspace-content.ts";
import { formatTime } from "../shell/workspace-display.ts";

// What the admins see of the daily privacy purge and the daily backup: one that keeps failing
// says so only in the server's log, which the admins may never read.

/**
 * "Last privacy purge: <time>", and the warning when it is more than two days ago or never (null
 * otherwise); the same of the daily backup when BACKUP_DIR schedules one.
 */
export async function purgeNotice(db: Kysely<Schema>, zone = "UTC") {
  const [{ succeededAt, late }, backup] = await Promise.all([purgeStatus(db), backupStatus(db)]);
  const scheduled = Boolean(backupsEnv.BACKUP_DIR);
  return {
    last: fillTemplate(workspace.purge.last, {
      time: succeededAt ? formatTime(succeededAt, zone) : workspace.purge.never,
    }),
    late: late ? workspace.purge.late : null,
    backupLast: scheduled
      ? fillTemplate(workspace.backup.last, {
          time: backup.succeededAt ? formatTime(backup.succeededAt, zone) : workspace.backup.never,
        })
      : workspace.backup.off,
    backupLate: scheduled && backup.late ? workspace.backup.late : null,
  };
}
