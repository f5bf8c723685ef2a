import type { Kysely } from "kysely";
import type { Schema } from "#app/platform/db.server.ts";
import { env } from "#app/platform/env.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import type { WebhookEndpoint, WebhookEventType } from "#app/webhooks/endpoints.ts";
import { queueWebhook } from "#app/webhooks/queue.server.ts";
import { webhooksEnv } from "#app/webhooks/webhooks-env.server.ts";
import { workspacePaths } from "#app/workspace/workspace-paths.ts";
import { leads } from "./leads-content.ts";
import { now as clockNow } from "#app/platform/clock.ts";

// The events the webhooks tell (decision 024): a submission arrived (any kind, never spam), a
// meeting was cancelled, an inquiry is still unanswered 20 hours after it arrived (issue 34).
// The payload is thin: the submission's id, kind, time and its page in the workspace; an
// endpoint configured for full payloads gets the fields too, read when it is sent.

/** Slack's own characters in a message's text (its links are `<url|label>`). */
const slackText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export type WebhookEvent = {
  type: WebhookEventType;
  submissionId: string;
  /** A few words for the chat line, without personal data ("budget $25k–$50k"). */
  summary?: string | null;
  /** More of the thin payload, without personal data (a meeting's start and cancellation times). */
  data?: Record<string, string | number | null>;
};

/**
 * Queues an event about a stored submission in the caller's transaction (so it is sent if and
 * only if what it tells is committed); the webhook worker sends it within seconds. Does nothing
 * when no endpoint takes this event.
 */
export async function queueWebhookEvent(
  db: Kysely<Schema>,
  event: WebhookEvent,
  {
    endpoints = webhooksEnv.WEBHOOK_ENDPOINTS,
    now = clockNow(),
  }: { endpoints?: readonly WebhookEndpoint[]; now?: Date } = {},
) {
  if (endpoints.length === 0) return null;
  const submission = await db
    .selectFrom("submissions")
    .select(["kind", "created_at"])
    .where("id", "=", event.submissionId)
    .executeTakeFirstOrThrow();
  const url = `${env.SITE_URL}${workspacePaths.submission(event.submissionId)}`;
  const copy = leads.chat;
  const headline = {
    "submission.created": fillTemplate(copy.created, { kind: copy.kinds[submission.kind] }),
    "meeting.cancelled": copy.cancelled,
    "inquiry.overdue": fillTemplate(copy.overdue, { hours: String(event.data?.hoursWaiting ?? "") }),
  }[event.type];
  const chatText = `${slackText(event.summary ? `${headline}, ${event.summary}` : headline)}: <${url}|${slackText(copy.open)}>`;
  return queueWebhook(
    db,
    {
      type: event.type,
      submissionId: event.submissionId,
      data: { id: event.submissionId, kind: submission.kind, createdAt: submission.created_at, url, ...event.data },
      chatText,
    },
    endpoints,
    now,
  );
}
