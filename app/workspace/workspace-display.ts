import type { SubmissionProgress } from "#app/platform/db.server.ts";

/** Where the team is with a submission, as the inbox shows it. */
export const progressLabels: Record<SubmissionProgress, string> = { new: "New", in_progress: "In progress", done: "Done" };

/** The inbox's status filter: "open" is everything not done; spam stays apart. */
export const states = ["open", "new", "in_progress", "done", "spam"] as const;
export type InboxState = (typeof states)[number];

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A stored ISO time as the workspace shows it: "23 Nov 2026, 12:39 UTC". */
export const formatTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
