import { formatBytes } from "#app/platform/file-size.ts";
import type { SubmissionFields } from "./submission-fields.ts";
import type { SubmissionRecord } from "./submissions.server.ts";

// The shapes `npm run submissions -- export` writes: JSON for systems, CSV for spreadsheets.

export function toExportRecord(submission: SubmissionRecord) {
  return {
    id: submission.id,
    kind: submission.kind,
    createdAt: submission.createdAt,
    status: submission.status,
    progress: submission.progress,
    note: submission.note,
    ...(submission.spamReason ? { spamReason: submission.spamReason } : {}),
    ...(submission.kind === "application" ? { job: submission.job, jobTitle: submission.jobTitle } : {}),
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

/** Makes Excel read a CSV file as UTF-8, accents intact (other spreadsheets and programs skip it). */
export const utf8Bom = "\uFEFF";

/** A CSV file of one sheet: UTF-8 with a byte-order mark, CRLF line ends, every cell formula-safe. */
export function toCsv(rows: unknown[][]) {
  return `${utf8Bom}${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** What the sheet says where a stored code would mean little to its reader. */
export type SheetLabels = {
  state: (submission: SubmissionRecord) => string;
  /** The posting's title, for a kind sent for a posting (applications); null for the others. */
  posting: ((submission: SubmissionRecord) => string) | null;
  /** An e-mail by what it is, whom it went to and its state: "Invitation to the visitor: Sent". */
  mail: (mail: SubmissionRecord["mail"][number], submission: SubmissionRecord) => string;
};

/**
 * One kind's sheet, as the team reads it: a header row of labels, then one row per submission
 * with the values the workspace shows (a budget's label rather than its code). `toExportRecord`
 * (JSON) keeps the stored codes and every field.
 */
export function submissionSheet(description: SubmissionFields, submissions: SubmissionRecord[], labels: SheetLabels) {
  const textColumns: Array<{ key: string; label: string; values?: Record<string, string> }> = [
    ...description.rows,
    ...(description.longText ? [description.longText] : []),
  ];
  const header = [
    "Id",
    "Received (UTC)",
    "State",
    ...(labels.posting ? ["Posting"] : []),
    ...textColumns.map((column) => column.label),
    "Files",
    "E-mails",
    "Note",
  ];
  const rows = submissions.map((submission) => [
    submission.id,
    // The form spreadsheets read as a date and time.
    submission.createdAt.slice(0, 19).replace("T", " "),
    labels.state(submission),
    ...(labels.posting ? [labels.posting(submission)] : []),
    ...textColumns.map((column) => {
      const value = submission.fields[column.key];
      return value ? (column.values?.[value] ?? value) : "";
    }),
    submission.attachments.map((file) => `${file.name} (${formatBytes(file.size)})`).join("; "),
    submission.mail.map((mail) => labels.mail(mail, submission)).join("; "),
    submission.note,
  ]);
  return [header, ...rows];
}
