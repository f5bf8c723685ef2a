// How the team reads one kind of stored submission: its name in the inbox, who sent it, and each
// stored field with the label the team uses. Each capability that stores submissions describes
// its own kind (app/contact/inquiry-fields.ts, app/careers/application-fields.ts); the workspace
// and the command line show submissions through these descriptions.
import { searchText } from "#app/platform/search-text.ts";

export type StoredFields = Record<string, string | null>;

export type Sender = { name: string; email: string; company: string | null };

export type SubmissionFields = {
  /** "Inquiry", "Application". */
  label: string;
  sender: (fields: StoredFields) => Sender;
  /** `time`: an ISO instant the site wrote, which sheets write in their one time format. */
  rows: Array<{ key: string; label: string; values?: Record<string, string>; time?: boolean }>;
  /**
   * The fields the person typed, which the inbox's search reads: not the codes of a choice (a
   * budget range), nor words or times the site wrote for them.
   */
  typed: string[];
  /** A few words about it for the team's chat, never personal data ("budget $25k–$50k"). */
  chatSummary?: (fields: StoredFields, jobTitle: string | null) => string | null;
  /** The long text (a project, a cover note), shown as a paragraph. */
  longText: { key: string; label: string } | null;
  /** The e-mail that tells the team: which of the site's addresses gets it, its subject and first line. */
  notification: {
    to: "contact" | "careers";
    /** `jobTitle`: an application's posting, by its title when the application arrived. */
    subject: (sender: Sender, jobTitle: string | null) => string;
    /** `{id}` stands for the submission's reference. */
    intro: string;
    /** Rows shown before the fields (an application's posting). */
    context?: (jobTitle: string | null) => Array<{ label: string; value: string }>;
  };
};

/** What the inbox's search reads of a submission: its typed values, folded (stored with it). */
export const submissionSearchText = (description: SubmissionFields, fields: StoredFields) =>
  searchText(description.typed.map((key) => fields[key]));

/** Each field's key, label and shown value, skipping the empty ones. */
export function describeFields(description: SubmissionFields, fields: StoredFields) {
  return description.rows.flatMap(({ key, label, values }) => {
    const value = fields[key];
    return value ? [{ key, label, value: values?.[value] ?? value }] : [];
  });
}
