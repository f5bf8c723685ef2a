// Moves the content the team edits in the workspace between sites and into backups:
// `npm run content -- export FILE` and `npm run content -- import FILE` (JSON). Uses DATA_DIR /
// DATABASE_URL like the server. An import checks the whole file before it changes anything.
import { readFileSync, writeFileSync } from "node:fs";
import { argsOrExit, envOrExit, exit, openDatabaseOrExit } from "./cli.ts";

const usage = `Usage: npm run content -- <command> FILE

  export FILE   writes every posting, the proof and the app's screenshots (images as base64),
                the store links and the pages' copy to FILE as JSON, with the earlier versions
                of the postings, the case studies and the pages' copy
  import FILE   checks FILE, then creates or updates its postings (matched by address), its
                proof (matched by id), the app's screenshots (by place) and store links, and the
                pages' copy (by page) in one go, each with the file's versions as its history;
                nothing changes when any part of it is wrong`;

const { positionals, values } = argsOrExit({ help: { type: "boolean", short: "h" } }, usage);
const [command, file] = positionals;
if (values.help || !command) exit(usage, values.help ? 0 : 2);
if (command !== "export" && command !== "import") exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);
if (!file) exit(`${command} needs a file\n\n${usage}`);

const env = envOrExit();
// Loaded once the configuration is known to be good (scripts/cli.ts says why).
const { contentFileProblems, contentImageProblems, contentStoredProblems, exportContent, importContent } = await import(
  "#app/workspace/content/content-file.server.ts"
);

let data: unknown;
if (command === "import") {
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    exit(`${file} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}
const checked = command === "import" ? contentFileProblems(data) : null;
// The images too: each SVG cleaned again, each WebP checked, as an upload would be.
const problems = [
  ...(checked?.problems ?? []),
  ...(checked?.file ? (await contentImageProblems(checked.file)).problems : []),
];
/** Ends the command with one line per problem, each naming its entry ("proof.entries.3.kind: …"). */
const refuse = (problems: string[]): never =>
  exit(`${file} was not imported; nothing changed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`, 1);
if (problems.length) refuse(problems);

const { db } = await openDatabaseOrExit(env);
try {
  // What the file would do to this site's content (an entry's id given another kind).
  const stored = checked?.file ? await contentStoredProblems(db, checked.file) : [];
  if (stored.length) {
    await db.destroy();
    refuse(stored);
  }
  if (command === "export") {
    const content = await exportContent(db);
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
    console.log(
      `Exported ${content.postings.length} postings, ${content.proof.entries.length} proof entries, ${content.app.screenshots.length} app screenshots and the copy of ${content.pages.length} pages to ${file}.`,
    );
  } else if (checked?.file) {
    // Anything the checks did not foresee still ends in one line, never a stack trace: the
    // import is one transaction, so nothing changed.
    const imported = await importContent(db, checked.file).catch(async (error: unknown) => {
      await db.destroy();
      return refuse([error instanceof Error ? error.message : String(error)]);
    });
    const { created, updated, proof, app, pages } = imported;
    console.log(
      `Imported ${file}: ${created} postings created, ${updated} updated; ${proof.created} proof entries created, ${proof.updated} updated; ${app.screenshots} app screenshots; the copy of ${pages} pages. The site shows them within seconds.`,
    );
  }
} finally {
  await db.destroy();
}
