// Runs before every npm script, in plain JavaScript so that any Node.js can run it: the project's
// own scripts are TypeScript, which only Node.js 24 runs as it is (an older one stops with
// ERR_UNKNOWN_FILE_EXTENSION ".ts"). Says in one line what to do instead.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Why this Node.js cannot run the project (null when it can). */
export function nodeVersionProblem(running, wantedMajor) {
  const major = Number(String(running).replace(/^v/, "").split(".")[0]);
  if (major === wantedMajor) return null;
  return (
    `This project needs Node.js ${wantedMajor} (this is ${running}): run \`nvm install\` or \`fnm use --install-if-missing\` ` +
    `in the project folder (both read .nvmrc), or see "Getting Node.js ${wantedMajor}" in README.md.`
  );
}

export const wantedMajor = Number(
  readFileSync(new URL("../.nvmrc", import.meta.url), "utf8")
    .trim()
    .split(".")[0],
);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problem = nodeVersionProblem(process.version, wantedMajor);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
