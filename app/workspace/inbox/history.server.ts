import type { Kysely } from "kysely";
import type { MeetingState } from "#app/booking/meeting-queries.server.ts";
import type { SubmissionRecord } from "#app/forms/submissions.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { webhookLog } from "#app/webhooks/log.server.ts";
import { activity } from "../shell/activity-content.ts";
import { readableAudit } from "../people/audit-sentences.server.ts";
import type { SentencePart } from "../shell/sentence.tsx";
import { workspace } from "../shell/workspace-content.ts";
import {
  attemptResult,
  formatTime,
  mailLabel,
  mailStateLabel,
  meetingStateLabel,
  type ShownTime,
  shownTime,
  webhookStateLabel,
} from "../shell/workspace-display.ts";

// A submission's history in one timeline, oldest first: its arrival, every e-mail by what it is
// and whom it went to with its delivery state, every webhook with its attempts, every change the
// team made (from the audit trail), and a meeting's cancellation by whom.

export type HistoryEntry = {
  at: ShownTime;
  /** Who did it, for the team's changes. */
  who: string | null;
  sentence: SentencePart[];
  /** How it went: "Sent 24 Nov 2026, 10:02 CET", "Failed (3 attempts; last error: …)". */
  state: string | null;
  problem: boolean;
  /** A webhook's attempts, one line each. */
  details: string[];
};

type Timed = HistoryEntry & { sortAt: string; order: number };

export async function submissionHistory(
  db: Kysely<Schema>,
  submission: SubmissionRecord,
  meeting: MeetingState | null,
  { zone, now }: { zone: string; now: Date },
) {
  const copy = activity.history;
  const entries: Timed[] = [];
  const add = (at: string, entry: Omit<HistoryEntry, "at">, sortAt = at) =>
    entries.push({ ...entry, at: shownTime(at, zone), sortAt, order: entries.length });

  // First whatever its time: what its arrival set off (a meeting's invitation) may be stamped a
  // moment before the submission itself.
  add(
    submission.createdAt,
    {
      who: null,
      sentence: [copy.received],
      state:
        submission.status === "spam" && submission.spamReason
          ? `${workspace.inbox.states.spam} (${submission.spamReason})`
          : null,
      problem: false,
      details: [],
    },
    "",
  );
  // Before the e-mails that tell of it, which carry the same moment.
  if (meeting?.status === "cancelled" && meeting.cancelledAt) {
    add(meeting.cancelledAt, {
      who: null,
      sentence: [fillTemplate(copy.cancelled, { state: meetingStateLabel(meeting, now, zone).toLowerCase() })],
      state: null,
      problem: false,
      details: [],
    });
  }
  // The latest move, told when its e-mails went: the booking keeps the start before it.
  const lastUpdate = submission.mail.filter((mail) => mail.kind === "update").at(-1);
  if (meeting?.previousStart && lastUpdate) {
    add(lastUpdate.createdAt, {
      who: null,
      sentence: [
        fillTemplate(copy.moved, {
          from: formatTime(meeting.previousStart, zone),
          to: formatTime(meeting.start, zone),
        }),
      ],
      state: null,
      problem: false,
      details: [],
    });
  }
  for (const mail of submission.mail) {
    const details = [
      mail.status !== "sent" && mail.attempts ? fillTemplate(activity.mail.attempts, { count: mail.attempts }) : "",
      mail.status !== "sent" && mail.lastError ? fillTemplate(activity.mail.lastError, { error: mail.lastError }) : "",
    ].filter(Boolean);
    add(mail.createdAt, {
      who: null,
      sentence: [fillTemplate(copy.mail, { mail: mailLabel(mail, submission.kind) })],
      state:
        mailStateLabel(mail.status) +
        (mail.sentAt ? ` ${formatTime(mail.sentAt, zone)}` : "") +
        (details.length ? ` (${details.join("; ")})` : ""),
      problem: mail.status === "failed",
      details: [],
    });
  }
  const deliveries = await webhookLog(db, submission.id);
  for (const delivery of deliveries) {
    add(delivery.createdAt, {
      who: null,
      sentence: [fillTemplate(copy.webhook, { event: delivery.type, endpoint: delivery.endpoint })],
      state:
        webhookStateLabel(delivery.status) +
        (delivery.deliveredAt ? ` ${formatTime(delivery.deliveredAt, zone)}` : "") +
        (delivery.nextAttemptAt
          ? `, ${fillTemplate(workspace.submission.webhooks.nextAttempt, { time: formatTime(delivery.nextAttemptAt, zone) })}`
          : ""),
      problem: delivery.status === "failed",
      details: [
        ...delivery.attempts.map((attempt) =>
          fillTemplate(workspace.submission.webhooks.attempt, {
            time: formatTime(attempt.at, zone),
            result: attemptResult(attempt),
            ms: attempt.durationMs,
          }),
        ),
        ...(delivery.attempts.length === 0 && delivery.lastError ? [delivery.lastError] : []),
      ],
    });
  }
  const events = await db
    .selectFrom("audit_events")
    .selectAll()
    .where("target", "=", submission.id)
    .orderBy("id")
    .limit(500)
    .execute();
  const lines = await readableAudit(db, events, zone, { about: { id: submission.id, kind: submission.kind } });
  for (const [index, line] of lines.entries()) {
    add(events[index]?.at ?? line.at.iso, {
      who: line.who,
      sentence: line.sentence,
      state: null,
      problem: false,
      details: [],
    });
  }
  return {
    entries: entries
      .sort((a, b) => a.sortAt.localeCompare(b.sortAt) || a.order - b.order)
      .map(({ sortAt: _sortAt, order: _order, ...entry }): HistoryEntry => entry),
    webhooks: deliveries.length,
  };
}
