import { listSubmissions } from "#app/forms/submissions.server.ts";
import { type Command, kindNames } from "./command.ts";
import { listTable, meetingsOf } from "./print.ts";

/** `list [--kind KIND] [--spam | --all]`: a table of submissions, newest first, spam left out unless asked for. */
export const list: Command = async ({ db, options: { kind, spam, all } }) => {
  const status = spam ? "spam" : all ? undefined : "received";
  const submissions = await listSubmissions(db, { kind, status, newestFirst: true });
  if (submissions.length === 0) console.log(`No ${spam ? "spam" : kind ? kindNames[kind].plural : "submissions"} yet.`);
  else console.log(listTable(submissions, await meetingsOf(db, submissions)));
  if (status === "received") {
    let spamCount = db
      .selectFrom("submissions")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("status", "=", "spam");
    if (kind) spamCount = spamCount.where("kind", "=", kind);
    const hidden = Number((await spamCount.executeTakeFirstOrThrow()).count);
    if (hidden) console.log(`\n${hidden} spam not shown: --spam shows only spam, --all everything.`);
  }
};
