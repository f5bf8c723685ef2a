import type { Kysely } from "kysely";

// The pages' copy edited in the workspace (issue 51): one row per page (its draft and its
// published copy as JSON, checked by the page's own schema), and every published state kept to
// see and restore. A page without a row shows the copy of its typed module, the spec's words.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("page_copies")
    .addColumn("page", "text", (col) => col.primaryKey())
    .addColumn("draft", "text")
    .addColumn("draft_saved_at", "text")
    .addColumn("draft_saved_by", "text")
    .addColumn("published", "text")
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("page_copy_versions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("page", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("saved_at", "text", (col) => col.notNull())
    .addColumn("saved_by", "text")
    .addColumn("data", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("page_copy_versions_page")
    .on("page_copy_versions")
    .columns(["page", "version"])
    .unique()
    .execute();
}
