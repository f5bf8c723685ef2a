import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { backupLease } from "#app/backups/daily-backup.server.ts";
import { recordSuccess, takeLease } from "#app/platform/lease.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// What the admins see of the daily backup when BACKUP_DIR schedules one (the Data requests page
// and, when late, the inbox): when it last succeeded, and a warning once that is more than two
// days ago or never, as for the purge. The variables are read when the modules load: this file
// sets BACKUP_DIR first and loads them afresh.

const day = 24 * 60 * 60_000;

describe.each(engines)("%s: the backup notice", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    vi.stubEnv("BACKUP_DIR", "/srv/backups");
    vi.resetModules();
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await database.cleanup();
  });

  const succeeded = async (at: Date) => {
    await takeLease(database.db, backupLease, "test", new Date(at.getTime() + day), at);
    await recordSuccess(database.db, backupLease, "test", at);
  };

  test("never, then three days ago: late; then today: not late", async () => {
    const { purgeNotice } = await import("#app/workspace/privacy/purge-notice.server.ts");
    const { workspace } = await import("#app/workspace/shell/workspace-content.ts");
    expect(await purgeNotice(database.db)).toMatchObject({
      backupLast: "Last backup: never",
      backupLate: workspace.backup.late,
    });
    expect(workspace.backup.late).toMatch(/^The daily backup has not succeeded for more than two days/);

    const threeDaysAgo = new Date(Date.now() - 3 * day);
    await succeeded(threeDaysAgo);
    const shown = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
      threeDaysAgo,
    );
    expect(await purgeNotice(database.db)).toMatchObject({
      backupLast: `Last backup: ${shown} UTC`,
      backupLate: workspace.backup.late,
    });

    await succeeded(new Date());
    expect((await purgeNotice(database.db)).backupLate).toBeNull();
  });
});
