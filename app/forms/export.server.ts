import type { SubmissionRecord } from "./submissions.server.ts";

// The shapes `npm run submissions -- export` writes: JSON for systems, CSV for spreadsheets.

export function toExportRecord(submission: SubmissionRecord) {
  return {
    id: submission.id,
    kind: submission.kind,
    createdAt: submission.createdAt,
    status: submission.status,
    ...(submission.spamReason ? { spamReason: submission.spamReason } : {}),
    ...(submission.kind === "application" ? { job: submission.job } : {}),
    fields: submission.fields,
    attachments: submission.attachments,
  };
}

/** A CSV cell; text a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function csvCell(value: unknown) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(submissions: SubmissionRecord[]) {
  const fieldNames = [...new Set(submissions.flatMap((submission) => Object.keys(submission.fields)))];
  const header = ["id", "kind", "createdAt", "status", "job", ...fieldNames, "attachments"];
  const rows = submissions.map((submission) => [
    submission.id,
    submission.kind,
    submission.createdAt,
    submission.status,
    submission.job,
    ...fieldNames.map((name) => submission.fields[name]),
    submission.attachments.map((file) => `${file.name} (${file.size} bytes)`).join("; "),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
