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

/**
 * A phone number as people write it: digits with spaces, + ( ) - . / between, at least six
 * digits. A spreadsheet would read "+91 98765 43210" as a formula (Excel: an error) and
 * "+4915112345678" or "0987654321" as a number (the + or the 0 lost).
 */
const phoneNumber = /^[+(]?\d[\d ()./-]{4,38}$/;
const isPhoneNumber = (text: string) => phoneNumber.test(text) && (text.match(/\d/g)?.length ?? 0) >= 6;

/**
 * A CSV cell (decision 047). A phone number is written as a text formula (`="+91 98765 43210"`):
 * Excel and LibreOffice show it as typed, and without a letter in it the formula can only ever
 * be that text. Anything else a spreadsheet would run as a formula (= + - @ tab or CR first,
 * OWASP's CSV injection) is prefixed with an apostrophe.
 */
export function csvCell(value: unknown) {
  let text = value === null || value === undefined ? "" : String(value);
  if (isPhoneNumber(text)) text = `="${text}"`;
  else if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A time as every sheet writes it: "2026-12-02 20:30:00", in UTC (the column says so), to the
 * second. ISO 8601's date and time with the space RFC 3339 allows for the T, which Excel and
 * LibreOffice both read as a date and time (decision 047). Text that is not a time stays as it is.
 */
export function sheetTime(iso: string) {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toISOString().slice(0, 19).replace("T", " ");
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
  const textColumns: SubmissionFields["rows"] = [
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
    sheetTime(submission.createdAt),
    labels.state(submission),
    ...(labels.posting ? [labels.posting(submission)] : []),
    ...textColumns.map((column) => {
      const value = submission.fields[column.key];
      if (!value) return "";
      return column.time ? sheetTime(value) : (column.values?.[value] ?? value);
    }),
    submission.attachments.map((file) => `${file.name} (${formatBytes(file.size)})`).join("; "),
    submission.mail.map((mail) => labels.mail(mail, submission)).join("; "),
    submission.note,
  ]);
  return [header, ...rows];
}
