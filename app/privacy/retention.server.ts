import { type Kysely, sql } from "kysely";
import { isoNow } from "#app/platform/clock.server.ts";
import type { Schema, SubmissionKind } from "#app/platform/db.server.ts";
import type { Env } from "#app/platform/env.ts";

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
  /** Rate-limit records go as soon as their window has passed. */
  rateLimitWindowSeconds: number;
};

export function retentionPolicy(env: Env): RetentionPolicy {
  return {
    inquiryMonths: env.RETENTION_INQUIRY_MONTHS,
    applicationMonths: env.RETENTION_APPLICATION_MONTHS,
    futureOpeningsMonths: env.RETENTION_FUTURE_OPENINGS_MONTHS,
    meetingMonths: env.RETENTION_MEETING_MONTHS,
    spamDays: env.RETENTION_SPAM_DAYS,
    mailDays: env.RETENTION_MAIL_DAYS,
    rateLimitWindowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
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

/** The submissions past their period at `now`, oldest first. */
export async function dueSubmissions(db: Kysely<Schema>, policy: RetentionPolicy, now: Date): Promise<DueSubmission[]> {
  const spam = await db
    .selectFrom("submissions")
    .select(["id", "kind", "created_at"])
    .where("status", "=", "spam")
    .where("created_at", "<", isoNow(daysBefore(now, policy.spamDays)))
    .execute();
  const inquiries = await db
    .selectFrom("submissions")
    .select(["id", "kind", "created_at"])
    .where("status", "=", "received")
    .where("kind", "=", "contact")
    .where("created_at", "<", isoNow(monthsBefore(now, policy.inquiryMonths)))
    .execute();
  // A meeting is kept for its period after the meeting itself (booked weeks ahead, it would
  // otherwise go early); one whose booking is gone counts from its arrival.
  const meetings = await db
    .selectFrom("submissions")
    .leftJoin("bookings", "bookings.submission_id", "submissions.id")
    .select(["submissions.id", "submissions.kind", "submissions.created_at"])
    .where("submissions.status", "=", "received")
    .where("submissions.kind", "=", "meeting")
    .where((eb) => eb(eb.fn.coalesce("bookings.end_at", "submissions.created_at"), "<", isoNow(monthsBefore(now, policy.meetingMonths))))
    .execute();
  // Applications past the shorter period; those whose sender chose to be kept for future
  // openings stay until the longer one (the choice is a field of the stored form).
  const applications = await db
    .selectFrom("submissions")
    .select(["id", "kind", "created_at", "fields"])
    .where("status", "=", "received")
    .where("kind", "=", "application")
    .where("created_at", "<", isoNow(monthsBefore(now, policy.applicationMonths)))
    .execute();
  const keptUntil = isoNow(monthsBefore(now, policy.futureOpeningsMonths));
  const due: DueSubmission[] = [
    ...spam.map((row) => ({ id: row.id, kind: row.kind, createdAt: row.created_at, rule: "spam" as const })),
    ...inquiries.map((row) => ({ id: row.id, kind: row.kind, createdAt: row.created_at, rule: "inquiry" as const })),
    ...meetings.map((row) => ({ id: row.id, kind: row.kind, createdAt: row.created_at, rule: "meeting" as const })),
    ...applications.flatMap((row) => {
      const kept = (JSON.parse(row.fields) as Record<string, unknown>).futureConsent === "yes";
      if (kept && row.created_at >= keptUntil) return [];
      return [{ id: row.id, kind: row.kind, createdAt: row.created_at, rule: kept ? ("future-openings" as const) : ("application" as const) }];
    }),
  ];
  return due.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * Deletes submissions with their files and outbox copies, leaving a tombstone for each (id, kind,
 * dates and why; nothing the person sent). Batches keep each query's parameters few.
 */
export async function deleteSubmissions(db: Kysely<Schema>, ids: string[], reason: "retention" | "erasure", now: Date) {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += 200) {
    const batch = ids.slice(start, start + 200);
    deleted += await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom("submissions").select(["id", "kind", "created_at"]).where("id", "in", batch).execute();
      if (rows.length === 0) return 0;
      const found = rows.map((row) => row.id);
      await trx
        .insertInto("deletion_tombstones")
        .values(rows.map((row) => ({ id: row.id, kind: row.kind, created_at: row.created_at, deleted_at: isoNow(now), reason })))
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      // Explicit rather than left to the foreign keys' cascade, which an older schema or a
      // SQLite connection without foreign_keys would skip.
      await trx.deleteFrom("attachments").where("submission_id", "in", found).execute();
      await trx.deleteFrom("outbox").where("submission_id", "in", found).execute();
      await trx.updateTable("bookings").set({ submission_id: null }).where("submission_id", "in", found).execute();
      // A receipt's row holds a hash of the address; a webhook event holds no personal data and
      // still goes out (a meeting cancelled by an erasure), without the link or the fields.
      await trx.deleteFrom("receipts").where("submission_id", "in", found).execute();
      await trx.updateTable("webhook_events").set({ submission_id: null }).where("submission_id", "in", found).execute();
      await trx.deleteFrom("submissions").where("id", "in", found).execute();
      return rows.length;
    });
  }
  return deleted;
}

export type PurgeResult = { submissions: DueSubmission[]; mail: number; rateLimits: number };

/** What the purge deletes at `now`: due submissions, sent e-mail copies past their period, spent rate-limit records. */
export async function purge(db: Kysely<Schema>, policy: RetentionPolicy, now: Date, { dryRun = false } = {}): Promise<PurgeResult> {
  const submissions = await dueSubmissions(db, policy, now);
  const mailBefore = isoNow(daysBefore(now, policy.mailDays));
  const hitsBefore = isoNow(new Date(now.getTime() - policy.rateLimitWindowSeconds * 1000));
  // Only sent copies: one still waiting (or failed, to be retried) has not done its job yet.
  if (dryRun) {
    const dueIds = new Set(submissions.map((submission) => submission.id));
    const sentMail = await db.selectFrom("outbox").select("submission_id").where("status", "=", "sent").where("sent_at", "<", mailBefore).execute();
    const hits = await db
      .selectFrom("rate_limit_hits")
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
      .where("at", "<", hitsBefore)
      .executeTakeFirstOrThrow();
    // Copies that belong to a due submission go with it: counted there, not twice.
    const mail = sentMail.filter((row) => !row.submission_id || !dueIds.has(row.submission_id)).length;
    return { submissions, mail, rateLimits: Number(hits.count) };
  }
  await deleteSubmissions(db, submissions.map((submission) => submission.id), "retention", now);
  const mail = await db.deleteFrom("outbox").where("status", "=", "sent").where("sent_at", "<", mailBefore).executeTakeFirst();
  const hits = await db.deleteFrom("rate_limit_hits").where("at", "<", hitsBefore).executeTakeFirst();
  // 0001's fixed-window counters, still written by instances of an older version during a rollout.
  await sql`delete from rate_limits where window_start < ${hitsBefore}`.execute(db);
  return { submissions, mail: Number(mail.numDeletedRows), rateLimits: Number(hits.numDeletedRows) };
}
