// Reads the stored submissions: `npm run submissions -- <command>`. Uses DATA_DIR / DATABASE_URL
// like the server. Output goes to stdout for the operator; nothing here is logged. Submissions
// are shown as the workspace shows them (its labels, app/workspace/shell/workspace-display.ts); the
// JSON export keeps the stored codes, for other programs. This file checks the arguments and
// hands them to the command's own module (scripts/submissions/), loaded once the configuration
// is known to be good (scripts/cli.ts says why).
import type { SubmissionKind } from "#app/platform/db.server.ts";
import { argsOrExit, envOrExit, exit, openDatabaseOrExit } from "./cli.ts";
import type { Command } from "./submissions/command.ts";

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
  attachment ID NAME --out FILE            writes one stored file to FILE; ID may be the start
                                           of an id, and a wrong NAME lists the files there are
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
const commands: Record<string, () => Promise<Command>> = {
  list: () => import("./submissions/list.ts").then((module) => module.list),
  show: () => import("./submissions/show.ts").then((module) => module.show),
  export: () => import("./submissions/export.ts").then((module) => module.exportSubmissions),
  attachment: () => import("./submissions/attachment.ts").then((module) => module.attachment),
  "retry-mail": () => import("./submissions/retry-mail.ts").then((module) => module.retryMail),
  consents: () => import("./submissions/consents.ts").then((module) => module.consents),
  webhooks: () => import("./submissions/webhooks.ts").then((module) => module.webhooks),
  redeliver: () => import("./submissions/redeliver.ts").then((module) => module.redeliver),
  "enable-webhook": () => import("./submissions/enable-webhook.ts").then((module) => module.enableWebhook),
};
const load = Object.hasOwn(commands, command) ? commands[command] : undefined;
if (!load) exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);
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
const run = await load();
const { db } = await openDatabaseOrExit(env);
let code: number | undefined;
try {
  code = await run({ db, env, args, options: { ...values, kind } });
} finally {
  await db.destroy();
}
process.exitCode = code ?? 0;
