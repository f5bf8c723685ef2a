import { type Kysely, sql } from "kysely";
import { searchText } from "../search-text.ts";

// The inbox's search text, and the indexes that let the purge delete in batches without reading
// every row for each one.

/**
 * The fields a person types, per kind, as the forms store them at this migration: a copy, since
 * a migration never changes with the code after it (the descriptions' `typed`, in
 * app/contact/inquiry-fields.ts and beside it, say it for new submissions).
 */
const typedAtThisMigration: Record<string, string[]> = {
  contact: ["name", "email", "phone", "company", "source", "project"],
  application: ["firstName", "lastName", "email", "phone", "location", "linkedin", "github", "portfolio", "coverNote"],
  meeting: ["name", "email", "company", "topic"],
};

export async function up(db: Kysely<any>) {
  // Deleting a submission looks up the rows that point at it (the foreign keys, and the purge's
  // own deletes): without these two indexes each lookup read every e-mail copy and booking, and a
  // purge over a backlog grew with the square of its size.
  await db.schema.createIndex("outbox_submission").on("outbox").column("submission_id").execute();
  await db.schema.createIndex("bookings_submission").on("bookings").column("submission_id").execute();
  // The purge's pages of due submissions, sent e-mail copies and rate-limit records, oldest first
  // (per state and kind), each one read from where the last ended (app/privacy/retention.server.ts).
  await db.schema
    .createIndex("submissions_retention")
    .on("submissions")
    .columns(["status", "kind", "created_at", "id"])
    .execute();
  await db.schema.createIndex("outbox_sent").on("outbox").columns(["status", "sent_at", "id"]).execute();
  await db.schema.createIndex("rate_limit_hits_at").on("rate_limit_hits").columns(["at", "id"]).execute();

  // The values a person typed, folded for search (app/platform/search-text.ts): the inbox
  // searches this rather than the stored JSON, whose keys and codes are no one's words. NULL for
  // a submission stored by an older version during a rollout; the search reads its fields then.
  await db.schema.alterTable("submissions").addColumn("search_text", "text").execute();
  for (let after = ""; ; ) {
    const page = await db
      .selectFrom("submissions")
      .select(["id", "kind", "fields"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(200)
      .execute();
    if (page.length === 0) break;
    const texts = page.map((row) => {
      const fields = JSON.parse(row.fields) as Record<string, unknown>;
      const values = (typedAtThisMigration[row.kind] ?? []).map((key) => fields[key]);
      return {
        id: row.id as string,
        text: searchText(values.map((value) => (typeof value === "string" ? value : null))),
      };
    });
    // One statement a page, on both engines.
    const cases = sql.join(
      texts.map(({ id, text }) => sql`when ${id} then ${text}`),
      sql` `,
    );
    await sql`update submissions set search_text = case id ${cases} end where id in (${sql.join(texts.map(({ id }) => id))})`.execute(
      db,
    );
    after = page.at(-1)!.id;
  }
}
