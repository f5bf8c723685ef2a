import { rm } from "node:fs/promises";
import type { Kysely, Selectable } from "kysely";
import { isoNow, now as clockNow } from "./clock.ts";
import { newId } from "./ids.server.ts";
import type { Engine, MailKind, OutboxTable, RecipientRole, Schema } from "./db.server.ts";
import { type CalendarPart, localMailFile, type SendEmail } from "./mail.server.ts";
import { claimNextDue } from "./lease.server.ts";
import { startWorker } from "./worker.server.ts";

// Delivers the outbox: each due row is claimed with a lease (so a second instance, or a retry
// after a crash, never sends it while another holds it), sent, then marked sent; a failure is
// retried with growing delays and, after maxAttempts, marked failed (kept, and retryable).

export type OutboxOptions = {
  db: Kysely<Schema>;
  engine: Engine;
  send: SendEmail;
  from: string;
  maxAttempts?: number;
  leaseMs?: number;
  backoffMs?: (attempt: number) => number;
  now?: () => Date;
  onError?: (message: string) => void;
};

/** The name of a message's file in the local outbox (mail.server.ts): the same for each attempt, so a resend replaces it. */
export const localMailName = (mail: Pick<Selectable<OutboxTable>, "id" | "created_at">) =>
  `${mail.created_at.replace(/[:.]/g, "-")}-${mail.id}`;

/**
 * Removes the local outbox's files of these e-mails: without SMTP_URL each message sent is a file
 * under DATA_DIR/mail, named by its row, so it goes with the row when the row is deleted.
 */
export async function removeLocalMail(
  dataDir: string,
  mail: Array<Pick<Selectable<OutboxTable>, "id" | "created_at">>,
) {
  for (const row of mail) await rm(localMailFile(dataDir, localMailName(row)), { force: true });
}

export const defaultBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);

export function claimNextMail({ db, engine, leaseMs = 120_000, now = clockNow }: OutboxOptions) {
  return claimNextDue(db, engine, { table: "outbox", key: "id", leaseMs, now: now() });
}

async function deliver(options: OutboxOptions, mail: Selectable<OutboxTable>) {
  const { db, send, from, maxAttempts = 10, backoffMs = defaultBackoffMs, now = clockNow } = options;
  try {
    await send({
      from,
      to: mail.recipient,
      replyTo: mail.reply_to,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body,
      messageId: mail.message_id,
      calendar: mail.calendar && mail.calendar_method ? { method: mail.calendar_method, content: mail.calendar } : null,
      fileName: localMailName(mail),
    });
    await db
      .updateTable("outbox")
      .set({ status: "sent", sent_at: isoNow(now()), locked_until: null, last_error: null })
      .where("id", "=", mail.id)
      .execute();
  } catch (error) {
    const attempts = Number(mail.attempts);
    const reason = error instanceof Error ? error.message : String(error);
    const failed = attempts >= maxAttempts;
    await db
      .updateTable("outbox")
      .set({
        status: failed ? "failed" : "pending",
        locked_until: null,
        last_error: reason.slice(0, 1000),
        next_attempt_at: isoNow(new Date(now().getTime() + backoffMs(attempts))),
      })
      .where("id", "=", mail.id)
      .execute();
    // The id and the error code only: the message and its addresses stay in the database.
    const code = (error as { code?: string }).code ?? "error";
    options.onError?.(
      `Mail ${mail.id} attempt ${attempts} failed (${code})${failed ? "; marked failed" : "; will retry"}`,
    );
  }
}

/** Sends every mail that is due now; returns how many were attempted. */
export async function deliverDueMail(options: OutboxOptions) {
  let attempted = 0;
  for (;;) {
    const mail = await claimNextMail(options);
    if (!mail) return attempted;
    attempted += 1;
    await deliver(options, mail);
  }
}

/** Puts failed mail back in the queue, to be sent at once. */
export async function retryFailedMail(db: Kysely<Schema>, now: Date = clockNow()) {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: isoNow(now), locked_until: null })
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Puts one submission's unsent mail (failed, or pending while it waits for its next attempt) at
 * the front of the queue. A message an instance is sending keeps its lease and is not sent twice.
 */
export async function retrySubmissionMail(db: Kysely<Schema>, submissionId: string, now: Date = clockNow()) {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: isoNow(now), last_error: null })
    .where("submission_id", "=", submissionId)
    .where("status", "!=", "sent")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Runs deliverDueMail every intervalMs and whenever kicked, one run at a time. */
export function startOutboxWorker(options: OutboxOptions & { intervalMs?: number }) {
  return startWorker({
    name: "Outbox",
    intervalMs: options.intervalMs ?? 5_000,
    onError: options.onError,
    work: async () => {
      await deliverDueMail(options);
    },
  });
}

export type QueuedMail = {
  /** What the e-mail is and whom it is for, as a submission's history names it. */
  kind: MailKind;
  recipientRole: RecipientRole;
  recipient: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  messageIdDomain: string;
  submissionId?: string | null;
  calendar?: CalendarPart | null;
};

/** Queues one e-mail (a submission's notification, an invitation); the worker sends it within seconds. */
export async function queueMail(db: Kysely<Schema>, mail: QueuedMail, now: Date = clockNow()) {
  const id = newId();
  await db
    .insertInto("outbox")
    .values({
      id,
      submission_id: mail.submissionId ?? null,
      recipient: mail.recipient,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      message_id: `<${id}@${mail.messageIdDomain}>`,
      status: "pending",
      attempts: 0,
      next_attempt_at: isoNow(now),
      created_at: isoNow(now),
      calendar_method: mail.calendar?.method ?? null,
      calendar: mail.calendar?.content ?? null,
      kind: mail.kind,
      recipient_role: mail.recipientRole,
    })
    .execute();
  return id;
}
