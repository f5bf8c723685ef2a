import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import type { AuditAction } from "./audit-actions.ts";

// Who did what and when in the workspace. `target` is an id (a submission, a person); `detail`
// never holds what a visitor typed: statuses, file positions, roles, counts.

export type { AuditAction };

export type Actor = { id: string; email: string } | null;

export async function recordAudit(
  db: Kysely<Schema>,
  {
    actor,
    action,
    target = null,
    detail = null,
  }: { actor: Actor; action: AuditAction; target?: string | null; detail?: string | null },
  now: Date = clockNow(),
) {
  await db
    .insertInto("audit_events")
    .values({
      id: newId(),
      at: isoNow(now),
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      action,
      target,
      detail,
    })
    .execute();
}

export async function listAudit(db: Kysely<Schema>, { limit = 200 }: { limit?: number } = {}) {
  return db.selectFrom("audit_events").selectAll().orderBy("id", "desc").limit(limit).execute();
}
