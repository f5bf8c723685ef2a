// Privacy tasks for the operator: `npm run privacy -- <command>`. Uses DATA_DIR / DATABASE_URL
// like the server (decision 021). Output goes to stdout for the operator; nothing here is logged.
import { writeFileSync } from "node:fs";
import type { Mention } from "#app/privacy/requests.server.ts";
import { now } from "#app/platform/clock.ts";
import { argsOrExit, envOrExit, errorText, exit, openDatabaseOrExit, warnIfLinksGuessed } from "./cli.ts";

const usage = `Usage: npm run privacy -- <command>

  purge [--dry-run]      runs the daily purge now: deletes what is past its retention period
                         (RETENTION_*): submissions with their files and e-mail copies (a
                         tombstone stays), sent e-mail copies; and rolls the page views of the
                         days that are over into daily totals, deleting the views after a few
                         days and the totals after ANALYTICS_KEEP_MONTHS;
                         --dry-run lists the submissions due and changes nothing
  export ADDRESS --out FILE
                         writes one JSON file of the person's data, to send to them: what they
                         sent with the address as theirs (every field, files in base64, the
                         e-mail copies about it) and other e-mails to the address
  erase ADDRESS          deletes the same, e-mail copies (and their files in DATA_DIR/mail)
                         included, and records the erasure (a keyed hash of the address, not the
                         address); meetings of theirs still to come are cancelled
  erasures [--out FILE]  the recorded erasures (hashes and dates): keep a copy beside the backups
  reapply-erasures [--from FILE] [--accept-unmatched-erasures]
                         erases again everyone recorded (and in FILE, a list saved by erasures),
                         after a backup was restored (docs/backups.md); a list made under another
                         site secret is refused unless --accept-unmatched-erasures

Other people's submissions that only mention the address (in their text, or the team's note)
are neither exported nor erased: both commands list them, with their workspace pages, to review.
Export and erasure requests are recorded with their date, without the address.`;

const { positionals, values } = argsOrExit(
  {
    "dry-run": { type: "boolean" },
    out: { type: "string" },
    from: { type: "string" },
    "accept-unmatched-erasures": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  usage,
);

const [command, address] = positionals;
if (values.help || !command) exit(usage, values.help ? 0 : 2);
const commands = ["purge", "export", "erase", "erasures", "reapply-erasures"];
if (!commands.includes(command)) exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);
if ((command === "export" || command === "erase") && !/^[^\s@]+@[^\s@]+$/.test(address ?? ""))
  exit(`${command} needs an e-mail ADDRESS\n\n${usage}`);
if (command === "export" && !values.out) exit(`export needs --out FILE\n\n${usage}`);

/** Writes a file the operator named; one that cannot be written ends the command with the reason. */
function writeOrExit(file: string, content: string) {
  try {
    writeFileSync(file, content, { mode: 0o600 });
  } catch (error) {
    exit(`Could not write ${file}: ${errorText(error)}`, 1);
  }
}

/** A list saved by `erasures` (or beside the backups): hashes and dates only. */
async function readErasuresOrExit(file: string) {
  const { readErasureList } = await import("#app/backups/erasure-list.server.ts");
  try {
    return readErasureList(file);
  } catch (error) {
    exit(`Could not read ${file}: ${errorText(error)} (a list saved by \`npm run privacy -- erasures\`)`, 1);
  }
}
const saved = command === "reapply-erasures" && values.from ? await readErasuresOrExit(values.from) : [];

const env = envOrExit();
// Loaded once the configuration is known to be good (scripts/cli.ts says why).
const { purge, retentionPolicy } = await import("#app/privacy/retention.server.ts");
const { purgeNow } = await import("#app/privacy/daily-purge.server.ts");
const { purgeSteps } = await import("#app/purge-steps.server.ts");
const { eraseAddress, exportAddress, reapplyErasures, recordedErasures } = await import(
  "#app/privacy/requests.server.ts"
);
const { loadFormSecret } = await import("#app/platform/secret.server.ts");
const { workspacePaths } = await import("#app/workspace/workspace-paths.ts");

const ruleNames = {
  inquiry: "inquiry",
  application: "application",
  "future-openings": "application kept for future openings",
  meeting: "meeting, its period after it took place",
  spam: "spam",
} as const;

/** Other people's submissions that mention the address: ids, kinds, dates and links only, nothing they wrote. */
function listMentions(mentions: Mention[], what: string) {
  if (mentions.length === 0) return;
  warnIfLinksGuessed(env);
  console.log(
    `${mentions.length} submission(s) of other people mention the address; ${what}. Review them in the workspace:`,
  );
  for (const mention of mentions)
    console.log(
      `  ${mention.id}  ${mention.receivedAt.slice(0, 10)}  ${mention.kind}  ${env.SITE_URL}${workspacePaths.submission(mention.id)}`,
    );
}

const { db } = await openDatabaseOrExit(env);
try {
  switch (command) {
    case "purge": {
      const dryRun = values["dry-run"] ?? false;
      // The daily purge's own steps (app/purge-steps.server.ts), the analytics' included.
      const { result, lines } = dryRun
        ? { result: await purge(db, retentionPolicy(env), now(), { dryRun }), lines: [] }
        : await purgeNow(
            purgeSteps(db, { policy: retentionPolicy(env), analyticsKeepMonths: env.ANALYTICS_KEEP_MONTHS }),
            now(),
          );
      // Ids, kinds and dates only: nothing a person wrote.
      for (const submission of result.submissions)
        console.log(`${submission.id}  ${submission.createdAt.slice(0, 10)}  ${ruleNames[submission.rule]}`);
      const verb = dryRun ? "Would delete" : "Deleted";
      console.log(
        `${verb} ${result.submissions.length} submission(s) with their files and e-mail copies, ${result.mail} other sent e-mail copies.`,
      );
      for (const line of lines) console.log(`${line}.`);
      if (dryRun) console.log("Analytics: nothing is rolled up or deleted in a dry run.");
      break;
    }
    case "export": {
      const { archive, mentions } = await exportAddress(
        db,
        await loadFormSecret(db, env.FORM_SECRET),
        address as string,
      );
      writeOrExit(values.out as string, `${JSON.stringify(archive, null, 2)}\n`);
      const files = archive.submissions.reduce((count, submission) => count + submission.files.length, 0);
      console.log(
        `Wrote ${archive.submissions.length} submission(s) with ${files} file(s) and ${archive.otherEmails.length} other e-mail copies to ${values.out}`,
      );
      listMentions(mentions, "they are not in the file");
      break;
    }
    case "erase": {
      const erased = await eraseAddress(db, await loadFormSecret(db, env.FORM_SECRET), address as string, {
        dataDir: env.DATA_DIR,
      });
      console.log(
        `Erased ${erased.submissions} submission(s) with their files and e-mail copies, and ${erased.mail} other e-mail copies; the erasure is recorded.`,
      );
      if (erased.meetings)
        console.log(`${erased.meetings} meeting(s) still to come were cancelled, their times free again.`);
      listMentions(erased.mentions, "they were left as they are");
      console.log(
        env.BACKUP_DIR
          ? `Backups still hold it: ${env.DATABASE_URL ? "after restoring a dump, npm run privacy -- reapply-erasures --from" : "npm run restore erases it again from"} ${env.BACKUP_DIR}/erasures.json (docs/backups.md).`
          : "Backups still hold it: keep the list of erasures with them (npm run privacy -- erasures --out FILE, or BACKUP_DIR) and apply it after a restore (docs/backups.md).",
      );
      break;
    }
    case "erasures": {
      const text = `${JSON.stringify(await recordedErasures(db), null, 2)}\n`;
      if (values.out) writeOrExit(values.out, text);
      else process.stdout.write(text);
      break;
    }
    case "reapply-erasures": {
      const result = await reapplyErasures(db, await loadFormSecret(db, env.FORM_SECRET), {
        dataDir: env.DATA_DIR,
        more: saved,
        acceptUnmatched: values["accept-unmatched-erasures"] === true,
      }).catch((error) => exit(errorText(error), 1));
      console.log(
        `${result.erasures} recorded erasure(s)${result.restoredRecords ? ` (${result.restoredRecords} recorded again from ${values.from})` : ""}: ` +
          `erased ${result.submissions} submission(s) and ${result.mail} other e-mail copies again.`,
      );
      if (result.unmatched)
        console.log(
          `${result.unmatched} erasure(s) made under another site secret could not be applied: who they were is not known here; they stay recorded and apply once that secret is set.`,
        );
      break;
    }
  }
} finally {
  await db.destroy();
}
