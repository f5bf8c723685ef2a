import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import type { CalendarPart } from "#app/platform/mail.server.ts";
import { queueMail } from "#app/platform/outbox.server.ts";
import {
  type MailKind,
  type RecipientRole,
  type Schema,
  type SubmissionKind,
  type SubmissionProgress,
  type SubmissionStatus,
  toBuffer,
} from "#app/platform/db.server.ts";
import { cleanFileName } from "./file-names.ts";
import { type SubmissionFields, submissionSearchText } from "./submission-fields.ts";

// Submissions (contact inquiries, job applications) are stored before anything else happens:
// the row, its files and its notification (an outbox row) commit together or not at all.
// Files' names are read through the same cleaning they get on arrival (file-names.ts), so a name
// stored before it existed reads the same everywhere: workspace, e-mail, download, command line.

export type StoredFile = { name: string; type: string; content: Buffer };
export const fileFacts = (file: StoredFile) => ({ name: file.name, type: file.type, size: file.content.length });
export type Notification = {
  recipient: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  calendar?: CalendarPart | null;
};

export type NewSubmission = {
  kind: SubmissionKind;
  jobSlug?: string | null;
  /** An application's posting title as it is when the application arrives. */
  jobTitle?: string | null;
  fields: Record<string, string | null>;
  /** How the team reads this kind: which fields the person typed, for the inbox's search text. */
  description: SubmissionFields;
  files: StoredFile[];
  spamReason: string | null;
  /** The form stamp's key: a second submission with the same key is not stored again. */
  formKey: string | null;
  /** Built once the id is known (it goes in the message); not sent for spam. */
  notification: (submission: { id: string; createdAt: string; files: StoredFile[] }) => Notification;
  messageIdDomain: string;
  /**
   * What else the submission stands for, stored in its transaction (a meeting's booking). It
   * may throw to refuse: nothing of the submission is then stored. Not run for spam. What it
   * returns goes into the team's notification (a meeting's invitation and its recipient).
   */
  alsoStore?: (
    trx: Kysely<Schema>,
    submission: { id: string },
  ) => Promise<Partial<Pick<Notification, "recipient" | "calendar">> | undefined>;
  /** What follows a genuine submission, queued in its transaction after the notification (the visitor's receipt, the webhooks' event). Not run for spam. */
  followUp?: (trx: Kysely<Schema>, submission: { id: string; createdAt: string }) => Promise<void>;
};

export async function storeSubmission(db: Kysely<Schema>, submission: NewSubmission, now: Date = clockNow()) {
  const id = newId();
  const createdAt = isoNow(now);
  const status: SubmissionStatus = submission.spamReason ? "spam" : "received";
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("submissions")
      .values({
        id,
        kind: submission.kind,
        status,
        created_at: createdAt,
        job_slug: submission.jobSlug ?? null,
        job_title: submission.jobTitle ?? null,
        fields: JSON.stringify(submission.fields),
        search_text: submissionSearchText(submission.description, submission.fields),
        spam_reason: submission.spamReason,
        form_key: submission.formKey,
      })
      .onConflict((conflict) => conflict.column("form_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom("submissions")
        .select(["id", "created_at", "status"])
        .where("form_key", "=", submission.formKey)
        .executeTakeFirstOrThrow();
      return { id: first.id, createdAt: first.created_at, status: first.status, duplicate: true };
    }
    for (const [position, file] of submission.files.entries()) {
      await trx
        .insertInto("attachments")
        .values({
          id: newId(),
          submission_id: id,
          position,
          name: file.name,
          type: file.type,
          size: file.content.length,
          content: file.content,
        })
        .execute();
    }
    if (status === "spam") return { id, createdAt, status, duplicate: false };
    const extra = await submission.alsoStore?.(trx, { id });
    const message = { ...submission.notification({ id, createdAt, files: submission.files }), ...extra };
    await queueMail(
      trx,
      {
        ...message,
        kind: "notification",
        recipientRole: "team",
        submissionId: id,
        messageIdDomain: submission.messageIdDomain,
      },
      now,
    );
    await submission.followUp?.(trx, { id, createdAt });
    return { id, createdAt, status, duplicate: false };
  });
}

export type SubmissionRecord = {
  id: string;
  kind: SubmissionKind;
  createdAt: string;
  status: SubmissionStatus;
  spamReason: string | null;
  job: string | null;
  /** An application's posting title as it was when it arrived. */
  jobTitle: string | null;
  /** Where the team is with it, and their internal note (the workspace). */
  progress: SubmissionProgress;
  note: string | null;
  fields: Record<string, string | null>;
  attachments: Array<{ name: string; size: number; type: string }>;
  /** Every e-mail of it, in the order queued: the notification, the visitor's receipt (`receipt`), a meeting's invitations. */
  mail: Array<{
    kind: MailKind | null;
    recipientRole: RecipientRole | null;
    createdAt: string;
    status: string;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    receipt: boolean;
  }>;
};

/**
 * Which submissions to read: one by id, those among a few hundred ids, one kind, spam or not;
 * oldest first unless `newestFirst`.
 */
export type SubmissionQuery = {
  kind?: SubmissionKind;
  id?: string;
  among?: string[];
  status?: SubmissionStatus;
  newestFirst?: boolean;
};

export async function listSubmissions(
  db: Kysely<Schema>,
  { kind, id, among, status, newestFirst = false }: SubmissionQuery = {},
): Promise<SubmissionRecord[]> {
  if (among?.length === 0) return [];
  let query = db
    .selectFrom("submissions")
    .selectAll()
    .orderBy("id", newestFirst ? "desc" : "asc");
  if (kind) query = query.where("kind", "=", kind);
  if (id) query = query.where("id", "=", id);
  if (among) query = query.where("id", "in", among);
  if (status) query = query.where("status", "=", status);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  // Files and mail of the same submissions, chosen by the same conditions rather than by a list
  // of ids (tens of thousands of parameters are more than either engine takes in one query).
  const chosenIds = () => {
    let ids = db.selectFrom("submissions").select("id");
    if (kind) ids = ids.where("kind", "=", kind);
    if (id) ids = ids.where("id", "=", id);
    if (among) ids = ids.where("id", "in", among);
    if (status) ids = ids.where("status", "=", status);
    return ids;
  };
  const files = await db
    .selectFrom("attachments")
    .select(["submission_id", "name", "size", "type"])
    .where("submission_id", "in", chosenIds())
    .orderBy("submission_id")
    .orderBy("position")
    .execute();
  const mails = await db
    .selectFrom("outbox")
    .leftJoin("receipts", "receipts.outbox_id", "outbox.id")
    .select([
      "outbox.submission_id",
      "outbox.kind",
      "outbox.recipient_role",
      "outbox.created_at",
      "outbox.status",
      "outbox.attempts",
      "outbox.last_error",
      "outbox.sent_at",
      "receipts.id as receipt_id",
    ])
    .where("outbox.submission_id", "in", chosenIds())
    .orderBy("outbox.created_at")
    .orderBy("outbox.id")
    .execute();
  const filesOf = groupBy(files, (file) => file.submission_id);
  const mailOf = groupBy(mails, (mail) => mail.submission_id ?? "");
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.created_at,
    status: row.status,
    spamReason: row.spam_reason,
    job: row.job_slug,
    jobTitle: row.job_title,
    progress: row.progress,
    note: row.note,
    fields: JSON.parse(row.fields) as Record<string, string | null>,
    attachments: (filesOf.get(row.id) ?? []).map((file) => ({
      name: cleanFileName(file.name),
      size: Number(file.size),
      type: file.type,
    })),
    mail: (mailOf.get(row.id) ?? []).map((mail) => ({
      kind: mail.kind ?? (mail.receipt_id !== null ? "receipt" : null),
      recipientRole: mail.recipient_role,
      createdAt: mail.created_at,
      status: mail.status,
      attempts: Number(mail.attempts),
      lastError: mail.last_error,
      sentAt: mail.sent_at,
      receipt: mail.receipt_id !== null,
    })),
  }));
}

function groupBy<T>(items: T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

export async function getSubmission(db: Kysely<Schema>, id: string) {
  const [submission] = await listSubmissions(db, { id });
  return submission ?? null;
}

/** The ids that start with `prefix` (at most `limit`, oldest first): the operator may type the start of one. */
export async function submissionIdsStartingWith(db: Kysely<Schema>, prefix: string, limit: number) {
  const start = prefix.toLowerCase();
  // Ids are lower-case hex and hyphens, which LIKE takes literally.
  if (!/^[0-9a-f-]+$/.test(start)) return [];
  const rows = await db
    .selectFrom("submissions")
    .select("id")
    .where("id", "like", `${start}%`)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The submission's file by the name it is shown with (a stored name may have been cleaned on the way). */
export async function getAttachment(db: Kysely<Schema>, submissionId: string, name: string) {
  const files = await db
    .selectFrom("attachments")
    .select(["name", "position"])
    .where("submission_id", "=", submissionId)
    .orderBy("position")
    .execute();
  const wanted = cleanFileName(name);
  const found = files.find((file) => cleanFileName(file.name) === wanted);
  if (!found) return null;
  const row = await db
    .selectFrom("attachments")
    .select(["type", "content"])
    .where("submission_id", "=", submissionId)
    .where("position", "=", found.position)
    .executeTakeFirst();
  return row ? { name: wanted, type: row.type, content: toBuffer(row.content) } : null;
}
