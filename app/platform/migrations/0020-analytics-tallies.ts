import type { Kysely } from "kysely";

// Page views written as one row per flush and day instead of one per visitor and what was
// counted (decision 040): the flush's cost per view, not per row, is what the answers pay.
export async function up(db: Kysely<any>) {
  // A flush's counts of a day, as JSON (app/analytics/tallies.ts): the pages, referring sites,
  // campaigns and devices it met, and per combination counted its views, the visitor's mark (30
  // bits of a hash keyed by the day's salt, which is deleted once the day is over) and those
  // values' indexes. Kept a few days, until the daily purge has made them the day's totals. No
  // address, no User-Agent, no query string.
  await db.schema
    .createTable("analytics_tallies")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("tallies", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("analytics_tallies_day").on("analytics_tallies").column("day").execute();
}
