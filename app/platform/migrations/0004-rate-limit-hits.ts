import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  // One row per counted post (app/platform/rate-limit.server.ts), replacing 0001's counters per fixed window,
  // which let a client post twice the limit across a window's edge. `rate_limits` stays for
  // instances of the previous version during a rollout (migrations only add).
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_hits_key_at").on("rate_limit_hits").columns(["key", "at"]).execute();
}
