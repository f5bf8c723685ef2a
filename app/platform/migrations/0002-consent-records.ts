import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  // Proof of each cookie choice: which categories, under which revision, when. No IP address.
  await db.schema
    .createTable("consent_records")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("consent_id", "text", (col) => col.notNull())
    .addColumn("categories", "text", (col) => col.notNull())
    .addColumn("revision", "integer", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("consent_records_consent").on("consent_records").column("consent_id").execute();
}
