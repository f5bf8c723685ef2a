import { toExportRecord } from "#app/forms/export.server.ts";
import { describeFields } from "#app/forms/submission-fields.ts";
import { getSubmission, type SubmissionRecord } from "#app/forms/submissions.server.ts";
import type { Env } from "#app/platform/env.ts";
import { formatBytes } from "#app/platform/file-size.ts";
import { workspacePaths } from "#app/workspace/workspace-paths.ts";
import { kindFields } from "#app/workspace/inbox.server.ts";
import { formatTime, mailStateLabel, postingTitle, stateLabel } from "#app/workspace/workspace-display.ts";
import type { Command } from "./command.ts";
import { oneId } from "./one-id.ts";
import { characters, printable } from "./print.ts";

/** `show ID [--format json]`: one submission, its fields, files, notification, state and note. */
export const show: Command = async ({ db, env, args, options }) => {
  const id = await oneId(db, args[0] as string);
  if (!id) return 1;
  const submission = await getSubmission(db, id);
  if (!submission) throw new Error(`Submission ${id} disappeared while being read.`);
  console.log(
    options.format === "json"
      ? JSON.stringify({ ...toExportRecord(submission), mail: submission.mail }, null, 2)
      : describeSubmission(submission, env),
  );
};

function describeSubmission(submission: SubmissionRecord, env: Env) {
  const description = kindFields[submission.kind];
  const spam = submission.status === "spam";
  const head: Array<[string, string]> = [
    ["Received", formatTime(submission.createdAt)],
    ["State", stateLabel(spam, submission.progress)],
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
      ? `Notification e-mail\n${submission.mail
          .map((mail) => {
            const details = [
              mail.sentAt ? formatTime(mail.sentAt) : "",
              mail.status !== "sent" && mail.attempts ? `${mail.attempts} attempts` : "",
              mail.status !== "sent" && mail.lastError ? `last error: ${printable(mail.lastError)}` : "",
            ].filter(Boolean);
            return `  ${mail.receipt ? "Receipt to the sender: " : ""}${mailStateLabel(mail.status)}${details.length ? ` (${details.join("; ")})` : ""}`;
          })
          .join("\n")}`
      : "Notification e-mail\n  None (it was spam when it arrived).",
    `Internal note\n${submission.note ? indented(submission.note) : "  None."}`,
    `In the workspace: ${env.SITE_URL}${workspacePaths.submission(submission.id)}`,
  ];
  return sections.join("\n\n");
}
