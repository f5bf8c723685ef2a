import { backupsEnv } from "./backups/backups-env.server.ts";
import { startDailyBackups } from "./backups/daily-backup.server.ts";
import { env } from "./platform/env.server.ts";
import { log } from "./platform/log.server.ts";
import { startsWithServices } from "./platform/services.server.ts";
import { recordedErasures } from "./privacy/requests.server.ts";

// The daily backup (app/backups/), composed here because it keeps the privacy capability's list
// of erasures beside the backups, and privacy writes that list through the backups' module: the
// two folders do not import each other both ways. Only with BACKUP_DIR; once the server listens,
// like the purge, so that a backup never holds up the first answer.

const { BACKUP_DIR, BACKUP_KEEP } = backupsEnv;

/** Writes and checks the day's backup into BACKUP_DIR (one instance a day), keeping BACKUP_KEEP. */
export const dailyBackup = BACKUP_DIR
  ? startsWithServices(
      "daily backup",
      ({ db, engine }) =>
        startDailyBackups({
          db,
          engine,
          dataDir: env.DATA_DIR,
          databaseUrl: env.DATABASE_URL,
          backupDir: BACKUP_DIR,
          keep: BACKUP_KEEP,
          erasures: () => recordedErasures(db),
          onBackedUp: log.info,
        }),
      { whenServing: true },
    )
  : null;
