import { toExportRecord } from "#app/forms/export.server.ts";
import { describeFields } from "#app/forms/submission-fields.ts";
import { getSubmission, type SubmissionRecord } from "#app/forms/submissions.server.ts";
import type { Env } from "#app/platform/env.ts";
import { formatBytes } from "#app/platform/file-size.ts";
import { workspacePaths } from "#app/workspace/workspace-paths.ts";
import { kindFields } from "#app/workspace/inbox/inbox.server.ts";
import type { MeetingState } from "#app/booking/meeting-queries.server.ts";
import { formatTime, postingTitle, stateLabel } from "#app/workspace/shell/workspace-display.ts";
import type { Command } from "./command.ts";
import { warnIfLinksGuessed } from "../cli.ts";
import { oneId } from "./one-id.ts";
import { characters, mailLine, meetingsOf, printable } from "./print.ts";

/** `show ID [--format json]`: one submission, its fields, files, notification, state and note. */
export const show: Command = async ({ db, env, args, options }) => {
  const id = await oneId(db, args[0] as string);
  if (!id) return 1;
  const submission = await getSubmission(db, id);
  if (!submission) throw new Error(`Submission ${id} disappeared while being read.`);
  const meeting = (await meetingsOf(db, [submission])).get(submission.id) ?? null;
  // The text names the submission's page in the workspace by SITE_URL.
  if (options.format !== "json") warnIfLinksGuessed(env);
  console.log(
    options.format === "json"
      ? JSON.stringify(
          { ...toExportRecord(submission), mail: submission.mail, ...(meeting ? { meeting } : {}) },
          null,
          2,
        )
      : describeSubmission(submission, meeting, env),
  );
};

function describeSubmission(submission: SubmissionRecord, meeting: MeetingState | null, env: Env) {
  const description = kindFields[submission.kind];
  const spam = submission.status === "spam";
  const head: Array<[string, string]> = [
    ["Received", formatTime(submission.createdAt)],
    ["State", stateLabel(spam, submission.progress, meeting)],
    ...(meeting ? [["Takes place", formatTime(meeting.start)] as [string, string]] : []),
    ...(spam && submission.spamReason ? [["Spam because", submission.spamReason] as [string, string]] : []),
    ...(submission.kind === "application"
      ? [["Posting", printable(postingTitle(submission))] as [string, string]]
      : []),
  ];
  const fields = describeFields(description, submission.fields).map(({ label, value }): [string, string] => [
    label,
    printable(value),
  ]);
  const width = Math.max(...[...head, ...fields].map(([label]) => characters(label))) + 2;
  const rows = (entries: Array<[string, string]>) =>
    entries.map(([label, value]) => `${label.padEnd(width)}${value}`).join("\n");
  const indented = (text: string) =>
    printable(text, { lines: true })
      .split(/\r?\n/)
      .map((line) => `  ${line}`.trimEnd())
      .join("\n");
  const longText = description.longText ? submission.fields[description.longText.key] : null;
  const sections = [
    `${description.label} ${submission.id}\n${rows(head)}`,
    rows(fields),
    ...(description.longText && longText ? [`${description.longText.label}\n${indented(longText)}`] : []),
    submission.attachments.length
      ? `Files\n${submission.attachments.map((file) => `  ${printable(file.name)}  (${file.type}, ${formatBytes(file.size)})`).join("\n")}\n` +
        `  Save one: npm run submissions -- attachment ${submission.id} NAME --out FILE`
      : "Files\n  None were sent.",
    submission.mail.length
      ? `E-mails\n${submission.mail.map((mail) => `  ${mailLine(mail, submission, formatTime)}`).join("\n")}`
      : "E-mails\n  None (it was spam when it arrived).",
    `Internal note\n${submission.note ? indented(submission.note) : "  None."}`,
    `In the workspace: ${env.SITE_URL}${workspacePaths.submission(submission.id)}`,
  ];
  return sections.join("\n\n");
}
