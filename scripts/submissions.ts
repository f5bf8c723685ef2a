// Reads the stored submissions: `npm run submissions -- <command>`. Uses DATA_DIR / DATABASE_URL
// like the server. Output goes to stdout for the operator; nothing here is logged. Submissions
// are shown as the workspace shows them (its labels, app/workspace/workspace-display.ts); the
// JSON export keeps the stored codes, for other programs.
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SubmissionRecord } from "#app/forms/submissions.server.ts";
import type { SubmissionKind } from "#app/platform/db.server.ts";
import { argsOrExit, envOrExit, errorText, exit, openDatabaseOrExit } from "./cli.ts";

const usage = `Usage: npm run submissions -- <command>

  list [--kind KIND] [--spam | --all]      a table of submissions, newest first; spam is left
                                           out unless --spam (only spam) or --all (everything)
  show ID [--format json]                  one submission: its fields, files, notification,
                                           status and note; ID may be the start of an id when
                                           no other id starts the same way
  export --format csv --out FOLDER [--spam | --all]
                                           one spreadsheet file per kind, FOLDER/inquiries.csv,
                                           FOLDER/applications.csv and FOLDER/meetings.csv:
                                           labels as the workspace shows them, UTF-8
                                           (accents intact in Excel too)
  export --format csv --kind KIND [--out FILE] [--spam | --all]
                                           one kind's sheet, to FILE or to the screen
  export --format json [--kind KIND] [--out FILE] [--spam]
                                           every submission as stored (spam included, stored
                                           codes), for another system
  attachment ID NAME --out FILE            writes one stored file to FILE
  retry-mail                               puts mail that failed for good back in the queue
  webhooks ID                              one submission's webhook deliveries: each endpoint,
                                           its state and every attempt (time, answer, error)
  redeliver ID                             sends the submission's webhooks again, at once and
                                           with the same webhook-id; a running server sends them
  enable-webhook NAME                      sends to an endpoint that answered 410 Gone again
  consents [--format json]                 the recorded cookie choices (proof of consent)

KIND is contact (inquiries), application (job applications) or meeting (booked meetings).`;

const { positionals, values } = argsOrExit(
  {
    kind: { type: "string" },
    format: { type: "string" },
    out: { type: "string" },
    spam: { type: "boolean" },
    all: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  usage,
);

const [command, ...args] = positionals;
if (values.help || !command) exit(usage, values.help ? 0 : 2);
const commands = [
  "list",
  "show",
  "export",
  "attachment",
  "retry-mail",
  "consents",
  "webhooks",
  "redeliver",
  "enable-webhook",
];
if (!commands.includes(command)) exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);
if (
  values.kind !== undefined &&
  values.kind !== "contact" &&
  values.kind !== "application" &&
  values.kind !== "meeting"
)
  exit(`--kind must be contact, application or meeting\n\n${usage}`);
const kind = values.kind as SubmissionKind | undefined;
if (values.spam && values.all) exit(`--spam shows only spam and --all everything: give one of them\n\n${usage}`);
for (const needsId of ["show", "webhooks", "redeliver"]) {
  if (command === needsId && !args[0])
    exit(`${needsId} needs an ID (or the start of one): npm run submissions -- ${needsId} ID`);
}
if (command === "enable-webhook" && !args[0])
  exit(
    "enable-webhook needs the endpoint's name (as in WEBHOOK_ENDPOINTS): npm run submissions -- enable-webhook NAME",
  );
if (command === "show" && values.format !== undefined && values.format !== "json")
  exit(`show --format must be json (or left out for text)\n\n${usage}`);
if (command === "export" && values.format !== undefined && values.format !== "json" && values.format !== "csv")
  exit(`--format must be json or csv\n\n${usage}`);
if (command === "export" && values.format === "csv" && !kind && !values.out) {
  exit(
    "A CSV file holds one sheet, and each kind has columns of its own. Give --out FOLDER for one file per\n" +
      "kind (FOLDER/inquiries.csv, FOLDER/applications.csv and FOLDER/meetings.csv), or --kind for one kind:\n\n" +
      "  npm run submissions -- export --format csv --out exports\n" +
      "  npm run submissions -- export --format csv --kind contact > inquiries.csv",
  );
}
if (command === "attachment" && (!args[0] || !args[1] || !values.out))
  exit(`attachment needs ID, NAME and --out FILE\n\n${usage}`);

const env = envOrExit();
// Loaded once the configuration is known to be good (scripts/cli.ts says why).
const { retryFailedMail } = await import("#app/platform/outbox.server.ts");
const { enableWebhook, redeliverSubmission, webhookLog } = await import("#app/platform/webhooks.server.ts");
const { formatBytes } = await import("#app/platform/file-size.ts");
const { listConsentRecords } = await import("#app/consent/consent.server.ts");
const { toCsv, toExportRecord } = await import("#app/forms/export.server.ts");
const { describeFields } = await import("#app/forms/submission-fields.ts");
const { workspacePaths } = await import("#app/workspace/workspace-paths.ts");
const { getAttachment, getSubmission, listSubmissions, submissionIdsStartingWith } = await import(
  "#app/forms/submissions.server.ts"
);
const { kindFields, teamSheet } = await import("#app/workspace/inbox.server.ts");
const { attemptResult, formatTime, mailStateLabel, postingTitle, stateLabel, webhookStateLabel } = await import(
  "#app/workspace/workspace-display.ts"
);

/** Each kind in the plural, and the file of its sheet when the export writes one per kind. */
const kindNames = {
  contact: { one: "inquiry", plural: "inquiries", file: "inquiries.csv" },
  application: { one: "application", plural: "applications", file: "applications.csv" },
  meeting: { one: "meeting", plural: "meetings", file: "meetings.csv" },
} as const;
const kinds = Object.keys(kindNames) as SubmissionKind[];

/** What visitors typed, safe to print: no control characters (a terminal would act on them). */
const controls = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const printable = (text: string, { lines = false } = {}) =>
  text.replace(controls, (character) =>
    character === "\n" && lines ? character : "\t\r\n".includes(character) ? " " : "\ufffd",
  );
const characters = (text: string) => [...text].length;
const clip = (text: string, most = 40) =>
  characters(text) > most ? `${[...text].slice(0, most - 1).join("")}…` : text;

/** Columns padded to their widest cell, a header row first; the last column is not padded. */
function table(rows: string[][]) {
  const widths = rows.reduce<number[]>(
    (widest, row) => row.map((cell, column) => Math.max(widest[column] ?? 0, characters(cell))),
    [],
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell + " ".repeat((widths[column] ?? 0) - characters(cell)),
        )
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const received = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
/** The notification's state (the visitor's receipt is shown by `show`). */
const mailSummary = (submission: SubmissionRecord) =>
  submission.mail
    .filter((mail) => !mail.receipt)
    .map((mail) => mailStateLabel(mail.status))
    .join(", ") || "-";

function listTable(submissions: SubmissionRecord[]) {
  return table([
    ["Id", "Received (UTC)", "Kind", "State", "Posting", "Name", "E-mail", "Files", "Mail"],
    ...submissions.map((submission) => {
      const description = kindFields[submission.kind];
      const sender = description.sender(submission.fields);
      return [
        submission.id,
        received(submission.createdAt),
        description.label,
        stateLabel(submission.status === "spam", submission.progress),
        submission.kind === "application" ? clip(printable(postingTitle(submission.job)), 30) : "-",
        clip(printable(sender.name)) || "-",
        clip(printable(sender.email)) || "-",
        String(submission.attachments.length),
        mailSummary(submission),
      ];
    }),
  ]);
}

function describeSubmission(submission: SubmissionRecord) {
  const description = kindFields[submission.kind];
  const spam = submission.status === "spam";
  const head: Array<[string, string]> = [
    ["Received", formatTime(submission.createdAt)],
    ["State", stateLabel(spam, submission.progress)],
    ...(spam && submission.spamReason ? [["Spam because", submission.spamReason] as [string, string]] : []),
    ...(submission.kind === "application"
      ? [["Posting", printable(postingTitle(submission.job))] as [string, string]]
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

/** Where a sheet goes: one per kind into the folder --out names; one kind's into the file (or the folder) named. */
function sheetPath(out: string, kindOfSheet: SubmissionKind, { folder }: { folder: boolean }) {
  const inFolder =
    folder || out.endsWith("/") || out.endsWith(path.sep) || (existsSync(out) && statSync(out).isDirectory());
  return inFolder ? path.join(out, kindNames[kindOfSheet].file) : out;
}

/** Writes a file the operator named; a folder that cannot take it ends the command with the reason. */
function writeOrExit(file: string, content: string | Buffer) {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  } catch (error) {
    exit(`Could not write ${file}: ${errorText(error)}`, 1);
  }
}

const counted = (count: number, kindOfSheet: SubmissionKind) =>
  `${count} ${count === 1 ? kindNames[kindOfSheet].one : kindNames[kindOfSheet].plural}`;

type WebhookDelivery = Awaited<ReturnType<typeof webhookLog>>[number];

/** Each delivery on a line of its own, its attempts indented below it. */
function webhookReport(deliveries: WebhookDelivery[]) {
  return deliveries
    .map((delivery) => {
      const state = [
        webhookStateLabel(delivery.status),
        delivery.deliveredAt ? formatTime(delivery.deliveredAt) : "",
        delivery.nextAttemptAt ? `next attempt ${formatTime(delivery.nextAttemptAt)}` : "",
      ].filter(Boolean);
      const attempts = delivery.attempts.map(
        (attempt) => `  ${attempt.at}  ${printable(attemptResult(attempt))}  ${attempt.durationMs} ms`,
      );
      const unsent = delivery.attempts.length === 0 && delivery.lastError ? [`  ${printable(delivery.lastError)}`] : [];
      return [`${delivery.endpoint}  ${delivery.type}  ${state.join(", ")}`, ...attempts, ...unsent].join("\n");
    })
    .join("\n\n");
}

const database = await openDatabaseOrExit(env);
const { db } = database;
let code = 0;

/** The one submission whose id is or starts with `wanted`; otherwise says why (listing the candidates) and gives null. */
async function oneId(wanted: string) {
  const start = wanted.trim().toLowerCase();
  const ids = await submissionIdsStartingWith(db, start, 11);
  if (ids.length === 1) return ids[0] as string;
  code = 1;
  if (ids.length === 0) {
    console.error(
      start.length >= 36
        ? `No submission with the id ${wanted}.`
        : `No submission has an id starting with ${JSON.stringify(wanted)}.`,
    );
    return null;
  }
  const shown = (await Promise.all(ids.slice(0, 10).map((id) => getSubmission(db, id))))
    .filter((submission) => submission !== null)
    .reverse();
  console.error(
    `${ids.length > 10 ? "More than 10" : ids.length} submissions have an id starting with ${JSON.stringify(wanted)}; give more of it:\n\n${listTable(shown)}`,
  );
  return null;
}
try {
  switch (command) {
    case "list": {
      const status = values.spam ? "spam" : values.all ? undefined : "received";
      const submissions = await listSubmissions(db, { kind, status, newestFirst: true });
      if (submissions.length === 0)
        console.log(`No ${values.spam ? "spam" : kind ? kindNames[kind].plural : "submissions"} yet.`);
      else console.log(listTable(submissions));
      if (status === "received") {
        let spam = db
          .selectFrom("submissions")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("status", "=", "spam");
        if (kind) spam = spam.where("kind", "=", kind);
        const hidden = Number((await spam.executeTakeFirstOrThrow()).count);
        if (hidden) console.log(`\n${hidden} spam not shown: --spam shows only spam, --all everything.`);
      }
      break;
    }
    case "show": {
      const id = await oneId(args[0] as string);
      if (!id) break;
      const submission = await getSubmission(db, id);
      if (!submission) throw new Error(`Submission ${id} disappeared while being read.`);
      console.log(
        values.format === "json"
          ? JSON.stringify({ ...toExportRecord(submission), mail: submission.mail }, null, 2)
          : describeSubmission(submission),
      );
      break;
    }
    case "export": {
      const format = values.format ?? "json";
      if (format === "json") {
        const submissions = await listSubmissions(db, { kind, status: values.spam ? "spam" : undefined });
        const text = `${JSON.stringify(submissions.map(toExportRecord), null, 2)}\n`;
        if (values.out) {
          writeOrExit(values.out, text);
          console.log(`Wrote ${submissions.length} submission(s) to ${values.out}`);
        } else process.stdout.write(text);
        break;
      }
      const status = values.spam ? "spam" : values.all ? undefined : "received";
      const written: string[] = [];
      for (const sheetKind of kind ? [kind] : kinds) {
        const submissions = await listSubmissions(db, { kind: sheetKind, status, newestFirst: true });
        const csv = toCsv(teamSheet(sheetKind, submissions));
        if (!values.out) {
          process.stdout.write(csv);
          break;
        }
        const file = sheetPath(values.out, sheetKind, { folder: !kind });
        writeOrExit(file, csv);
        written.push(`  ${file}: ${counted(submissions.length, sheetKind)}`);
      }
      if (written.length)
        console.log(
          `Wrote${status === "received" ? " (spam left out: --all includes it)" : ""}:\n${written.join("\n")}`,
        );
      break;
    }
    case "attachment": {
      const [id, name] = args as [string, string];
      const file = await getAttachment(db, id, name);
      if (!file) exit(`No file named ${JSON.stringify(name)} in submission ${id}.`, 1);
      writeOrExit(values.out as string, file.content);
      console.log(`Wrote ${file.content.length} bytes (${file.type}) to ${values.out}`);
      break;
    }
    case "consents": {
      const records = await listConsentRecords(db);
      if (values.format === "json") process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
      else if (records.length === 0) console.log("No cookie choices recorded yet.");
      else
        for (const record of records)
          console.log(
            [
              record.createdAt,
              record.consentId,
              `revision ${record.revision}`,
              record.categories.join("+"),
              record.source,
            ].join("  "),
          );
      break;
    }
    case "webhooks": {
      const id = await oneId(args[0] as string);
      if (!id) break;
      const deliveries = await webhookLog(db, id);
      console.log(
        deliveries.length
          ? webhookReport(deliveries)
          : `No webhooks for ${id}: none is configured (WEBHOOK_ENDPOINTS), or it arrived as spam.`,
      );
      break;
    }
    case "redeliver": {
      const id = await oneId(args[0] as string);
      if (!id) break;
      const count = await redeliverSubmission(db, id);
      console.log(
        count
          ? `${count} webhook deliveries of ${id} queued again; a running server sends them within seconds (npm run submissions -- webhooks ${id} shows them).`
          : `Nothing to send again for ${id}: it has no webhook deliveries, or they are being sent right now.`,
      );
      break;
    }
    case "enable-webhook": {
      const name = args[0] as string;
      console.log(
        (await enableWebhook(db, name))
          ? `The endpoint ${name} is enabled again. Send what it missed with: npm run submissions -- redeliver ID`
          : `The endpoint ${name} was not disabled.`,
      );
      break;
    }
    case "retry-mail": {
      const count = await retryFailedMail(db);
      console.log(`${count} failed message(s) queued again; a running server sends them within seconds.`);
      break;
    }
  }
} finally {
  await db.destroy();
}
process.exitCode = code;
