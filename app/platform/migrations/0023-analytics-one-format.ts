import { type Kysely, sql } from "kysely";

// The analytics read one storage format (decision 048). The rows of the first week's formats are
// no site's to keep: `analytics_views` (before decision 040) has had no writer since, and a row
// of tallies without `"visits":true` (before decision 042) holds visitors' marks the reading no
// longer understands. The release before this one read both and rolled their days up in its
// daily purge; what is left of them would only be misread, so it goes.
export async function up(db: Kysely<any>) {
  await db.schema.dropTable("analytics_views").ifExists().execute();
  await db.deleteFrom("analytics_tallies").where(sql<boolean>`tallies not like ${'%"visits":true}'}`).execute();
}
