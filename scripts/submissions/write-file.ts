import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { errorText, exit } from "../cli.ts";

/** Writes a file the operator named; a folder that cannot take it ends the command with the reason. */
export function writeOrExit(file: string, content: string | Buffer) {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  } catch (error) {
    exit(`Could not write ${file}: ${errorText(error)}`, 1);
  }
}
