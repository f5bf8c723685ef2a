// Submissions shown on the operator's terminal as the workspace shows them (its labels,
// app/workspace/workspace-display.ts).
import type { SubmissionRecord } from "#app/forms/submissions.server.ts";
import { kindFields } from "#app/workspace/inbox.server.ts";
import { mailStateLabel, postingTitle, stateLabel } from "#app/workspace/workspace-display.ts";

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
/** The notification's state (the visitor's receipt is shown by `show`). */
const mailSummary = (submission: SubmissionRecord) =>
  submission.mail
    .filter((mail) => !mail.receipt)
    .map((mail) => mailStateLabel(mail.status))
    .join(", ") || "-";

/** One line per submission: id, time, kind, state, posting, sender, files and notification. */
export function listTable(submissions: SubmissionRecord[]) {
  return table([
    ["Id", "Received (UTC)", "Kind", "State", "Posting", "Name", "E-mail", "Files", "Mail"],
    ...submissions.map((submission) => {
      const description = kindFields[submission.kind];
      const sender = description.sender(submission.fields);
      return [
        submission.id,
        received(submission.createdAt),
        description.label,
        stateLabel(submission.status === "spam", submission.progress),
        submission.kind === "application" ? clip(printable(postingTitle(submission)), 30) : "-",
        clip(printable(sender.name)) || "-",
        clip(printable(sender.email)) || "-",
        String(submission.attachments.length),
        mailSummary(submission),
      ];
    }),
  ]);
}
