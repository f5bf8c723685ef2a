import type { Kysely } from "kysely";
import { isoNow } from "./clock.server.ts";
import type { Schema } from "./db.server.ts";

// Work only one instance may do at a time (the daily purge) takes a named lease in the database,
// which every instance shares on both engines. A holder that dies lets the lease run out, and
// another instance takes it then.

/** Takes the lease `name` for `holder` until `until` when it is free (or already this holder's); says whether it did. */
export async function takeLease(db: Kysely<Schema>, name: string, holder: string, until: Date, now: Date = new Date()) {
  await db
    .insertInto("leases")
    .values({ name, holder: "", until: isoNow(new Date(0)) })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  // One statement: of two instances racing, only one sees the old row and changes it.
  const taken = await db
    .updateTable("leases")
    .set({ holder, until: isoNow(until) })
    .where("name", "=", name)
    .where((eb) => eb.or([eb("until", "<=", isoNow(now)), eb("holder", "=", holder)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Gives the lease back early (the work failed, and may be tried again sooner). */
export async function releaseLease(db: Kysely<Schema>, name: string, holder: string, now: Date = new Date()) {
  await db.updateTable("leases").set({ until: isoNow(now) }).where("name", "=", name).where("holder", "=", holder).execute();
}
