import { type Kysely, sql } from "kysely";
import type { Engine } from "../db.server.ts";

// What the workspace needs to say what happened (issue 33): which e-mail each outbox row is and
// to whom, who cancelled a meeting and where it was before it moved, each person's time zone and
// their passkeys' names, and the audit trail read per submission.
export async function up(db: Kysely<any>, engine: Engine) {
  // notification, receipt, invitation, update, cancellation, reminder, staff-invitation, alert;
  // and team, visitor or staff. NULL only for a row no rule below could tell.
  await db.schema.alterTable("outbox").addColumn("kind", "text").execute();
  await db.schema.alterTable("outbox").addColumn("recipient_role", "text").execute();
  // visitor, team or erasure; NULL for a meeting cancelled before this migration (who is unknown).
  await db.schema.alterTable("bookings").addColumn("cancelled_by", "text").execute();
  // The start before the latest move, which the workspace names ("moved, was …").
  await db.schema.alterTable("bookings").addColumn("previous_start_at", "text").execute();
  // An IANA zone the workspace shows this person's times in; NULL until their browser says it.
  await db.schema.alterTable("staff").addColumn("time_zone", "text").execute();
  await db.schema.alterTable("passkeys").addColumn("name", "text").execute();
  // A submission's history reads its events of the trail.
  await db.schema.createIndex("audit_events_target").on("audit_events").columns(["target", "id"]).execute();

  // The rows already queued, told apart by what only each kind has: receipts are listed; a
  // visitor's address is the submission's own; a cancellation carries CANCEL; a reminder has no
  // calendar; the first e-mail to each side is the notification or the invitation, later ones
  // with a calendar are updates. Statements only, so a large outbox is done by the database.
  const email =
    engine === "postgres"
      ? sql`(submissions.fields::jsonb ->> 'email')`
      : sql`json_extract(submissions.fields, '$.email')`;
  const steps = [
    sql`update outbox set kind = 'receipt', recipient_role = 'visitor' where id in (select outbox_id from receipts)`,
    sql`update outbox set recipient_role = 'visitor' where recipient_role is null and submission_id is not null
      and lower(recipient) = (select lower(${email}) from submissions where submissions.id = outbox.submission_id)`,
    sql`update outbox set recipient_role = 'team' where recipient_role is null and submission_id is not null`,
    sql`update outbox set kind = 'cancellation' where kind is null and calendar_method = 'CANCEL'`,
    sql`update outbox set kind = 'reminder' where kind is null and recipient_role = 'visitor' and calendar_method is null`,
    sql`update outbox set kind = case recipient_role when 'team' then 'notification' else 'invitation' end
      where kind is null and submission_id is not null and not exists (select 1 from outbox earlier
        where earlier.submission_id = outbox.submission_id and earlier.recipient_role = outbox.recipient_role
        and earlier.id < outbox.id)`,
    sql`update outbox set kind = 'update' where kind is null and submission_id is not null and calendar_method = 'REQUEST'`,
    sql`update outbox set kind = 'notification' where kind is null and submission_id is not null`,
    // Of no submission: a staff invitation, a disabled webhook's alert, an erasure's cancellation to the team.
    sql`update outbox set kind = 'staff-invitation', recipient_role = 'staff' where submission_id is null and subject like 'Your invitation to the % workspace'`,
    sql`update outbox set kind = 'alert', recipient_role = 'team' where submission_id is null and subject like 'Webhook endpoint % disabled'`,
    sql`update outbox set recipient_role = 'team' where submission_id is null and kind = 'cancellation'`,
    // An erasure cancels a meeting before its submission goes; nothing else leaves a cancelled meeting without one.
    sql`update bookings set cancelled_by = 'erasure' where status = 'cancelled' and submission_id is null`,
  ];
  for (const step of steps) await step.execute(db);
}
