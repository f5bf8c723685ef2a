import type { Kysely } from "kysely";

// Visits counted by where a view comes from, not by a hash of each visitor's address and
// User-Agent (decision 042): the days' salts have no use left, and the last of them (today's)
// is deleted with its table rather than kept.
export async function up(db: Kysely<any>) {
  await db.schema.dropTable("analytics_salts").execute();
}
