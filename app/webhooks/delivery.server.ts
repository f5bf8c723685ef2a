import { createHash, createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import type { Engine, Schema, WebhookDeliveryTable } from "#app/platform/db.server.ts";
import { escapeHtml } from "#app/platform/html.ts";
import { claimNextDue, takeLease } from "#app/platform/lease.server.ts";
import { startWorker } from "#app/platform/worker.server.ts";
import { queueMail } from "#app/platform/outbox.server.ts";
import type { WebhookEndpoint } from "./endpoints.ts";
import { type Answer, describeError, post } from "./send.server.ts";

// Webhooks delivered the way the outbox delivers mail (decision 024): a worker claims each due
// delivery (queue.server.ts) with a lease (so of two instances only one sends it), posts it
// (send.server.ts) and records the attempt in the delivery log, then retries with growing,
// jittered delays until the delivery's three days are over, never sooner than a Retry-After asks.
// An endpoint that answers 410 Gone is disabled and the company told. Standard endpoints get
// Standard Webhooks 1.0 (the webhook-id is the event's, the same on every retry); Slack endpoints
// a chat line, at most one a second.

const hourMs = 60 * 60_000;
/** After each failed attempt: the Standard Webhooks schedule, then every 10 hours until the delivery's `retry_until`. */
export const retryDelaysMs = [5_000, 5 * 60_000, 30 * 60_000, 2 * hourMs, 5 * hourMs, 10 * hourMs];
const maxRetryAfterMs = 24 * hourMs;
const slackIntervalMs = 1_000;

export type WebhookOptions = {
  db: Kysely<Schema>;
  engine: Engine;
  endpoints: readonly WebhookEndpoint[];
  /** Who is told by e-mail when an endpoint is disabled. */
  alert: { recipient: string; messageIdDomain: string };
  timeoutMs?: number;
  leaseMs?: number;
  now?: () => Date;
  /** 0 to 1: where within ±10 % of its delay a retry falls. */
  random?: () => number;
  onError?: (message: string) => void;
  onMailQueued?: () => void;
};

export const webhookId = (eventId: string) => `msg_${eventId}`;

/** The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256, keyed with the secret's bytes, of `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The delay before the next attempt after `attempt` failed ones, within ±10 %. */
export function retryDelayMs(attempt: number, random: () => number = Math.random) {
  const base = retryDelaysMs[Math.min(attempt, retryDelaysMs.length) - 1] ?? retryDelaysMs[0]!;
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** Retry-After in milliseconds from `now` (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date) {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, maxRetryAfterMs);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.min(Math.max(at - now.getTime(), 0), maxRetryAfterMs);
}

const urlHash = (url: string) => createHash("sha256").update(url).digest("base64url");

export async function isDisabled(db: Kysely<Schema>, endpoint: WebhookEndpoint) {
  const row = await db
    .selectFrom("disabled_webhooks")
    .select("url_hash")
    .where("name", "=", endpoint.name)
    .executeTakeFirst();
  return row?.url_hash === urlHash(endpoint.url);
}

/** Sends to a disabled endpoint again (its receiver is back); says whether it was disabled. */
export async function enableWebhook(db: Kysely<Schema>, name: string) {
  const { numDeletedRows } = await db.deleteFrom("disabled_webhooks").where("name", "=", name).executeTakeFirst();
  return numDeletedRows > 0n;
}

export function claimNextDelivery({
  db,
  engine,
  timeoutMs = 10_000,
  leaseMs = timeoutMs + 30_000,
  now = clockNow,
}: WebhookOptions) {
  return claimNextDue(db, engine, { table: "webhook_deliveries", key: "id", leaseMs, now: now() });
}

async function bodyFor(db: Kysely<Schema>, endpoint: WebhookEndpoint, event: Schema["webhook_events"]) {
  if (endpoint.kind === "slack") return JSON.stringify({ text: event.chat_text });
  let data = JSON.parse(event.data) as Record<string, unknown>;
  // A full payload carries what the visitor sent, read now: a submission erased meanwhile is not sent.
  if (endpoint.payload === "full" && event.submission_id) {
    const submission = await db
      .selectFrom("submissions")
      .select(["fields", "job_slug"])
      .where("id", "=", event.submission_id)
      .executeTakeFirst();
    if (submission) data = { ...data, job: submission.job_slug, fields: JSON.parse(submission.fields) as unknown };
  }
  return JSON.stringify({ type: event.type, timestamp: event.created_at, data });
}

type Outcome = "delivered" | "retry" | "failed" | "held";

async function deliver(options: WebhookOptions, delivery: WebhookDeliveryTable): Promise<Outcome> {
  const { db, timeoutMs = 10_000, now = clockNow, random = Math.random } = options;
  const attempts = Number(delivery.attempts);
  // Every change is made only while the claim is still ours (nobody reclaimed it meanwhile).
  const update = (values: Partial<WebhookDeliveryTable>) =>
    db
      .updateTable("webhook_deliveries")
      .set({ ...values, locked_until: null })
      .where("id", "=", delivery.id)
      .where("attempts", "=", attempts)
      .execute();
  const endpoint = options.endpoints.find((candidate) => candidate.name === delivery.endpoint);
  if (!endpoint || (await isDisabled(db, endpoint))) {
    await update({
      status: "failed",
      attempts: attempts - 1,
      last_error: endpoint
        ? "not sent: the endpoint is disabled (it answered 410 Gone)"
        : "not sent: no endpoint of this name is configured",
    });
    return "failed";
  }
  if (endpoint.kind === "slack") {
    const started = now();
    if (
      !(await takeLease(
        db,
        `webhook-slack:${endpoint.name}`,
        delivery.id,
        new Date(started.getTime() + slackIntervalMs),
        started,
      ))
    ) {
      // Slack takes one message a second per webhook: this one waits for the next second.
      await update({ attempts: attempts - 1, next_attempt_at: isoNow(new Date(started.getTime() + slackIntervalMs)) });
      return "held";
    }
  }
  const event = await db
    .selectFrom("webhook_events")
    .selectAll()
    .where("id", "=", delivery.event_id)
    .executeTakeFirstOrThrow();
  const body = await bodyFor(db, endpoint, event);
  const sentAt = now();
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "site-webhooks/1" };
  if (endpoint.kind === "standard" && endpoint.secret) {
    const id = webhookId(event.id);
    const timestamp = Math.floor(sentAt.getTime() / 1000);
    Object.assign(headers, {
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signWebhook(endpoint.secret, id, timestamp, body),
    });
  }
  let answer: Answer | null = null;
  let error: string | null = null;
  try {
    answer = await post(endpoint, body, headers, timeoutMs);
    if (answer.status < 200 || answer.status > 299) error = `HTTP ${answer.status}`;
  } catch (caught) {
    error = describeError(caught);
  }
  const finished = now();
  await db
    .insertInto("webhook_attempts")
    .values({
      id: newId(),
      delivery_id: delivery.id,
      at: isoNow(sentAt),
      status_code: answer?.status ?? null,
      error,
      duration_ms: Math.max(0, finished.getTime() - sentAt.getTime()),
    })
    .execute();

  if (!error) {
    await update({ status: "delivered", delivered_at: isoNow(finished), last_error: null });
    return "delivered";
  }
  const where = `Webhook delivery ${delivery.id} to ${endpoint.name}, attempt ${attempts}`;
  if (answer?.status === 410) {
    await update({ status: "failed", last_error: "HTTP 410: the endpoint is gone and was disabled" });
    await disable(options, endpoint, finished);
    options.onError?.(`${where}: 410 Gone, endpoint disabled`);
    return "failed";
  }
  const wait = Math.max(retryDelayMs(attempts, random), retryAfterMs(answer?.retryAfter ?? null, finished) ?? 0);
  const next = new Date(finished.getTime() + wait);
  const givingUp = next.toISOString() > delivery.retry_until;
  await update({ status: givingUp ? "failed" : "pending", last_error: error, next_attempt_at: isoNow(next) });
  options.onError?.(
    `${where} failed (${answer ? `HTTP ${answer.status}` : "no answer"})${givingUp ? "; given up" : "; will retry"}`,
  );
  return givingUp ? "failed" : "retry";
}

/** Marks the endpoint disabled and tells the company, once. */
async function disable(options: WebhookOptions, endpoint: WebhookEndpoint, at: Date) {
  const { db, alert } = options;
  const inserted = await db
    .insertInto("disabled_webhooks")
    .values({ name: endpoint.name, url_hash: urlHash(endpoint.url), disabled_at: isoNow(at), reason: "410 Gone" })
    // Disabled already with this address (two deliveries answered 410 together): told once.
    .onConflict((conflict) =>
      conflict
        .column("name")
        .doUpdateSet({ url_hash: urlHash(endpoint.url), disabled_at: isoNow(at), reason: "410 Gone" })
        .where("disabled_webhooks.url_hash", "!=", urlHash(endpoint.url)),
    )
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  const lines = [
    `The webhook endpoint "${endpoint.name}" answered 410 Gone at ${isoNow(at)}, which asks senders to stop. It is disabled: events are no longer sent to it.`,
    `To send to it again, give it a new address in WEBHOOK_ENDPOINTS, or run: npm run submissions -- enable-webhook ${endpoint.name}`,
    "Then each submission's deliveries can be sent again: npm run submissions -- redeliver ID, or the submission's page in the workspace.",
  ];
  await queueMail(
    db,
    {
      kind: "alert",
      recipientRole: "team",
      recipient: alert.recipient,
      subject: `Webhook endpoint "${endpoint.name}" disabled`,
      text: `${lines.join("\n\n")}\n`,
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
      messageIdDomain: alert.messageIdDomain,
    },
    at,
  );
  options.onMailQueued?.();
}

/** Sends every delivery due now; says how many were attempted and whether one waits for Slack's next second. */
export async function deliverDueWebhooks(options: WebhookOptions) {
  let attempted = 0;
  let held = false;
  for (;;) {
    const delivery = await claimNextDelivery(options);
    if (!delivery) return { attempted, held };
    const outcome = await deliver(options, delivery);
    if (outcome === "held") held = true;
    else attempted += 1;
  }
}

/** Runs deliverDueWebhooks every intervalMs and whenever kicked, one run at a time; a held Slack message goes after its interval. */
export function startWebhookWorker(options: WebhookOptions & { intervalMs?: number }) {
  return startWorker({
    name: "Webhook",
    intervalMs: options.intervalMs ?? 2_000,
    onError: options.onError,
    work: async () => ((await deliverDueWebhooks(options)).held ? slackIntervalMs : undefined),
  });
}
