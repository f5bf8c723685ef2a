// Moves the content the team edits in the workspace between sites and into backups:
// `npm run content -- export FILE` and `npm run content -- import FILE` (JSON). Uses DATA_DIR /
// DATABASE_URL like the server. An import checks the whole file before it changes anything.
import { readFileSync, writeFileSync } from "node:fs";
import { argsOrExit, envOrExit, exit, openDatabaseOrExit } from "./cli.ts";

const usage = `Usage: npm run content -- <command> FILE

  export FILE   writes every posting and the proof (its images as base64) to FILE as JSON, with
                the earlier versions of the postings and the case studies
  import FILE   checks FILE, then creates or updates its postings (matched by address) and its
                proof (matched by id) in one go, each with the file's versions as its history;
                nothing changes when any part of it is wrong`;

const { positionals, values } = argsOrExit({ help: { type: "boolean", short: "h" } }, usage);
const [command, file] = positionals;
if (values.help || !command) exit(usage, values.help ? 0 : 2);
if (command !== "export" && command !== "import") exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);
if (!file) exit(`${command} needs a file\n\n${usage}`);

const env = envOrExit();
// Loaded once the configuration is known to be good (scripts/cli.ts says why).
const { contentFileProblems, contentImageProblems, exportContent, importContent } = await import(
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
if (problems.length)
  exit(`${file} was not imported; nothing changed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`, 1);

const { db } = await openDatabaseOrExit(env);
try {
  if (command === "export") {
    const content = await exportContent(db);
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
    console.log(
      `Exported ${content.postings.length} postings and ${content.proof.entries.length} proof entries to ${file}.`,
    );
  } else if (checked?.file) {
    const { created, updated, proof } = await importContent(db, checked.file);
    console.log(
      `Imported ${file}: ${created} postings created, ${updated} updated; ${proof.created} proof entries created, ${proof.updated} updated. The site shows them within seconds.`,
    );
  }
} finally {
  await db.destroy();
}
