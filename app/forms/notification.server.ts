import { escapeHtml, formatBytes } from "#app/platform/html.ts";
import type { Notification, StoredFile } from "./submissions.server.ts";

// Notification e-mails: plain text plus an HTML version in which everything the visitor typed is
// escaped. Files are listed by name and size, never attached: they stay in the database, and the
// e-mail links to the submission's page in the workspace, where they are downloaded.

export type NotificationInput = {
  recipient: string;
  replyTo: string | null;
  subject: string;
  intro: string;
  rows: Array<[label: string, value: string | null | undefined]>;
  longText?: { label: string; value: string };
  files: StoredFile[];
  /** The submission's page in the workspace (an absolute URL). */
  link: string;
};

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ").trim();

export function buildNotification(input: NotificationInput): Notification {
  const rows = input.rows.filter((row): row is [string, string] => Boolean(row[1]));
  const fileLines = input.files.map((file) => `${file.name} (${formatBytes(file.content.length)}, ${file.type})`);
  const text = [
    input.intro,
    "",
    `Open it in the workspace: ${input.link}`,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(input.longText ? ["", `${input.longText.label}:`, input.longText.value] : []),
    ...(fileLines.length ? ["", "Files (in the workspace):", ...fileLines.map((line) => `- ${line}`)] : []),
    "",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(input.intro)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">Open it in the workspace</a></p>`,
    "<table>",
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    "</table>",
    ...(input.longText
      ? [`<h3>${escapeHtml(input.longText.label)}</h3>`, `<p style="white-space:pre-wrap">${escapeHtml(input.longText.value)}</p>`]
      : []),
    ...(fileLines.length
      ? ["<h3>Files (in the workspace)</h3><ul>", ...fileLines.map((line) => `<li>${escapeHtml(line)}</li>`), "</ul>"]
      : []),
  ].join("\n");
  return { recipient: input.recipient, replyTo: input.replyTo, subject: oneLine(input.subject).slice(0, 200), text, html };
}
