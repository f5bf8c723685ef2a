import { type Kysely, sql } from "kysely";
import { isoNow } from "#app/platform/clock.ts";
import type { Schema, SubmissionKind, SubmissionStatus } from "#app/platform/db.server.ts";
import type { Env } from "#app/platform/env.ts";
import type { CareersValues } from "#app/careers/careers-config.ts";
import type { PrivacyValues } from "./privacy-config.ts";
import { pacer } from "#app/platform/pacing.server.ts";
import { removeLocalMail } from "#app/platform/outbox.server.ts";

// How long each kind of record is kept, and deleting what is past it (decision 021). Everything
// takes `now`, so tests run the purge at any date they like.

export type RetentionPolicy = {
  inquiryMonths: number;
  applicationMonths: number;
  /** An application whose sender ticked the future-openings box. */
  futureOpeningsMonths: number;
  /** Counted from the meeting's end, not from the booking. */
  meetingMonths: number;
  spamDays: number;
  /** Copies of sent e-mails in the outbox. */
  mailDays: number;
  /** Where the local outbox keeps its files (DATA_DIR/mail, without SMTP_URL): they go with their rows. */
  dataDir: string;
};

export function retentionPolicy(env: Env & PrivacyValues & CareersValues): RetentionPolicy {
  return {
    inquiryMonths: env.RETENTION_INQUIRY_MONTHS,
    applicationMonths: env.RETENTION_APPLICATION_MONTHS,
    futureOpeningsMonths: env.RETENTION_FUTURE_OPENINGS_MONTHS,
    meetingMonths: env.RETENTION_MEETING_MONTHS,
    spamDays: env.RETENTION_SPAM_DAYS,
    mailDays: env.RETENTION_MAIL_DAYS,
    dataDir: env.DATA_DIR,
  };
}

/** `date` moved by whole calendar months in UTC (the 31st becomes the month's last day). */
export function monthsBefore(date: Date, months: number) {
  const moved = new Date(date);
  const day = moved.getUTCDate();
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, lastDay));
  return moved;
}

const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * 24 * 60 * 60_000);

export type DueReason = "inquiry" | "application" | "future-openings" | "meeting" | "spam";
export type DueSubmission = { id: string; kind: SubmissionKind; createdAt: string; rule: DueReason };

/**
 * Rows a purge or an erasure handles per transaction, and per page read: each query stays short,
 * and on SQLite, where every query runs on the event loop, pages are served between two batches.
 */
const batchSize = 200;
const kinds: SubmissionKind[] = ["contact", "application", "meeting"];

/**
 * The submissions past their period at `now`, a page at a time: for each state and kind, oldest
 * first, each page read from where the last one ended (the submissions_retention index), so every
 * candidate is read once however many pages there are, and a page may be deleted before the next
 * is read. Paced (app/platform/pacing.server.ts): the requests are served between two pages.
 */
async function* dueSubmissionPages(
  db: Kysely<Schema>,
  policy: RetentionPolicy,
  now: Date,
): AsyncGenerator<DueSubmission[]> {
  const meetingsBefore = isoNow(monthsBefore(now, policy.meetingMonths));
  const keptUntil = isoNow(monthsBefore(now, policy.futureOpeningsMonths));
  // Which rows of a state and kind created before `before` are due, and why: an application whose
  // sender chose to be kept for future openings (a field of the stored form) stays until the
  // longer period; a meeting is kept for its period after the meeting itself (booked weeks ahead,
  // it would otherwise go early), and one whose booking is gone counts from its arrival.
  type Candidate = { created_at: string; fields: string; end_at: string | null };
  const groups: Array<{
    status: SubmissionStatus;
    kind: SubmissionKind;
    before: string;
    rule: (row: Candidate) => DueReason | null;
  }> = [
    ...kinds.map((kind) => ({
      status: "spam" as const,
      kind,
      before: isoNow(daysBefore(now, policy.spamDays)),
      rule: () => "spam" as const,
    })),
    {
      status: "received",
      kind: "contact",
      before: isoNow(monthsBefore(now, policy.inquiryMonths)),
      rule: () => "inquiry",
    },
    {
      status: "received",
      kind: "application",
      before: isoNow(monthsBefore(now, policy.applicationMonths)),
      rule: (row) => {
        if ((JSON.parse(row.fields) as Record<string, unknown>).futureConsent !== "yes") return "application";
        return row.created_at < keptUntil ? "future-openings" : null;
      },
    },
    // A meeting ends after it was booked: those created since the limit cannot be due.
    {
      status: "received",
      kind: "meeting",
      before: meetingsBefore,
      rule: (row) => ((row.end_at ?? row.created_at) < meetingsBefore ? "meeting" : null),
    },
  ];
  const pause = pacer();
  for (const { status, kind, before, rule } of groups) {
    let last: { createdAt: string; id: string } | null = null;
    for (;;) {
      let query = db
        .selectFrom("submissions")
        .leftJoin("bookings", "bookings.submission_id", "submissions.id")
        .select([
          "submissions.id",
          "submissions.kind",
          "submissions.created_at",
          "submissions.fields",
          "bookings.end_at",
        ])
        .where("submissions.status", "=", status)
        .where("submissions.kind", "=", kind)
        .where("submissions.created_at", "<", before)
        .orderBy("submissions.created_at")
        .orderBy("submissions.id")
        .limit(batchSize);
      if (last)
        query = query.where(sql<boolean>`(submissions.created_at, submissions.id) > (${last.createdAt}, ${last.id})`);
      const rows = await query.execute();
      const due = rows.flatMap((row) => {
        const reason = rule(row);
        return reason ? [{ id: row.id, kind: row.kind, createdAt: row.created_at, rule: reason }] : [];
      });
      if (due.length) yield due;
      if (rows.length < batchSize) break;
      const end = rows.at(-1)!;
      last = { createdAt: end.created_at, id: end.id };
      await pause();
    }
  }
}

/**
 * Deletes submissions with their files and outbox copies, leaving a tombstone for each (id, kind,
 * dates and why; nothing the person sent, its search text included). A transaction per batch,
 * paced (app/platform/pacing.server.ts): the requests are served between two.
 */
export async function deleteSubmissions(
  db: Kysely<Schema>,
  ids: string[],
  reason: "retention" | "erasure",
  now: Date,
  dataDir: string,
) {
  const pause = pacer();
  let deleted = 0;
  for (let start = 0; start < ids.length; start += batchSize) {
    if (start > 0) await pause();
    const batch = ids.slice(start, start + batchSize);
    // The e-mail copies' files are removed once their rows are gone for good (after the commit).
    const copies: Array<{ id: string; created_at: string }> = [];
    deleted += await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("submissions")
        .select(["id", "kind", "created_at"])
        .where("id", "in", batch)
        .execute();
      if (rows.length === 0) return 0;
      const found = rows.map((row) => row.id);
      await trx
        .insertInto("deletion_tombstones")
        .values(
          rows.map((row) => ({
            id: row.id,
            kind: row.kind,
            created_at: row.created_at,
            deleted_at: isoNow(now),
            reason,
          })),
        )
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      // Explicit rather than left to the foreign keys' cascade, which an older schema or a
      // SQLite connection without foreign_keys would skip.
      await trx.deleteFrom("attachments").where("submission_id", "in", found).execute();
      copies.push(
        ...(await trx.selectFrom("outbox").select(["id", "created_at"]).where("submission_id", "in", found).execute()),
      );
      await trx.deleteFrom("outbox").where("submission_id", "in", found).execute();
      await trx.updateTable("bookings").set({ submission_id: null }).where("submission_id", "in", found).execute();
      // A receipt's row holds a hash of the address; a webhook event holds no personal data and
      // still goes out (a meeting cancelled by an erasure), without the link or the fields.
      await trx.deleteFrom("receipts").where("submission_id", "in", found).execute();
      await trx
        .updateTable("webhook_events")
        .set({ submission_id: null })
        .where("submission_id", "in", found)
        .execute();
      await trx.deleteFrom("submissions").where("id", "in", found).execute();
      return rows.length;
    });
    await removeLocalMail(dataDir, copies);
  }
  return deleted;
}

export type PurgeResult = { submissions: DueSubmission[]; mail: number };

/**
 * What the purge deletes at `now`: due submissions and sent e-mail copies past their period
 * (spent rate-limit records go sooner, in their own prune: app/platform/rate-limit.server.ts).
 * Everything goes in batches, paced, so the site keeps answering however much is due, and the
 * work grows with the rows it reads.
 * `signal` stops it between two batches (the server shutting down): what is left is still due.
 */
export async function purge(
  db: Kysely<Schema>,
  policy: RetentionPolicy,
  now: Date,
  { dryRun = false, signal }: { dryRun?: boolean; signal?: AbortSignal } = {},
): Promise<PurgeResult> {
  const pause = pacer();
  const submissions: DueSubmission[] = [];
  for await (const page of dueSubmissionPages(db, policy, now)) {
    signal?.throwIfAborted();
    submissions.push(...page);
    if (!dryRun)
      await deleteSubmissions(
        db,
        page.map((submission) => submission.id),
        "retention",
        now,
        policy.dataDir,
      );
  }
  // Copies that belong to a due submission went with it: counted there, not twice.
  const dueIds = dryRun ? new Set(submissions.map((submission) => submission.id)) : new Set<string>();

  // Only sent copies: one still waiting (or failed, to be retried) has not done its job yet.
  const mailBefore = isoNow(daysBefore(now, policy.mailDays));
  let mail = 0;
  // Oldest first through the outbox_sent index, each page from where the last one ended.
  for (let last: { sentAt: string; id: string } | null = null; ; ) {
    let query = db
      .selectFrom("outbox")
      .select(["id", "submission_id", "sent_at", "created_at"])
      .where("status", "=", "sent")
      .where("sent_at", "<", mailBefore)
      .orderBy("sent_at")
      .orderBy("id")
      .limit(batchSize);
    if (last) query = query.where(sql<boolean>`(sent_at, id) > (${last.sentAt}, ${last.id})`);
    const page = await query.execute();
    const going = page.filter((row) => !row.submission_id || !dueIds.has(row.submission_id));
    const ids = going.map((row) => row.id);
    if (dryRun) mail += ids.length;
    else if (ids.length) {
      mail += Number((await db.deleteFrom("outbox").where("id", "in", ids).executeTakeFirst()).numDeletedRows);
      await removeLocalMail(policy.dataDir, going);
    }
    if (page.length < batchSize) break;
    const end = page.at(-1)!;
    last = { sentAt: end.sent_at ?? "", id: end.id };
    await pause();
    signal?.throwIfAborted();
  }

  return { submissions, mail };
}
