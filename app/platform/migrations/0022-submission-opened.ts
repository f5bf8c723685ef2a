import type { Kysely } from "kysely";

// The inbox marks what nobody on the team has opened yet (issue 48, decision 056): when a
// submission's page was first opened, by anyone. Those the team has already worked on (a state
// moved on, a note, an owner, a reply) count as opened, so the first deploy does not light up the
// whole inbox as new; the others stay new until someone opens them.
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("submissions").addColumn("opened_at", "text").execute();
  await db
    .updateTable("submissions")
    .set((eb) => ({ opened_at: eb.ref("created_at") }))
    .where((eb) =>
      eb.or([
        eb("progress", "!=", "new"),
        eb("note", "is not", null),
        eb("owner_id", "is not", null),
        eb("first_reply_at", "is not", null),
      ]),
    )
    .execute();
}
