// Submissions shown on the operator's terminal as the workspace shows them (its labels,
// app/workspace/shell/workspace-display.ts).
import type { Kysely } from "kysely";
import { type MeetingState, meetingsOfSubmissions } from "#app/booking/meeting-queries.server.ts";
import type { SubmissionRecord } from "#app/forms/submissions.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { kindFields } from "#app/workspace/inbox/inbox.server.ts";
import { mailLabel, mailStateLabel, postingTitle, stateLabel } from "#app/workspace/shell/workspace-display.ts";

/** What visitors typed, safe to print: no control characters (a terminal would act on them). */
const controls = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
export const printable = (text: string, { lines = false } = {}) =>
  text.replace(controls, (character) =>
    character === "\n" && lines ? character : "\t\r\n".includes(character) ? " " : "\ufffd",
  );
export const characters = (text: string) => [...text].length;
const clip = (text: string, most = 40) =>
  characters(text) > most ? `${[...text].slice(0, most - 1).join("")}…` : text;

/** Columns padded to their widest cell, a header row first; the last column is not padded. */
function table(rows: string[][]) {
  const widths = rows.reduce<number[]>(
    (widest, row) => row.map((cell, column) => Math.max(widest[column] ?? 0, characters(cell))),
    [],
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell + " ".repeat((widths[column] ?? 0) - characters(cell)),
        )
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const received = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
/** The team's notification's state (`show` lists every e-mail by what it is). */
const mailSummary = (submission: SubmissionRecord) =>
  submission.mail
    .filter((mail) => mail.kind === "notification" || (mail.kind === null && !mail.receipt))
    .map((mail) => mailStateLabel(mail.status))
    .join(", ") || "-";

/** The meetings of these submissions, whose state the lists show as the workspace does. */
export const meetingsOf = (db: Kysely<Schema>, submissions: SubmissionRecord[]) =>
  meetingsOfSubmissions(
    db,
    submissions.filter((submission) => submission.kind === "meeting").map((submission) => submission.id),
  );

/** "Invitation to the visitor: Sent 24 Nov 2026, 10:02 UTC (3 attempts; last error: …)". */
export function mailLine(
  mail: SubmissionRecord["mail"][number],
  submission: SubmissionRecord,
  formatTime: (iso: string) => string,
) {
  const details = [
    mail.sentAt ? formatTime(mail.sentAt) : "",
    mail.status !== "sent" && mail.attempts ? `${mail.attempts} attempts` : "",
    mail.status !== "sent" && mail.lastError ? `last error: ${printable(mail.lastError)}` : "",
  ].filter(Boolean);
  return `${mailLabel(mail, submission.kind)}: ${mailStateLabel(mail.status)}${details.length ? ` (${details.join("; ")})` : ""}`;
}

/** One line per submission: id, time, kind, state (a meeting's as the workspace says it), posting, sender, files and notification. */
export function listTable(submissions: SubmissionRecord[], meetings: Map<string, MeetingState> = new Map()) {
  return table([
    ["Id", "Received (UTC)", "Kind", "State", "Posting", "Name", "E-mail", "Files", "Notification"],
    ...submissions.map((submission) => {
      const description = kindFields[submission.kind];
      const sender = description.sender(submission.fields);
      return [
        submission.id,
        received(submission.createdAt),
        description.label,
        stateLabel(submission.status === "spam", submission.progress, meetings.get(submission.id) ?? null),
        submission.kind === "application" ? clip(printable(postingTitle(submission)), 30) : "-",
        clip(printable(sender.name)) || "-",
        clip(printable(sender.email)) || "-",
        String(submission.attachments.length),
        mailSummary(submission),
      ];
    }),
  ]);
}
