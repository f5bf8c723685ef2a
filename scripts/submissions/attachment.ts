import { getAttachment, getSubmission } from "#app/forms/submissions.server.ts";
import { exit } from "../cli.ts";
import type { Command } from "./command.ts";
import { oneId } from "./one-id.ts";
import { printable } from "./print.ts";
import { writeOrExit } from "./write-file.ts";

/** `attachment ID NAME --out FILE`: writes one stored file to FILE; ID may be the start of an id, as `show` prints it. */
export const attachment: Command = async ({ db, args, options }) => {
  const [wanted, name] = args as [string, string];
  const id = await oneId(db, wanted);
  if (!id) return 1;
  const file = await getAttachment(db, id, name);
  if (!file) {
    const names = (await getSubmission(db, id))?.attachments.map((found) => `  ${printable(found.name)}`) ?? [];
    exit(
      names.length
        ? `No file named ${JSON.stringify(name)} in submission ${id}. Its files are:\n${names.join("\n")}`
        : `Submission ${id} has no files.`,
      1,
    );
  }
  writeOrExit(options.out as string, file.content);
  console.log(`Wrote ${file.content.length} bytes (${file.type}) to ${options.out}`);
};
