import { env } from "#app/platform/env.server.ts";
import { formatBytes } from "#app/platform/file-size.ts";
import { escapeHtml } from "#app/platform/html.ts";
import { cleanFileName } from "./file-names.ts";
import { formsEnv } from "./forms-env.server.ts";
import { workspacePaths } from "#app/workspace/workspace-paths.ts";
import { type StoredFields, type SubmissionFields, describeFields } from "./submission-fields.ts";
import type { Notification } from "./submissions.server.ts";

// Notification e-mails, built from what was stored and its kind's description, so a submission
// released from spam later gets the same e-mail it would have got at once. Plain text plus an
// HTML version in which everything the visitor typed is escaped. Files are listed by name and
// size, never attached: they stay in the database, and the e-mail links to the submission's
// page in the workspace, where they are downloaded.

export type NotifiedSubmission = {
  id: string;
  jobTitle: string | null;
  fields: StoredFields;
  files: Array<{ name: string; type: string; size: number }>;
};

/** Which of the site's addresses hears of this kind (and answers its visitors). */
export const notificationRecipient = (description: SubmissionFields) =>
  description.notification.to === "careers" ? (formsEnv.CAREERS_EMAIL ?? env.CONTACT_EMAIL) : env.CONTACT_EMAIL;

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ").trim();

export function notificationFor(description: SubmissionFields, submission: NotifiedSubmission): Notification {
  const { notification } = description;
  const sender = description.sender(submission.fields);
  const intro = notification.intro.replace("{id}", submission.id);
  const link = `${env.SITE_URL}${workspacePaths.submission(submission.id)}`;
  const rows = [
    ...(notification.context?.(submission.jobTitle) ?? []),
    ...describeFields(description, submission.fields),
  ];
  const longText = description.longText && submission.fields[description.longText.key];
  // Names are cleaned on arrival and when read; cleaned here too, as an e-mail cannot be taken back.
  const fileLines = submission.files.map(
    (file) => `${cleanFileName(file.name)} (${formatBytes(file.size)}, ${file.type})`,
  );
  const text = [
    intro,
    "",
    `Open it in the workspace: ${link}`,
    "",
    ...rows.map(({ label, value }) => `${label}: ${value}`),
    ...(longText ? ["", `${description.longText?.label}:`, longText] : []),
    ...(fileLines.length ? ["", "Files (in the workspace):", ...fileLines.map((line) => `- ${line}`)] : []),
    "",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open it in the workspace</a></p>`,
    "<table>",
    ...rows.map(
      ({ label, value }) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    "</table>",
    ...(longText
      ? [
          `<h3>${escapeHtml(description.longText?.label ?? "")}</h3>`,
          `<p style="white-space:pre-wrap">${escapeHtml(longText)}</p>`,
        ]
      : []),
    ...(fileLines.length
      ? ["<h3>Files (in the workspace)</h3><ul>", ...fileLines.map((line) => `<li>${escapeHtml(line)}</li>`), "</ul>"]
      : []),
  ].join("\n");
  return {
    recipient: notificationRecipient(description),
    replyTo: sender.email || null,
    subject: oneLine(notification.subject(sender, submission.jobTitle)).slice(0, 200),
    text,
    html,
  };
}
