import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { toCsv, toExportRecord } from "#app/forms/export.server.ts";
import { listSubmissions } from "#app/forms/submissions.server.ts";
import type { SubmissionKind } from "#app/platform/db.server.ts";
import { teamSheet } from "#app/workspace/inbox/inbox.server.ts";
import { type Command, kindNames, kinds } from "./command.ts";
import { writeOrExit } from "./write-file.ts";

/**
 * `export --format json|csv [--kind KIND] [--out FILE|FOLDER] [--spam | --all]`: every submission
 * as stored (JSON, for another system), or the team's sheets (CSV, the workspace's labels), one
 * file per kind in a folder or one kind's to a file or the screen.
 */
export const exportSubmissions: Command = async ({ db, options: { kind, format = "json", out, spam, all } }) => {
  if (format === "json") {
    const submissions = await listSubmissions(db, { kind, status: spam ? "spam" : undefined });
    const text = `${JSON.stringify(submissions.map(toExportRecord), null, 2)}\n`;
    if (out) {
      writeOrExit(out, text);
      console.log(`Wrote ${submissions.length} submission(s) to ${out}`);
    } else process.stdout.write(text);
    return;
  }
  const status = spam ? "spam" : all ? undefined : "received";
  const written: string[] = [];
  for (const sheetKind of kind ? [kind] : kinds) {
    const submissions = await listSubmissions(db, { kind: sheetKind, status, newestFirst: true });
    const csv = toCsv(await teamSheet(db, sheetKind, submissions));
    if (!out) {
      process.stdout.write(csv);
      break;
    }
    const file = sheetPath(out, sheetKind, { folder: !kind });
    writeOrExit(file, csv);
    written.push(`  ${file}: ${counted(submissions.length, sheetKind)}`);
  }
  if (written.length)
    console.log(`Wrote${status === "received" ? " (spam left out: --all includes it)" : ""}:\n${written.join("\n")}`);
};

/** Where a sheet goes: one per kind into the folder --out names; one kind's into the file (or the folder) named. */
function sheetPath(out: string, kindOfSheet: SubmissionKind, { folder }: { folder: boolean }) {
  const inFolder =
    folder || out.endsWith("/") || out.endsWith(path.sep) || (existsSync(out) && statSync(out).isDirectory());
  return inFolder ? path.join(out, kindNames[kindOfSheet].file) : out;
}

const counted = (count: number, kindOfSheet: SubmissionKind) =>
  `${count} ${count === 1 ? kindNames[kindOfSheet].one : kindNames[kindOfSheet].plural}`;
