import type { Kysely } from "kysely";

// Retention and erasure (app/privacy/, decision 021).
export async function up(db: Kysely<any>) {
  // What is left of a deleted submission: that it existed and when and why it went, without any
  // of its content (no name, address, text or file).
  await db.schema
    .createTable("deletion_tombstones")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .execute();

  // A named lease an instance holds while it does work only one instance may do at a time (the
  // daily purge): whoever finds it expired takes it.
  await db.schema
    .createTable("leases")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("holder", "text", (col) => col.notNull())
    .addColumn("until", "text", (col) => col.notNull())
    .execute();
}
