import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import type { Schema, StaffRole } from "#app/platform/db.server.ts";
import { type Actor, recordAudit } from "../people/audit.server.ts";

// Who sees the analytics dashboard: admins, and the members an admin allows (a right of its own,
// apart from roles, so an admin can give the figures to a marketer without the people pages).

export async function canSeeAnalytics(db: Kysely<Schema>, staff: { id: string; role: StaffRole }) {
  if (staff.role === "admin") return true;
  return Boolean(
    await db.selectFrom("analytics_access").select("staff_id").where("staff_id", "=", staff.id).executeTakeFirst(),
  );
}

/** The members (not admins), each with whether they may see the dashboard. */
export async function membersAccess(db: Kysely<Schema>) {
  const rows = await db
    .selectFrom("staff")
    .leftJoin("analytics_access", "analytics_access.staff_id", "staff.id")
    .select(["staff.id", "staff.email", "analytics_access.staff_id as allowed"])
    .where("staff.role", "=", "member")
    .orderBy("staff.email")
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, allowed: row.allowed !== null }));
}

/** Allows a member to see the dashboard, or stops it; says whether the person was found. */
export async function setAnalyticsAccess(
  db: Kysely<Schema>,
  staffId: string,
  allowed: boolean,
  actor: Actor,
  now: Date = clockNow(),
) {
  return db.transaction().execute(async (trx) => {
    const person = await trx.selectFrom("staff").select("email").where("id", "=", staffId).executeTakeFirst();
    if (!person) return false;
    if (allowed)
      await trx
        .insertInto("analytics_access")
        .values({ staff_id: staffId, granted_at: isoNow(now) })
        .onConflict((conflict) => conflict.column("staff_id").doNothing())
        .execute();
    else await trx.deleteFrom("analytics_access").where("staff_id", "=", staffId).execute();
    await recordAudit(
      trx,
      { actor, action: "analytics-access", target: staffId, detail: allowed ? "allowed" : "removed" },
      now,
    );
    return true;
  });
}
