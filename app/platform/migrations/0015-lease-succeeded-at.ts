import type { Kysely } from "kysely";

// When the work behind a lease last succeeded (the daily purge), so the workspace can say it and
// warn when it has not for days: a failing run would otherwise show only in the log.
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("leases").addColumn("succeeded_at", "text").execute();
}
