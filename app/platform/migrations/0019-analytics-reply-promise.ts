import type { Kysely } from "kysely";

// Counting what the site brings without cookies or personal data (app/analytics/), and keeping
// the 24-hour promise (app/workspace/inbox/reply-promise.server.ts): issue 34.
export async function up(db: Kysely<any>) {
  // The day's salt for the visitors' hashes, shared by every instance so a visitor counts once a
  // day wherever they land; each day's is deleted once the day is over, so no hash of one day
  // can be recomputed or matched with another day's.
  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("salt", "text", (col) => col.notNull())
    .execute();

  // Views as the instances flush them, a row per day, visitor hash and what was counted: kept a
  // few days, until the daily purge has turned them into the day's totals. No address, no
  // User-Agent, no query string.
  await db.schema
    .createTable("analytics_views")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("visitor", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("referrer", "text")
    .addColumn("source", "text")
    .addColumn("medium", "text")
    .addColumn("campaign", "text")
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("views", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("analytics_views_day").on("analytics_views").column("day").execute();

  // The day's totals, one row a dimension and value (a page, a referring site, a campaign, a
  // device, a form's submissions; "total" for the whole day): what the dashboard reads, kept for
  // ANALYTICS_KEEP_MONTHS. Nothing in them is about a person.
  await db.schema
    .createTable("analytics_daily")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("dimension", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("views", "integer", (col) => col.notNull())
    .addColumn("visits", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("analytics_daily_key", ["day", "dimension", "value"])
    .execute();

  // Members an admin let see the dashboard (admins always may).
  await db.schema
    .createTable("analytics_access")
    .addColumn("staff_id", "text", (col) => col.primaryKey().references("staff.id").onDelete("cascade"))
    .addColumn("granted_at", "text", (col) => col.notNull())
    .execute();

  // The 24-hour promise: who answers an inquiry, when the first reply went, and when the
  // reminder did (set once, by the one instance whose update took it).
  await db.schema
    .alterTable("submissions")
    .addColumn("owner_id", "text", (col) => col.references("staff.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("submissions").addColumn("first_reply_at", "text").execute();
  await db.schema.alterTable("submissions").addColumn("reminded_at", "text").execute();
}
