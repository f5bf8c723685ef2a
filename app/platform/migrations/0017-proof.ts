import type { Kysely } from "kysely";
import type { Engine } from "../db.server.ts";
import { binaryType } from "./column-types.ts";

// Proof in the database (issue 30): client logos, case studies, testimonials and team members,
// each with whose consent it has, an order and whether it is published; case studies' earlier
// versions; and the images, stored here so that every instance has them, named by their content.
export async function up(db: Kysely<any>, engine: Engine) {
  // An image as it is served at /media/<name>: converted, resized and without metadata.
  await db.schema
    .createTable("media")
    // "<first 32 hex digits of its SHA-256>.<svg|webp>": the same bytes always have the same name.
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("content", binaryType(engine), (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("proof_entries")
    .addColumn("id", "text", (col) => col.primaryKey())
    // logo, case-study, testimonial or member (app/pages/proof-fields.ts).
    .addColumn("kind", "text", (col) => col.notNull())
    // The kind's fields as JSON, checked by its schema on every write and read.
    .addColumn("fields", "text", (col) => col.notNull())
    .addColumn("image", "text", (col) => col.references("media.name"))
    // Whose consent the entry has (who gave it, how) and on which day; both before it is published.
    .addColumn("consent_from", "text", (col) => col.notNull())
    .addColumn("consent_on", "text", (col) => col.notNull())
    .addColumn("published", "integer", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("proof_entries_kind").on("proof_entries").columns(["kind", "position"]).execute();

  // Every saved state of a case study, to see and restore: its fields and consent as JSON.
  await db.schema
    .createTable("proof_versions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("entry_id", "text", (col) => col.notNull().references("proof_entries.id").onDelete("cascade"))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("saved_at", "text", (col) => col.notNull())
    .addColumn("saved_by", "text")
    .addColumn("data", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("proof_versions_entry")
    .on("proof_versions")
    .columns(["entry_id", "version"])
    .unique()
    .execute();
}
