import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

// The erasures, kept beside the backups (BACKUP_DIR) and never only inside the database a
// restore replaces: a data folder lost with its disk still knows who asked to be erased, and
// `npm run restore` erases them again. The same list as `npm run privacy -- erasures` writes:
// each erasure's keyed hash of the address and its date, no address, and which secret keyed the
// hash (`key`, a fingerprint of it): a list is useless under another secret, and is refused then
// rather than matching nobody (lists written before the fingerprint have none).

export type ErasureEntry = { hash: string; requestedAt: string; key?: string };

export const erasureListFile = (backupDir: string) => path.resolve(backupDir, "erasures.json");

/** Writes the whole list (every erasure recorded so far), whole then renamed. */
export function saveErasureList(backupDir: string, entries: ErasureEntry[]) {
  const file = erasureListFile(backupDir);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(entries, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return file;
}

/** A list saved by saveErasureList or `npm run privacy -- erasures`; throws when the file is something else. */
export function readErasureList(file: string): ErasureEntry[] {
  const list = JSON.parse(readFileSync(file, "utf8")) as unknown;
  if (
    Array.isArray(list) &&
    list.every(
      (entry) =>
        typeof entry?.hash === "string" &&
        typeof entry?.requestedAt === "string" &&
        (entry.key === undefined || typeof entry.key === "string"),
    )
  )
    return list as ErasureEntry[];
  throw new Error(`${file} is not a list of erasures`);
}

/** The list kept in `backupDir`, or none when there is none yet. */
export const keptErasures = (backupDir: string) => {
  const file = erasureListFile(backupDir);
  return existsSync(file) ? readErasureList(file) : [];
};
