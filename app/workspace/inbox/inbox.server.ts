import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { Schema, SubmissionKind, SubmissionProgress } from "#app/platform/db.server.ts";
import { queueMail, retrySubmissionMail } from "#app/platform/outbox.server.ts";
import { applicationFields } from "#app/careers/application-fields.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { meetingFields } from "#app/booking/meeting-fields.ts";
import type { StoredFields, SubmissionFields } from "#app/forms/submission-fields.ts";
import { submissionSheet } from "#app/forms/export.server.ts";
import { cleanFileName } from "#app/forms/file-names.ts";
import { notificationFor } from "#app/forms/notification.server.ts";
import { getSubmission, listSubmissions, type SubmissionRecord } from "#app/forms/submissions.server.ts";
import { queueWebhookEvent } from "#app/forms/webhook-events.server.ts";
import { redeliverSubmission } from "#app/webhooks/queue.server.ts";
import { env } from "#app/platform/env.server.ts";
import { pacer } from "#app/platform/pacing.server.ts";
import { containsPattern, foldForSearch } from "#app/platform/search-text.ts";
import { type Actor, recordAudit } from "../people/audit.server.ts";
import { cancelBooking } from "#app/booking/meetings.server.ts";
import { moveMeetingTo } from "#app/booking/meeting-move.server.ts";
import type { Temporal } from "temporal-polyfill";
import {
  mailLabel,
  mailStateLabel,
  meetingFilters,
  postingTitle,
  stateLabel,
  states,
} from "../shell/workspace-display.ts";
import {
  type MeetingState,
  type MeetingsChosen,
  meetingsOfSubmissions,
  submissionsWithMeetings,
} from "#app/booking/meeting-queries.server.ts";
import { searchMaxLength } from "../shell/workspace-limits.ts";
import { type PromiseState, promiseState } from "./reply-promise.ts";
import { now as clockNow } from "#app/platform/clock.ts";

// The inbox: submissions newest first, filtered by kind, state, posting and words, a page at a
// time. Pages continue after the last id shown (keyset paging on the time-ordered id, through
// the (status, id) index), so page 200 costs what page 1 costs.

export const pageSize = 50;

export const kindFields: Record<SubmissionKind, SubmissionFields> = {
  contact: inquiryFields,
  application: applicationFields,
  meeting: meetingFields,
};

const idPattern = /^[0-9a-f-]{36}$/;

/** The inbox's filters from its address; anything unknown means no filter, never an error. */
export const InboxFilterSchema = z.object({
  kind: z.enum(["contact", "application", "meeting"]).optional().catch(undefined),
  state: z.enum(states).default("open").catch("open"),
  job: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/)
    .optional()
    .catch(undefined),
  q: z.string().trim().max(searchMaxLength).optional().catch(undefined),
  /** Meetings to come, past or cancelled (meetings only). */
  meeting: z.enum(meetingFilters).optional().catch(undefined),
  after: z.string().regex(idPattern).optional().catch(undefined),
});
export type InboxFilter = z.infer<typeof InboxFilterSchema>;

export type InboxRow = {
  id: string;
  kind: SubmissionKind;
  kindLabel: string;
  createdAt: string;
  job: string | null;
  jobTitle: string | null;
  progress: SubmissionProgress;
  spam: boolean;
  sender: { name: string; email: string; company: string | null };
  /** A meeting's time and state; null for the other kinds. */
  meeting: MeetingState | null;
  /** An inquiry's standing against the 24-hour promise, and who answers it (null for other kinds and spam). */
  reply: { state: PromiseState; owner: string | null } | null;
  /** Nobody on the team has opened it yet (decision 056). */
  unopened: boolean;
};

/** The submissions a filter chooses (without paging), for a page of the inbox or an export. */
function chosenBy(db: Kysely<Schema>, filter: Omit<InboxFilter, "after">, now: Date) {
  let query = db.selectFrom("submissions");
  query = filter.state === "spam" ? query.where("status", "=", "spam") : query.where("status", "=", "received");
  if (filter.state === "new" || filter.state === "in_progress" || filter.state === "done")
    query = query.where("progress", "=", filter.state);
  if (filter.state === "open") query = query.where("progress", "!=", "done");
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  if (filter.meeting)
    query = query.where("kind", "=", "meeting").where("id", "in", submissionsWithMeetings(db, filter.meeting, now));
  if (filter.job) query = query.where("job_slug", "=", filter.job);
  // Every word must appear in what the person typed (name, e-mail, company, text), whatever the
  // case of either; `%` and `_` typed by staff are searched for, not wildcards. A submission an
  // older version stored during a rollout has no search text: its stored fields are read instead.
  for (const term of foldForSearch(filter.q ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)) {
    query = query.where(sql<boolean>`coalesce(search_text, lower(fields)) like ${containsPattern(term)} escape '\\'`);
  }
  return query;
}

/** One page's query: a row more than a page, to know whether another follows (the benchmark explains its plan). */
export function inboxQuery(db: Kysely<Schema>, filter: InboxFilter, now: Date = clockNow()) {
  let query = chosenBy(db, filter, now)
    .select([
      "id",
      "kind",
      "created_at",
      "job_slug",
      "job_title",
      "progress",
      "status",
      "fields",
      "owner_id",
      "first_reply_at",
      "opened_at",
    ])
    .orderBy("id", "desc")
    .limit(pageSize + 1);
  if (filter.after) query = query.where("id", "<", filter.after);
  return query;
}

export async function listInbox(db: Kysely<Schema>, filter: InboxFilter, now: Date = clockNow()) {
  const rows = await inboxQuery(db, filter, now).execute();
  const shown = rows.slice(0, pageSize);
  // The page's meetings in one more query on the bookings' submission index: the page's own
  // query stays the one the benchmark measures.
  const meetings = await meetingsOfSubmissions(
    db,
    shown.filter((row) => row.kind === "meeting").map((row) => row.id),
  );
  const ownerIds = [...new Set(shown.map((row) => row.owner_id).filter((id) => id !== null))];
  const owners = new Map(
    ownerIds.length
      ? (await db.selectFrom("staff").select(["id", "email"]).where("id", "in", ownerIds).execute()).map(
          (person) => [person.id, person.email] as const,
        )
      : [],
  );
  return {
    rows: shown.map(
      (row): InboxRow => ({
        id: row.id,
        kind: row.kind,
        kindLabel: kindFields[row.kind].label,
        createdAt: row.created_at,
        job: row.job_slug,
        jobTitle: row.job_title,
        progress: row.progress,
        spam: row.status === "spam",
        sender: kindFields[row.kind].sender(JSON.parse(row.fields) as StoredFields),
        meeting: meetings.get(row.id) ?? null,
        reply:
          row.kind === "contact" && row.status !== "spam"
            ? {
                state: promiseState(row.created_at, row.first_reply_at, now.getTime()),
                owner: row.owner_id ? (owners.get(row.owner_id) ?? null) : null,
              }
            : null,
        unopened: row.opened_at === null,
      }),
    ),
    nextAfter: rows.length > pageSize ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** What the trail keeps of an export: how many of which kind, which statuses, whether a search chose them (never its words). */
export type ExportDetail = {
  count: number;
  kind: SubmissionKind | null;
  state: InboxFilter["state"];
  meeting: MeetingsChosen | null;
  job: string | null;
  search: boolean;
  format: "csv" | "json";
};

/** Everything a filter chooses, oldest first, as the export writes it; the trail records who took what. */
export async function exportInbox(
  db: Kysely<Schema>,
  filter: InboxFilter,
  format: "csv" | "json",
  actor: Actor,
  now: Date = clockNow(),
) {
  const ids = (await chosenBy(db, filter, now).select("id").orderBy("id").execute()).map((row) => row.id);
  const records: SubmissionRecord[] = [];
  // A few hundred at a time: both engines cap the values one statement may carry; paced, so
  // other pages are served meanwhile (app/platform/pacing.server.ts).
  const pause = pacer();
  for (let start = 0; start < ids.length; start += 500) {
    if (start > 0) await pause();
    records.push(...(await listSubmissions(db, { among: ids.slice(start, start + 500) })));
  }
  const detail: ExportDetail = {
    count: records.length,
    kind: filter.kind ?? null,
    state: filter.state,
    meeting: filter.meeting ?? null,
    job: filter.job ?? null,
    search: Boolean(filter.q),
    format,
  };
  await recordAudit(db, { actor, action: "export", detail: JSON.stringify(detail) });
  return records;
}

/**
 * One kind's sheet as the team reads it (labels, not codes), for the workspace's CSV download and
 * `npm run submissions -- export --format csv`: a meeting's state as the inbox says it, each
 * e-mail by what it is and whom it went to. Times in the sheet are UTC, as its header says.
 */
export async function teamSheet(db: Kysely<Schema>, kind: SubmissionKind, submissions: SubmissionRecord[]) {
  const meetings =
    kind === "meeting"
      ? await meetingsOfSubmissions(
          db,
          submissions.map((submission) => submission.id),
        )
      : null;
  return submissionSheet(kindFields[kind], submissions, {
    state: (submission) =>
      stateLabel(submission.status === "spam", submission.progress, meetings?.get(submission.id) ?? null) +
      (submission.spamReason ? ` (${submission.spamReason})` : ""),
    posting: kind === "application" ? (submission) => postingTitle(submission) : null,
    mail: (mail, submission) => `${mailLabel(mail, submission.kind)}: ${mailStateLabel(mail.status)}`,
  });
}

/** How many of each posting's applications are not done, for the inbox's posting filter (every inbox page shows it). */
export const openApplicationsQuery = (db: Kysely<Schema>) =>
  db
    .selectFrom("submissions")
    .select((eb) => ["job_slug", eb.fn.max("job_title").as("job_title"), eb.fn.countAll<number | string>().as("count")])
    .where("kind", "=", "application")
    .where("status", "=", "received")
    // Not done, written as the two states it leaves: both engines then seek them in the
    // (kind, status, progress, job_slug) index instead of reading every submission.
    .where("progress", "in", ["new", "in_progress"])
    .groupBy("job_slug");

export async function openApplicationsByPosting(db: Kysely<Schema>) {
  const rows = await openApplicationsQuery(db).execute();
  return rows.map((row) => ({ job: row.job_slug, jobTitle: row.job_title, count: Number(row.count) }));
}

export async function setProgress(db: Kysely<Schema>, id: string, progress: SubmissionProgress, actor: Actor) {
  const { numUpdatedRows } = await db
    .updateTable("submissions")
    .set({ progress })
    .where("id", "=", id)
    .executeTakeFirst();
  if (numUpdatedRows > 0n) await recordAudit(db, { actor, action: "status", target: id, detail: progress });
  return numUpdatedRows > 0n;
}

export async function setNote(db: Kysely<Schema>, id: string, note: string, actor: Actor) {
  const { numUpdatedRows } = await db
    .updateTable("submissions")
    .set({ note: note || null })
    .where("id", "=", id)
    .executeTakeFirst();
  // The note's text is the team's own, but it may quote the visitor: the trail records only that it changed.
  if (numUpdatedRows > 0n)
    await recordAudit(db, {
      actor,
      action: "note",
      target: id,
      detail: note ? `${note.length} characters` : "cleared",
    });
  return numUpdatedRows > 0n;
}

/**
 * Marks a submission spam, or releases it. A released submission that was never notified (the
 * spam check caught it) gets its notification now, the same e-mail it would have got at once,
 * and the webhooks hear of it as of a new one (the visitor gets no late receipt).
 */
export async function setSpam(db: Kysely<Schema>, id: string, spam: boolean, actor: Actor, now: Date = clockNow()) {
  return db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable("submissions")
      .set(spam ? { status: "spam", spam_reason: "marked-by-staff" } : { status: "received", spam_reason: null })
      .where("id", "=", id)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return false;
    const notified =
      spam || (await trx.selectFrom("outbox").select("id").where("submission_id", "=", id).executeTakeFirst());
    if (!notified) {
      const submission = await getSubmission(trx, id);
      if (!submission) return false;
      const message = notificationFor(kindFields[submission.kind], {
        id,
        jobTitle: submission.jobTitle,
        fields: submission.fields,
        files: submission.attachments,
      });
      const mail = { ...message, kind: "notification", recipientRole: "team" } as const;
      await queueMail(trx, { ...mail, submissionId: id, messageIdDomain: new URL(env.SITE_URL).hostname }, now);
      const summary = kindFields[submission.kind].chatSummary?.(submission.fields, submission.jobTitle);
      await queueWebhookEvent(trx, { type: "submission.created", submissionId: id, summary }, { now });
    }
    await recordAudit(
      trx,
      { actor, action: spam ? "spam" : "not-spam", target: id, detail: notified ? undefined : "notification sent" },
      now,
    );
    return true;
  });
}

/** One of a submission's files, its name as the workspace shows it (the download is saved under it). */
export async function getFile(db: Kysely<Schema>, id: string, position: number) {
  const file = await db
    .selectFrom("attachments")
    .select(["name", "type", "content"])
    .where("submission_id", "=", id)
    .where("position", "=", position)
    .executeTakeFirst();
  return file ? { ...file, name: cleanFileName(file.name) } : null;
}

/** Sends the submission's unsent notification at once, and records who asked. */
export async function retryNotification(db: Kysely<Schema>, id: string, actor: Actor, now: Date = clockNow()) {
  const queued = await retrySubmissionMail(db, id, now);
  if (queued > 0) await recordAudit(db, { actor, action: "retry-mail", target: id }, now);
  return queued > 0;
}

/** Sends the submission's webhook events again to every endpoint, and records who asked. */
export async function redeliverWebhooks(db: Kysely<Schema>, id: string, actor: Actor, now: Date = clockNow()) {
  const queued = await redeliverSubmission(db, id, now);
  if (queued > 0)
    await recordAudit(db, { actor, action: "redeliver-webhooks", target: id, detail: `${queued} deliveries` }, now);
  return queued;
}

/** A submission's page was opened: from now on it is no longer new in anyone's inbox (decision 056). */
export async function markOpened(db: Kysely<Schema>, id: string, now: Date = clockNow()) {
  await db
    .updateTable("submissions")
    .set({ opened_at: now.toISOString() })
    .where("id", "=", id)
    .where("opened_at", "is", null)
    .execute();
}

/**
 * The team cancels a meeting from its page: the same cancellation as the visitor's manage link
 * (app/booking/meetings.server.ts: the visitor and the team are told by e-mail, the calendar
 * updated), recorded in the trail. False when there is no meeting; a meeting already cancelled
 * or past is left as it is.
 */
export async function cancelMeetingOf(db: Kysely<Schema>, id: string, actor: Actor, now: Date = clockNow()) {
  const meeting = (await meetingsOfSubmissions(db, [id])).get(id);
  if (!meeting) return false;
  if (meeting.status !== "confirmed" || Date.parse(meeting.end) <= now.getTime()) return true;
  if (await cancelBooking(db, meeting.bookingId, { change: "team", now }))
    await recordAudit(db, { actor, action: "cancel-meeting", target: id }, now);
  return true;
}

/**
 * Moves the meeting of submission `id` to `start` for a staff member, by the manage link's own
 * path (the visitor gets the same e-mail and updated invitation), and records who did it.
 * "gone" when there is no meeting still to come to move; else what the move became.
 */
export async function moveMeetingOf(
  db: Kysely<Schema>,
  id: string,
  start: Temporal.Instant,
  actor: Actor,
  now: Date = clockNow(),
) {
  const meeting = (await meetingsOfSubmissions(db, [id])).get(id);
  if (meeting?.status !== "confirmed" || Date.parse(meeting.end) <= now.getTime()) return "gone" as const;
  const moved = await moveMeetingTo(db, { bookingId: meeting.bookingId, start, token: null }, now);
  if (moved === "moved") await recordAudit(db, { actor, action: "move-meeting", target: id }, now);
  return moved;
}
