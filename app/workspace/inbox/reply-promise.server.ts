import type { Kysely } from "kysely";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { leads } from "#app/forms/leads-content.ts";
import { notificationRecipient } from "#app/forms/notification.server.ts";
import type { StoredFields } from "#app/forms/submission-fields.ts";
import { queueWebhookEvent } from "#app/forms/webhook-events.server.ts";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { env } from "#app/platform/env.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { escapeHtml } from "#app/platform/html.ts";
import { queueMail } from "#app/platform/outbox.server.ts";
import { startsWithServices } from "#app/platform/services.server.ts";
import { startQueueingDue } from "#app/platform/worker.server.ts";
import type { WebhookEndpoint } from "#app/webhooks/endpoints.ts";
import { webhooksEnv } from "#app/webhooks/webhooks-env.server.ts";
import { webhookWorker } from "#app/webhooks/worker.server.ts";
import { analyticsCopy } from "../insights/analytics-content.ts";
import { type Actor, recordAudit } from "../people/audit.server.ts";
import { promiseHours, promiseState, reminderAfterHours } from "./reply-promise.ts";
import { workspacePaths } from "../workspace-paths.ts";

// Keeping the contact page's promise of a reply within 24 hours (issue 34): an inquiry gets an
// owner (taken, or assigned), its first reply is recorded ("Replied"), and one still unanswered
// 20 hours after it arrived reminds its owner, or the team when it has none, by e-mail and
// through the webhooks (`inquiry.overdue`, which a Slack endpoint gets as a line).

const hourMs = 3600_000;
/** Older inquiries are not reminded of: a reminder is for one that can still be answered in time. */
const remindWithinMs = 7 * 24 * hourMs;

/** Sets who answers an inquiry (null: nobody, the team); says whether the inquiry was found. */
export async function setOwner(
  db: Kysely<Schema>,
  id: string,
  ownerId: string | null,
  actor: Actor,
  now: Date = clockNow(),
) {
  return db.transaction().execute(async (trx) => {
    const owner = ownerId
      ? await trx.selectFrom("staff").select(["id", "email"]).where("id", "=", ownerId).executeTakeFirst()
      : null;
    if (ownerId && !owner) return false;
    const { numUpdatedRows } = await trx
      .updateTable("submissions")
      .set({ owner_id: owner?.id ?? null })
      .where("id", "=", id)
      .where("kind", "=", "contact")
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return false;
    await recordAudit(trx, { actor, action: "owner", target: id, detail: owner?.email ?? "nobody" }, now);
    return true;
  });
}

/**
 * Marks the first reply at `now` inside `trx` (a later one changes nothing) and moves a new
 * inquiry to "In progress": the promise's clock stops, and no reminder goes after it. Says
 * whether the inquiry was found, and whether this was its first reply.
 */
async function markFirstReply(trx: Kysely<Schema>, id: string, now: Date) {
  const inquiry = await trx
    .selectFrom("submissions")
    .select(["first_reply_at", "progress"])
    .where("id", "=", id)
    .where("kind", "=", "contact")
    .executeTakeFirst();
  if (!inquiry) return { found: false, first: false };
  if (inquiry.first_reply_at) return { found: true, first: false };
  await trx
    .updateTable("submissions")
    .set({ first_reply_at: isoNow(now), progress: inquiry.progress === "new" ? "in_progress" : inquiry.progress })
    .where("id", "=", id)
    .execute();
  return { found: true, first: true };
}

/**
 * Records that the first reply went out now (the "Replied" button: a later press changes
 * nothing), and moves a new inquiry to "In progress"; says whether the inquiry was found.
 */
export async function recordReply(db: Kysely<Schema>, id: string, actor: Actor, now: Date = clockNow()) {
  return db.transaction().execute(async (trx) => {
    const { found, first } = await markFirstReply(trx, id, now);
    if (first) await recordAudit(trx, { actor, action: "replied", target: id }, now);
    return found;
  });
}

/** A reply's text as the e-mail's HTML part: each paragraph escaped, lines kept. */
const replyHtml = (message: string) =>
  message
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");

/**
 * Sends a reply to an inquiry's sender from the workspace: one e-mail through the outbox (kind
 * `reply`, to the visitor, answers coming back to the staff member who wrote it), the first
 * reply recorded as "Replied" records it, and the trail's line, all in one transaction. The
 * message is kept only as the e-mail's copy (the retention of e-mails applies), never logged
 * nor put in the trail. Says "sent", "not-found", or "no-address" (an inquiry without one).
 */
export async function sendReply(
  db: Kysely<Schema>,
  id: string,
  reply: { subject: string; message: string },
  actor: NonNullable<Actor>,
  now: Date = clockNow(),
) {
  return db.transaction().execute(async (trx) => {
    const inquiry = await trx
      .selectFrom("submissions")
      .select(["fields", "status"])
      .where("id", "=", id)
      .where("kind", "=", "contact")
      .executeTakeFirst();
    if (!inquiry || inquiry.status === "spam") return "not-found" as const;
    const address = inquiryFields.sender(JSON.parse(inquiry.fields) as StoredFields).email;
    if (!address) return "no-address" as const;
    await queueMail(
      trx,
      {
        kind: "reply",
        recipientRole: "visitor",
        recipient: address,
        replyTo: actor.email,
        subject: reply.subject,
        text: `${reply.message}\n`,
        html: replyHtml(reply.message),
        submissionId: id,
        messageIdDomain: new URL(env.SITE_URL).hostname,
      },
      now,
    );
    await markFirstReply(trx, id, now);
    await recordAudit(trx, { actor, action: "reply", target: id }, now);
    return "sent" as const;
  });
}

/** The subject a reply starts with: "Re: " and the subject of the receipt the visitor got. */
export const replySubject = () => `${analyticsCopy.reply.form.subjectPrefix}${leads.receipt.contact.subject}`;

/** The people an inquiry can be assigned to. */
export async function assignableStaff(db: Kysely<Schema>) {
  return db.selectFrom("staff").select(["id", "email"]).orderBy("email").execute();
}

/** The reminder e-mail: no visitor data, only how long it has waited and the link. */
function reminderMail(id: string, hours: number, owned: boolean) {
  const copy = analyticsCopy.reply.reminder;
  const link = `${env.SITE_URL}${workspacePaths.submission(id)}`;
  const values = { hours: String(hours), promise: String(promiseHours) };
  const lines = [fillTemplate(copy.text, { ...values, link }), owned ? copy.owner : copy.team];
  return {
    subject: fillTemplate(copy.subject, values),
    text: `${lines.join("\n\n")}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
  };
}

/**
 * Queues the reminders due at `now`: inquiries (not spam, not done) without a reply that arrived
 * 20 hours ago or more (within the last week). Each inquiry's `reminded_at` is set by the one
 * update that queues its reminder, in the same transaction, so however many instances look, the
 * reminder goes once. Says how many were queued.
 */
export async function queueReplyReminders(
  db: Kysely<Schema>,
  {
    now = clockNow(),
    endpoints = webhooksEnv.WEBHOOK_ENDPOINTS,
  }: { now?: Date; endpoints?: readonly WebhookEndpoint[] } = {},
) {
  const due = await db
    .selectFrom("submissions")
    .select(["id", "created_at"])
    .where("status", "=", "received")
    .where("kind", "=", "contact")
    .where("created_at", "<=", isoNow(new Date(now.getTime() - reminderAfterHours * hourMs)))
    .where("created_at", ">=", isoNow(new Date(now.getTime() - remindWithinMs)))
    .where("first_reply_at", "is", null)
    .where("reminded_at", "is", null)
    .where("progress", "!=", "done")
    .execute();
  let queued = 0;
  for (const { id, created_at } of due) {
    const sent = await db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable("submissions")
        .set({ reminded_at: isoNow(now) })
        .where("id", "=", id)
        .where("reminded_at", "is", null)
        .where("first_reply_at", "is", null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return false;
      const owner = await trx
        .selectFrom("submissions")
        .innerJoin("staff", "staff.id", "submissions.owner_id")
        .select("staff.email")
        .where("submissions.id", "=", id)
        .executeTakeFirst();
      const hours = Math.floor((now.getTime() - Date.parse(created_at)) / hourMs);
      await queueMail(
        trx,
        {
          ...reminderMail(id, hours, Boolean(owner)),
          recipient: owner?.email ?? notificationRecipient(inquiryFields),
          kind: "reply-reminder",
          recipientRole: owner ? "staff" : "team",
          submissionId: id,
          messageIdDomain: new URL(env.SITE_URL).hostname,
        },
        now,
      );
      await queueWebhookEvent(
        trx,
        {
          type: "inquiry.overdue",
          submissionId: id,
          data: {
            hoursWaiting: hours,
            replyDueAt: isoNow(new Date(Date.parse(created_at) + promiseHours * hourMs)),
            owned: owner ? 1 : 0,
          },
        },
        { endpoints, now },
      );
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** Queues the reply reminders that fall due, every minute once the server listens. */
export const replyReminders = startsWithServices(
  "reply reminders",
  ({ db, outbox }) =>
    startQueueingDue({
      name: "Reply reminders",
      queueDue: () => queueReplyReminders(db),
      onQueued: () => {
        outbox.kick();
        webhookWorker.kick();
      },
    }),
  { whenServing: true },
);

/** The Monday (UTC) of a moment's week, as a day ("2026-05-04"). */
const weekOf = (iso: string) => {
  const at = new Date(iso.slice(0, 10));
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
};

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
};

/**
 * Per week of arrival, the inquiries (not spam) that arrived from `from` to `to` (days, UTC):
 * how many, how many were answered within the promise among those decided (replied, or past
 * their 24 hours at `now`), and the median minutes to the first reply.
 */
export async function replyWeeks(
  db: Kysely<Schema>,
  { from, to, now = clockNow() }: { from: string; to: string; now?: Date },
) {
  const rows = await db
    .selectFrom("submissions")
    .select(["created_at", "first_reply_at"])
    .where("status", "=", "received")
    .where("kind", "=", "contact")
    .where("created_at", ">=", `${from}T00:00:00.000Z`)
    .where("created_at", "<=", `${to}T23:59:59.999Z`)
    .execute();
  const weeks = new Map<string, { inquiries: number; decided: number; kept: number; minutes: number[] }>();
  for (const row of rows) {
    const week = weeks.get(weekOf(row.created_at)) ?? { inquiries: 0, decided: 0, kept: 0, minutes: [] };
    const state = promiseState(row.created_at, row.first_reply_at, now.getTime());
    week.inquiries += 1;
    if (state.state !== "due") week.decided += 1;
    if (state.state === "replied") {
      week.minutes.push(state.minutes);
      if (state.kept) week.kept += 1;
    }
    weeks.set(weekOf(row.created_at), week);
  }
  return [...weeks]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, figures]) => ({
      week,
      inquiries: figures.inquiries,
      decided: figures.decided,
      kept: figures.kept,
      /** Kept among decided, 0 to 1; null while none is decided. */
      share: figures.decided ? figures.kept / figures.decided : null,
      medianMinutes: median(figures.minutes),
    }));
}

/** An inquiry's standing against the promise as its page shows it, with whom it can be assigned to; null for another kind or spam. */
export async function replyPromiseOf(db: Kysely<Schema>, id: string, now: Date = clockNow()) {
  const row = await db
    .selectFrom("submissions")
    .leftJoin("staff", "staff.id", "submissions.owner_id")
    .select([
      "submissions.kind",
      "submissions.status",
      "submissions.created_at",
      "submissions.first_reply_at",
      "submissions.owner_id",
      "staff.email as owner_email",
    ])
    .where("submissions.id", "=", id)
    .executeTakeFirst();
  if (row?.kind !== "contact" || row.status === "spam") return null;
  return {
    ownerId: row.owner_id,
    ownerEmail: row.owner_email,
    state: promiseState(row.created_at, row.first_reply_at, now.getTime()),
    staff: await assignableStaff(db),
  };
}
