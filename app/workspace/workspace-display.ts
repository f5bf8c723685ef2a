import type { SubmissionProgress } from "#app/platform/db.server.ts";
import { workspace } from "./workspace-content.ts";

// How the workspace names what it shows of a submission; the command line
// (`npm run submissions`) shows submissions with the same words.

/** Where the team is with a submission, as the inbox shows it. */
export const progressLabels: Record<SubmissionProgress, string> = {
  new: "New",
  in_progress: "In progress",
  done: "Done",
};

/** A submission's state: spam, or where the team is with it. */
export const stateLabel = (spam: boolean, progress: SubmissionProgress) =>
  spam ? workspace.inbox.states.spam : progressLabels[progress];

/** The posting an application was sent for, by its title when it arrived (else its address). */
export const postingTitle = ({ job, jobTitle }: { job: string | null; jobTitle: string | null }) =>
  job ? (jobTitle ?? job) : workspace.inbox.filters.generalApplication;

/** A notification's delivery state: "Sent", "Waiting to be sent", "Failed". */
export const mailStateLabel = (status: string) =>
  workspace.submission.mailStates[status as keyof typeof workspace.submission.mailStates] ?? status;

/** A webhook delivery's state: "Delivered", "Waiting to be sent", "Failed". */
export const webhookStateLabel = (status: string) =>
  workspace.submission.webhooks.states[status as keyof typeof workspace.submission.webhooks.states] ?? status;

/** One request of the delivery log: "HTTP 200", or what went wrong. */
export const attemptResult = (attempt: { statusCode: number | null; error: string | null }) =>
  attempt.error ?? `HTTP ${attempt.statusCode}`;

/** The inbox's status filter: "open" is everything not done; spam stays apart. */
export const states = ["open", "new", "in_progress", "done", "spam"] as const;
export type InboxState = (typeof states)[number];

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A stored ISO time as the workspace shows it: "23 Nov 2026, 12:39 UTC". */
export const formatTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
