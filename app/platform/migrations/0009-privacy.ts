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

  // Requests by e-mail address (export, erasure): when and what, and a keyed hash of the address
  // rather than the address, so that erasures can be applied again after a backup is restored.
  await db.schema
    .createTable("privacy_requests")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("address_hash", "text", (col) => col.notNull())
    .addColumn("requested_at", "text", (col) => col.notNull())
    .addColumn("detail", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("privacy_requests_kind_hash")
    .on("privacy_requests")
    .columns(["kind", "address_hash"])
    .execute();
}
