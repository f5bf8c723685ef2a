import type { Kysely } from "kysely";
import type { Env } from "#app/platform/env.ts";
import type { Schema, SubmissionKind } from "#app/platform/db.server.ts";

/** What the entry (scripts/submissions.ts) hands a command once its arguments are checked. */
export type CommandContext = {
  db: Kysely<Schema>;
  env: Env;
  /** The positional arguments after the command's name. */
  args: string[];
  options: { kind?: SubmissionKind; format?: string; out?: string; spam?: boolean; all?: boolean };
};

/** One subcommand of `npm run submissions`: its exit code when not 0. */
export type Command = (context: CommandContext) => Promise<number | undefined>;

/** Each kind in the singular and the plural, and the file of its sheet when the export writes one per kind. */
export const kindNames = {
  contact: { one: "inquiry", plural: "inquiries", file: "inquiries.csv" },
  application: { one: "application", plural: "applications", file: "applications.csv" },
  meeting: { one: "meeting", plural: "meetings", file: "meetings.csv" },
} as const;
export const kinds = Object.keys(kindNames) as SubmissionKind[];
