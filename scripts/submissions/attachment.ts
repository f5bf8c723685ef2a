import { getAttachment } from "#app/forms/submissions.server.ts";
import { exit } from "../cli.ts";
import type { Command } from "./command.ts";
import { writeOrExit } from "./write-file.ts";

/** `attachment ID NAME --out FILE`: writes one stored file to FILE. */
export const attachment: Command = async ({ db, args, options }) => {
  const [id, name] = args as [string, string];
  const file = await getAttachment(db, id, name);
  if (!file) exit(`No file named ${JSON.stringify(name)} in submission ${id}.`, 1);
  writeOrExit(options.out as string, file.content);
  console.log(`Wrote ${file.content.length} bytes (${file.type}) to ${options.out}`);
};
