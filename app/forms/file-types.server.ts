import { type FileExtension, fileExtension } from "./file-names.ts";

// Recognises an uploaded file by its content (magic bytes), never by the type the browser
// claims, and accepts it only when its name's ending is one the form takes and fits that
// content: text named "brief.hta" or "logo.svg" would be opened as a program or a page.

export type FileKind =
  | "pdf"
  | "doc"
  | "docx"
  | "xlsx"
  | "pptx"
  | "zip"
  | "png"
  | "jpeg"
  | "webp"
  | "svg"
  | "txt"
  | "rtf";

export const mimeTypes: Record<FileKind, string> = {
  pdf: "application/pdf",
  doc: "application/x-ole-storage", // DOC, XLS and PPT share the OLE2 container
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  zip: "application/zip",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  svg: "image/svg+xml",
  txt: "text/plain",
  rtf: "application/rtf",
};

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

function zipKind(bytes: Uint8Array): FileKind {
  // Office Open XML files are ZIP archives whose entry names say what they hold.
  const names = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 64 * 1024))).toString("latin1");
  if (names.includes("[Content_Types].xml") || names.includes("_rels/")) {
    if (names.includes("word/")) return "docx";
    if (names.includes("xl/")) return "xlsx";
    if (names.includes("ppt/")) return "pptx";
  }
  return "zip";
}

function isPlainText(bytes: Uint8Array) {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // Control characters other than tab, line feed, form feed and carriage return mean binary data.
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

/** Text whose first element is <svg> (after an XML declaration, comments or a doctype). */
function isSvg(bytes: Uint8Array) {
  const start = Buffer.from(bytes.subarray(0, 4096))
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
    start,
  );
}

export function detectFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "doc";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return zipKind(bytes);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]))
    return "webp";
  if (startsWith(bytes, [0x7b, 0x5c, 0x72, 0x74, 0x66])) return "rtf"; // {\rtf
  if (isPlainText(bytes)) return isSvg(bytes) ? "svg" : "txt";
  return null;
}

/** What content each ending may hold. DOC, XLS and PPT share one container; Office files are ZIP archives too. */
const kindsByExtension: Record<FileExtension, readonly FileKind[]> = {
  pdf: ["pdf"],
  doc: ["doc"],
  xls: ["doc"],
  ppt: ["doc"],
  docx: ["docx"],
  xlsx: ["xlsx"],
  pptx: ["pptx"],
  zip: ["zip", "docx", "xlsx", "pptx"],
  rtf: ["rtf"],
  // Plain text that happens to begin with <svg is still plain text to a text file's reader.
  txt: ["txt", "svg"],
  md: ["txt", "svg"],
  csv: ["txt", "svg"],
  png: ["png"],
  jpg: ["jpeg"],
  jpeg: ["jpeg"],
  webp: ["webp"],
  svg: ["svg"],
};

/** The MIME type to store and serve the file with, or null when its ending or its content is not what the form accepts. */
export function acceptedFileType(name: string, content: Uint8Array, extensions: readonly FileExtension[]) {
  const extension = extensions.find((accepted) => accepted === fileExtension(name));
  const kind = extension ? detectFileKind(content) : null;
  if (!extension || !kind || !kindsByExtension[extension].includes(kind)) return null;
  return kind === "svg" && extension !== "svg" ? mimeTypes.txt : mimeTypes[kind];
}
