// A visitor's file name, cleaned once when the file is received and again wherever a stored one
// is read (the workspace, the e-mail, a download's name, the command line), so names stored
// before the cleaning existed read the same. Shared with the browser: the forms' `accept` list
// comes from the same extensions the server allows.

/** The endings a form may accept; the server checks each against the file's content (file-types.server.ts). */
export type FileExtension =
  | "pdf"
  | "doc"
  | "docx"
  | "xls"
  | "xlsx"
  | "ppt"
  | "pptx"
  | "rtf"
  | "txt"
  | "md"
  | "csv"
  | "png"
  | "jpg"
  | "jpeg"
  | "webp"
  | "svg"
  | "zip";

/** The file input's `accept` attribute: ".pdf,.docx,…". */
export const acceptAttribute = (extensions: readonly FileExtension[]) =>
  extensions.map((extension) => `.${extension}`).join(",");

// Characters that change how a name reads without being seen, all removed: Unicode's
// Default_Ignorable_Code_Point (zero-width characters, soft hyphen, fillers such as U+3164,
// variation selectors, tags), every format character (Cf: bidirectional controls, so a
// "brief\u202Etxt.vbs" cannot read as "…sbv.txt", invisible operators), private-use characters
// (Co: drawn as anything a font chooses), lone surrogates, control characters (Cc) and line and
// paragraph separators. Unicode's own classes, not a hand-kept list, so a new invisible character
// of an existing class is covered by the next Node's tables.
const hidden = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cs}\p{Cc}\p{Zl}\p{Zp}]/gu;

export const maxFileNameLength = 100;
/** A longer "ending" is part of the name, not a file type, and is not kept when the name is shortened. */
const maxExtensionLength = 10;

/** The name's ending after its last dot, in lower case; "" when it has none. */
export function fileExtension(name: string) {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The file's own name without folders or hidden characters, at most 100 characters with its ending kept. */
export function cleanFileName(name: string) {
  const base = (name.split(/[\\/]/).pop() ?? "").normalize("NFC").replace(hidden, "").trim();
  const characters = [...base];
  if (characters.length <= maxFileNameLength) return base || "file";
  const dot = base.lastIndexOf(".");
  const ending = dot > 0 && [...base.slice(dot + 1)].length <= maxExtensionLength ? base.slice(dot) : "";
  const stem = characters
    .slice(0, maxFileNameLength - [...ending].length)
    .join("")
    .trimEnd();
  return `${stem}${ending}`;
}
