import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  // The key of the form's stamp (app/forms/form-guard.server.ts): a form sent twice is stored once.
  await db.schema.alterTable("submissions").addColumn("form_key", "text").execute();
  await db.schema.createIndex("submissions_form_key").on("submissions").column("form_key").unique().execute();
}
