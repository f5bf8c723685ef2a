// Moves the content the team edits in the workspace between sites and into backups:
// `npm run content -- export FILE` and `npm run content -- import FILE` (JSON). Uses DATA_DIR /
// DATABASE_URL like the server. An import checks the whole file before it changes anything.
import { readFileSync, writeFileSync } from "node:fs";
import { argsOrExit, envOrExit, exit, openDatabaseOrExit } from "./cli.ts";

const usage = `Usage: npm run content -- <command> FILE

  export FILE   writes every posting (and the proof) to FILE as JSON
  import FILE   checks FILE, then creates or updates its postings (matched by address) in one go;
                nothing changes when any part of it is wrong`;

const { positionals, values } = argsOrExit({ help: { type: "boolean", short: "h" } }, usage);
const [command, file] = positionals;
if (values.help || !command) exit(usage, values.help ? 0 : 2);
if (command !== "export" && command !== "import") exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);
if (!file) exit(`${command} needs a file\n\n${usage}`);

const env = envOrExit();
// Loaded once the configuration is known to be good (scripts/cli.ts says why).
const { contentFileProblems, exportContent, importContent } = await import("#app/workspace/content-file.server.ts");

let data: unknown;
if (command === "import") {
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    exit(`${file} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}
const checked = command === "import" ? contentFileProblems(data) : null;
if (checked?.problems.length)
  exit(
    `${file} was not imported; nothing changed:\n${checked.problems.map((problem) => `  - ${problem}`).join("\n")}`,
    1,
  );

const { db } = await openDatabaseOrExit(env);
try {
  if (command === "export") {
    const content = await exportContent(db);
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
    console.log(`Exported ${content.postings.length} postings to ${file}.`);
  } else if (checked?.file) {
    const { created, updated } = await importContent(db, checked.file);
    console.log(
      `Imported ${file}: ${created} postings created, ${updated} updated. The site shows them within seconds.`,
    );
  }
} finally {
  await db.destroy();
}
