// Reads the stored submissions: `npm run submissions -- <command>`. Uses DATA_DIR / DATABASE_URL
// like the server. Output goes to stdout for the operator; nothing here is logged.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { envOrExit, exit } from "./cli.ts";
import { openDatabase } from "#app/platform/db.server.ts";
import { migrateToLatest } from "#app/platform/migrations.server.ts";
import { retryFailedMail } from "#app/platform/outbox.server.ts";
import { listConsentRecords } from "#app/consent/consent.server.ts";
import { toCsv, toExportRecord } from "#app/forms/export.server.ts";
import { getAttachment, getSubmission, listSubmissions } from "#app/forms/submissions.server.ts";

const usage = `Usage: npm run submissions -- <command>

  list [--kind contact|application]          one line per submission, oldest first
  show ID                                    one submission with its fields, files and mail status
  export --format json|csv [--kind KIND]     every submission, for a spreadsheet or another system
  attachment ID NAME --out FILE              writes one stored file to FILE
  retry-mail                                 puts mail that failed for good back in the queue
  consents [--format json]                   the recorded cookie choices (proof of consent)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    kind: { type: "string" },
    format: { type: "string" },
    out: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

const env = envOrExit();

const [command, ...args] = positionals;
if (values.help || !command) exit(usage, values.help ? 0 : 2);
const kind = values.kind;
if (kind !== undefined && kind !== "contact" && kind !== "application") exit(`--kind must be contact or application\n\n${usage}`);

const database = openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
const { db } = database;
try {
  await migrateToLatest(db, database.engine);
  switch (command) {
    case "list": {
      const submissions = await listSubmissions(db, { kind });
      if (submissions.length === 0) console.log("No submissions yet.");
      for (const submission of submissions) {
        const mail = submission.mail.map((entry) => entry.status).join(",") || "-";
        console.log(
          [submission.id, submission.createdAt, submission.kind, submission.status, submission.job ?? "", submission.fields.name ?? `${submission.fields.firstName ?? ""} ${submission.fields.lastName ?? ""}`.trim(), submission.fields.email ?? "", `${submission.attachments.length} file(s)`, `mail: ${mail}`].join("  "),
        );
      }
      break;
    }
    case "show": {
      const submission = args[0] ? await getSubmission(db, args[0]) : null;
      if (!submission) exit(`No submission with id ${args[0] ?? "(missing)"}.`, 1);
      console.log(JSON.stringify({ ...toExportRecord(submission), mail: submission.mail }, null, 2));
      break;
    }
    case "export": {
      const submissions = await listSubmissions(db, { kind });
      if ((values.format ?? "json") === "json") process.stdout.write(`${JSON.stringify(submissions.map(toExportRecord), null, 2)}\n`);
      else if (values.format === "csv") process.stdout.write(toCsv(submissions));
      else exit(`--format must be json or csv\n\n${usage}`);
      break;
    }
    case "attachment": {
      const [id, name] = args;
      if (!id || !name || !values.out) exit(`attachment needs ID, NAME and --out FILE\n\n${usage}`);
      const file = await getAttachment(db, id, name);
      if (!file) exit(`No file named ${JSON.stringify(name)} in submission ${id}.`, 1);
      writeFileSync(values.out, file.content);
      console.log(`Wrote ${file.content.length} bytes (${file.type}) to ${values.out}`);
      break;
    }
    case "consents": {
      const records = await listConsentRecords(db);
      if (values.format === "json") process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
      else if (records.length === 0) console.log("No cookie choices recorded yet.");
      else for (const record of records) console.log([record.createdAt, record.consentId, `revision ${record.revision}`, record.categories.join("+"), record.source].join("  "));
      break;
    }
    case "retry-mail": {
      const count = await retryFailedMail(db);
      console.log(`${count} failed message(s) queued again; a running server sends them within seconds.`);
      break;
    }
    default:
      exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);
  }
} finally {
  await db.destroy();
}
