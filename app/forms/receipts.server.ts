import type { Kysely } from "kysely";
import { isoNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { escapeHtml } from "#app/platform/html.ts";
import { queueMail } from "#app/platform/outbox.server.ts";
import { signFor } from "#app/platform/secret.server.ts";
import { leads } from "./leads-content.ts";

// The visitor's receipt after a genuine inquiry or application (never for spam: the pipeline
// calls this only for what it stored as received). A fixed text with the reference and the time
// received; at most `dailyLimit` to one address in 24 hours, counted by a keyed hash of the
// address so that the address is not stored anywhere new.

export type ReceiptKind = "contact" | "application";

const dayMs = 24 * 60 * 60_000;

const utcTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "UTC",
  hourCycle: "h23",
});

/**
 * "November 21, 2026 at 10:54 India Standard Time (05:24 UTC)" in the visitor's zone, with UTC
 * beside it (and its date when that differs); "November 21, 2026 at 05:24 UTC" when their
 * browser did not say its zone.
 */
export function receivedTime(iso: string, timeZone: string | null = null) {
  const at = new Date(iso);
  const utc = `${utcTime.format(at)} UTC`;
  if (!timeZone || timeZone === "UTC") return utc;
  const theirs = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
    timeZoneName: "long",
  }).format(at);
  // UTC's time alone when it is the same day there, its date too when not.
  const [utcDay, utcClock] = utc.split(" at ");
  return `${theirs} (${theirs.startsWith(`${utcDay} at `) ? utcClock : utc})`;
}

export function receiptFor(
  kind: ReceiptKind,
  submission: { id: string; createdAt: string },
  timeZone: string | null = null,
) {
  const copy = leads.receipt;
  const forKind = copy[kind];
  const received = fillTemplate(forKind.received, {
    time: receivedTime(submission.createdAt, timeZone),
    reference: submission.id,
  });
  const steps = "nextSteps" in forKind ? forKind.nextSteps : [];
  const stepsTitle = "nextStepsTitle" in forKind ? forKind.nextStepsTitle : "";
  const paragraphs = [copy.greeting, received, forKind.promise];
  const closing = [copy.reply, copy.notYou, copy.signature];
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(steps.length ? [`${stepsTitle}:`, ...steps.map((step, index) => `${index + 1}. ${step}`), ""] : []),
    ...closing.flatMap((paragraph) => [paragraph, ""]),
  ].join("\n");
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(steps.length
      ? [`<p>${escapeHtml(stepsTitle)}:</p>`, "<ol>", ...steps.map((step) => `<li>${escapeHtml(step)}</li>`), "</ol>"]
      : []),
    ...closing.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
  ].join("\n");
  return { subject: forKind.subject, text, html };
}

/** The key receipts are counted by: a keyed hash of the address, case aside. */
export const receiptAddressHash = (secret: string, address: string) =>
  signFor(secret, "receipt-address", address.trim().toLowerCase());

export type ReceiptRequest = {
  submissionId: string;
  createdAt: string;
  kind: ReceiptKind;
  address: string;
  replyTo: string;
  secret: string;
  dailyLimit: number;
  messageIdDomain: string;
  /** The visitor's zone as their browser said it (a known IANA name), or null: UTC alone. */
  timeZone?: string | null;
};

/** Queues the receipt in the submission's transaction, unless the address had `dailyLimit` in the last 24 hours; says which. */
export async function queueReceipt(db: Kysely<Schema>, receipt: ReceiptRequest): Promise<"queued" | "limit"> {
  const now = new Date(receipt.createdAt);
  const addressHash = receiptAddressHash(receipt.secret, receipt.address);
  const { count } = await db
    .selectFrom("receipts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("address_hash", "=", addressHash)
    .where("created_at", ">", isoNow(new Date(now.getTime() - dayMs)))
    .executeTakeFirstOrThrow();
  if (Number(count) >= receipt.dailyLimit) return "limit";
  const message = receiptFor(
    receipt.kind,
    { id: receipt.submissionId, createdAt: receipt.createdAt },
    receipt.timeZone ?? null,
  );
  const outboxId = await queueMail(
    db,
    {
      ...message,
      kind: "receipt",
      recipientRole: "visitor",
      recipient: receipt.address,
      replyTo: receipt.replyTo,
      submissionId: receipt.submissionId,
      messageIdDomain: receipt.messageIdDomain,
    },
    now,
  );
  await db
    .insertInto("receipts")
    .values({
      id: newId(),
      submission_id: receipt.submissionId,
      outbox_id: outboxId,
      address_hash: addressHash,
      created_at: receipt.createdAt,
    })
    .execute();
  return "queued";
}
