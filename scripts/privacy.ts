// Privacy tasks for the operator: `npm run privacy -- <command>`. Uses DATA_DIR / DATABASE_URL
// like the server (decision 021). Output goes to stdout for the operator; nothing here is logged.
import { argsOrExit, envOrExit, exit, openDatabaseOrExit } from "./cli.ts";

const usage = `Usage: npm run privacy -- <command>

  purge [--dry-run]      deletes what is past its retention period (RETENTION_*): submissions
                         with their files and e-mail copies (a tombstone stays), sent e-mail
                         copies, spent rate-limit records; --dry-run lists them and deletes nothing`;

const { positionals, values } = argsOrExit(
  {
    "dry-run": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  usage,
);

const [command] = positionals;
if (values.help || !command) exit(usage, values.help ? 0 : 2);
const commands = ["purge"];
if (!commands.includes(command)) exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);

const env = envOrExit();
// Loaded once the configuration is known to be good (scripts/cli.ts says why).
const { purge, retentionPolicy } = await import("#app/privacy/retention.server.ts");

const ruleNames = { inquiry: "inquiry", application: "application", "future-openings": "application kept for future openings", spam: "spam" } as const;

const { db } = await openDatabaseOrExit(env);
try {
  switch (command) {
    case "purge": {
      const dryRun = values["dry-run"] ?? false;
      const result = await purge(db, retentionPolicy(env), new Date(), { dryRun });
      // Ids, kinds and dates only: nothing a person wrote.
      for (const submission of result.submissions) console.log(`${submission.id}  ${submission.createdAt.slice(0, 10)}  ${ruleNames[submission.rule]}`);
      const verb = dryRun ? "Would delete" : "Deleted";
      console.log(
        `${verb} ${result.submissions.length} submission(s) with their files and e-mail copies, ${result.mail} other sent e-mail copies and ${result.rateLimits} rate-limit record(s).`,
      );
      break;
    }
  }
} finally {
  await db.destroy();
}
