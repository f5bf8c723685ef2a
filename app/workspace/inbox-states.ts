import type { SubmissionProgress } from "#app/platform/db.server.ts";

/** Where the team is with a submission, as the inbox shows it. */
export const progressLabels: Record<SubmissionProgress, string> = { new: "New", in_progress: "In progress", done: "Done" };

/** The inbox's status filter: "open" is everything not done; spam stays apart. */
export const states = ["open", "new", "in_progress", "done", "spam"] as const;
export type InboxState = (typeof states)[number];
