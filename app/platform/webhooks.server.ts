import { createHash, createHmac } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "./clock.ts";
import { newId } from "./ids.server.ts";
import type { Engine, Schema, WebhookDeliveryTable } from "./db.server.ts";
import { escapeHtml } from "./html.ts";
import { claimNextDue, takeLease } from "./lease.server.ts";
import { startWorker } from "./worker.server.ts";
import { queueMail } from "./outbox.server.ts";
import { isPublicAddress } from "./public-address.server.ts";
import { subscribes, type WebhookEndpoint, type WebhookEventType } from "./webhook-endpoints.ts";

// Webhooks delivered the way the outbox delivers mail (decision 024): an event is stored in the
// transaction of what it tells, with one delivery per endpoint; a worker claims each due delivery
// with a lease (so of two instances only one sends it), posts it and records the attempt in the
// delivery log, then retries with growing, jittered delays for about three days, never sooner
// than a Retry-After asks. An endpoint that answers 410 Gone is disabled and the company told.
// Standard endpoints get Standard Webhooks 1.0 (the webhook-id is the event's, the same on every
// retry); Slack endpoints a chat line, at most one a second. Requests go only to public addresses,
// checked on the address actually connected to, unless the endpoint allows private ones.

const hourMs = 60 * 60_000;
/** After each failed attempt: the Standard Webhooks schedule, then every 10 hours until `retryForMs` has passed. */
export const retryDelaysMs = [5_000, 5 * 60_000, 30 * 60_000, 2 * hourMs, 5 * hourMs, 10 * hourMs];
export const retryForMs = 72 * hourMs;
const maxRetryAfterMs = 24 * hourMs;
const slackIntervalMs = 1_000;

export type QueuedEvent = {
  type: WebhookEventType;
  submissionId: string | null;
  /** The thin payload's data: ids, kinds, times and links, never personal data. */
  data: Record<string, string | number | null>;
  /** The line a chat channel gets, without personal data. */
  chatText: string;
};

/** Stores an event and a delivery for each endpoint that takes its type, in the caller's transaction; returns the event id, or null when no endpoint takes it. */
export async function queueWebhook(
  db: Kysely<Schema>,
  event: QueuedEvent,
  endpoints: readonly WebhookEndpoint[],
  now: Date = clockNow(),
) {
  const targets = endpoints.filter((endpoint) => subscribes(endpoint, event.type));
  if (targets.length === 0) return null;
  const id = newId();
  await db
    .insertInto("webhook_events")
    .values({
      id,
      type: event.type,
      submission_id: event.submissionId,
      data: JSON.stringify(event.data),
      chat_text: event.chatText,
      created_at: isoNow(now),
    })
    .execute();
  await db
    .insertInto("webhook_deliveries")
    .values(
      targets.map((endpoint) => ({
        id: newId(),
        event_id: id,
        endpoint: endpoint.name,
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: isoNow(now),
        retry_until: isoNow(new Date(now.getTime() + retryForMs)),
        created_at: isoNow(now),
      })),
    )
    .execute();
  return id;
}

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

class RefusedAddressError extends Error {}

/** Resolves a name and refuses it unless every address it has is public: the request then connects to one of those. */
const publicOnlyLookup = ((
  hostname: string,
  options: { all?: boolean; family?: number },
  callback: (...args: unknown[]) => void,
) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    const refused = addresses.find((address) => !isPublicAddress(address.address));
    if (refused)
      return callback(
        new RefusedAddressError(`refused: ${hostname} resolves to ${refused.address}, not a public address`),
      );
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return first
      ? callback(null, first.address, first.family)
      : callback(new RefusedAddressError(`refused: ${hostname} has no address`));
  });
}) as unknown as LookupFunction;

type Answer = { status: number; retryAfter: string | null };

/** One POST within `timeoutMs` (name lookup, connection and answer together); redirects are not followed. */
function post(
  endpoint: WebhookEndpoint,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Answer> {
  const url = new URL(endpoint.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!endpoint.allowPrivate) {
    if (url.protocol !== "https:")
      return Promise.reject(new RefusedAddressError("refused: only https:// addresses are allowed"));
    if (isIP(host) && !isPublicAddress(host))
      return Promise.reject(new RefusedAddressError(`refused: ${host} is not a public address`));
  }
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        signal,
        ...(endpoint.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        // The answer's body is not needed: read and dropped, and the timeout still bounds it.
        response.resume();
        const retryAfter = response.headers["retry-after"];
        resolve({ status: response.statusCode ?? 0, retryAfter: typeof retryAfter === "string" ? retryAfter : null });
      },
    );
    request.on("error", (error) =>
      reject(signal.aborted ? new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`) : error),
    );
    request.end(body);
  });
}

/** What went wrong, for the delivery log and the log: never the endpoint's address (it may hold a secret) nor the payload. */
function describeError(error: unknown) {
  if (error instanceof RefusedAddressError) return error.message;
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const { code } = error as { code?: string };
  return (code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message).slice(0, 300);
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

export type WebhookLogEntry = {
  id: string;
  endpoint: string;
  type: string;
  status: "pending" | "delivered" | "failed";
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  attempts: Array<{ at: string; statusCode: number | null; error: string | null; durationMs: number }>;
};

/** A submission's deliveries, oldest first, each with its attempts. */
export async function webhookLog(db: Kysely<Schema>, submissionId: string): Promise<WebhookLogEntry[]> {
  const deliveries = await db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhook_events", "webhook_events.id", "webhook_deliveries.event_id")
    .select([
      "webhook_deliveries.id",
      "webhook_deliveries.endpoint",
      "webhook_deliveries.status",
      "webhook_deliveries.created_at",
      "webhook_deliveries.delivered_at",
      "webhook_deliveries.next_attempt_at",
      "webhook_deliveries.last_error",
      "webhook_events.type",
    ])
    .where("webhook_events.submission_id", "=", submissionId)
    .orderBy("webhook_deliveries.created_at")
    .orderBy("webhook_deliveries.endpoint")
    .execute();
  if (deliveries.length === 0) return [];
  const attempts = await db
    .selectFrom("webhook_attempts")
    .selectAll()
    .where(
      "delivery_id",
      "in",
      deliveries.map((delivery) => delivery.id),
    )
    .orderBy("at")
    .orderBy("id")
    .execute();
  return deliveries.map((delivery) => ({
    id: delivery.id,
    endpoint: delivery.endpoint,
    type: delivery.type,
    status: delivery.status,
    createdAt: delivery.created_at,
    deliveredAt: delivery.delivered_at,
    nextAttemptAt: delivery.status === "pending" ? delivery.next_attempt_at : null,
    lastError: delivery.last_error,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === delivery.id)
      .map((attempt) => ({
        at: attempt.at,
        statusCode: attempt.status_code === null ? null : Number(attempt.status_code),
        error: attempt.error,
        durationMs: Number(attempt.duration_ms),
      })),
  }));
}

/**
 * Sends a submission's events again to each of their endpoints, at once and with the same
 * webhook-id (a receiver that has one already knows it), on a fresh three-day schedule. A
 * delivery an instance is sending right now keeps its lease and is not sent twice.
 */
export async function redeliverSubmission(db: Kysely<Schema>, submissionId: string, now: Date = clockNow()) {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: isoNow(now),
      retry_until: isoNow(new Date(now.getTime() + retryForMs)),
      last_error: null,
      delivered_at: null,
    })
    .where("event_id", "in", (eb) =>
      eb.selectFrom("webhook_events").select("id").where("submission_id", "=", submissionId),
    )
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", isoNow(now))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the events older than `before` that nothing is still trying to send, with their log. */
export async function pruneWebhookEvents(db: Kysely<Schema>, before: Date) {
  const result = await db
    .deleteFrom("webhook_events")
    .where("created_at", "<", isoNow(before))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("webhook_deliveries")
            .select("id")
            .whereRef("webhook_deliveries.event_id", "=", "webhook_events.id")
            .where("status", "=", "pending"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
