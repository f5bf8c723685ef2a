import { type Kysely, type Selectable, sql } from "kysely";
import { isoNow, now as clockNow } from "./clock.ts";
import type { Engine, Schema } from "./db.server.ts";

// Work only one instance may do at a time (a daily job) takes a named lease in the database,
// which every instance shares on both engines. A holder that dies lets the lease run out, and
// another instance takes it then. The lease's row also keeps when its work last succeeded.

/** Takes the lease `name` for `holder` until `until` when it is free (or already this holder's); says whether it did. */
export async function takeLease(db: Kysely<Schema>, name: string, holder: string, until: Date, now: Date = clockNow()) {
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
export async function releaseLease(db: Kysely<Schema>, name: string, holder: string, now: Date = clockNow()) {
  await db
    .updateTable("leases")
    .set({ until: isoNow(now) })
    .where("name", "=", name)
    .where("holder", "=", holder)
    .execute();
}

/** Records that the work under the lease `name`, held by `holder`, succeeded at `at`. */
export async function recordSuccess(db: Kysely<Schema>, name: string, holder: string, at: Date) {
  await db
    .updateTable("leases")
    .set({ succeeded_at: isoNow(at) })
    .where("name", "=", name)
    .where("holder", "=", holder)
    .execute();
}

/** When the work under the lease `name` last succeeded, or null when it never has. */
export async function lastSuccess(db: Kysely<Schema>, name: string) {
  const row = await db.selectFrom("leases").select("succeeded_at").where("name", "=", name).executeTakeFirst();
  return row?.succeeded_at ?? null;
}

type QueueRow = {
  id: string;
  uid: string;
  status: string;
  next_attempt_at: string;
  locked_until: string | null;
  attempts: number;
};
/** The tables of work that every instance takes from, one row at a time: those with a queue's columns. */
type QueueTable = {
  [Table in keyof Schema]: Schema[Table] extends Record<
    "status" | "next_attempt_at" | "locked_until" | "attempts",
    unknown
  >
    ? Table
    : never;
}[keyof Schema];

/**
 * Claims the queue's next due row (pending, its time come, its lease run out) for `leaseMs` and
 * counts the attempt; null when nothing is due. On PostgreSQL instances skip the rows another one
 * is claiming; SQLite has one writer at a time.
 */
export async function claimNextDue<Table extends QueueTable>(
  db: Kysely<Schema>,
  engine: Engine,
  { table, key, leaseMs, now }: { table: Table; key: "id" | "uid"; leaseMs: number; now: Date },
): Promise<Selectable<Schema[Table]> | null> {
  // Kysely cannot type a query on a table chosen at run time; each of these has the columns used here.
  const queues = db as unknown as Kysely<Record<QueueTable, QueueRow>>;
  return queues.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom(table as QueueTable)
      .select(key)
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", isoNow(now))
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", isoNow(now))]))
      .orderBy("next_attempt_at")
      .limit(1);
    if (engine === "postgres") due = due.forUpdate().skipLocked();
    const row = await due.executeTakeFirst();
    if (!row) return null;
    const claimed = await trx
      .updateTable(table as QueueTable)
      .set({ locked_until: isoNow(new Date(now.getTime() + leaseMs)), attempts: sql<number>`attempts + 1` })
      .where(key, "=", row[key])
      .returningAll()
      .executeTakeFirstOrThrow();
    return claimed as unknown as Selectable<Schema[Table]>;
  });
}
