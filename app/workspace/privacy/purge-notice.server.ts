import type { Kysely } from "kysely";
import type { Schema } from "#app/platform/db.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { purgeStatus } from "#app/privacy/daily-purge.server.ts";
import { workspace } from "../shell/workspace-content.ts";
import { formatTime } from "../shell/workspace-display.ts";

// What the admins see of the daily privacy purge: a purge that keeps failing says so only in the
// server's log, which the admins may never read.

/** "Last privacy purge: <time>", and the warning when it is more than two days ago or never (null otherwise). */
export async function purgeNotice(db: Kysely<Schema>, zone = "UTC") {
  const { succeededAt, late } = await purgeStatus(db);
  return {
    last: fillTemplate(workspace.purge.last, {
      time: succeededAt ? formatTime(succeededAt, zone) : workspace.purge.never,
    }),
    late: late ? workspace.purge.late : null,
  };
}
