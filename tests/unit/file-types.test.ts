import { describe, expect, test } from "vitest";
import { detectFileKind } from "#app/forms/file-types.server.ts";

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))));

describe("detectFileKind recognises files by content", () => {
  test.each([
    ["a PDF", bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "pdf"],
    ["a PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "png"],
    ["a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]), "jpeg"],
    ["an old Office file", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), "doc"],
    ["a Word document", bytes([0x50, 0x4b, 0x03, 0x04], "....[Content_Types].xml....word/document.xml"), "docx"],
    ["an Excel workbook", bytes([0x50, 0x4b, 0x03, 0x04], "....[Content_Types].xml....xl/workbook.xml"), "xlsx"],
    ["a PowerPoint deck", bytes([0x50, 0x4b, 0x03, 0x04], "....[Content_Types].xml....ppt/presentation.xml"), "pptx"],
    ["a ZIP archive", bytes([0x50, 0x4b, 0x03, 0x04], "....photos/cat.png"), "zip"],
    ["an RTF document", bytes("{\\rtf1\\ansi Hello}"), "rtf"],
    ["UTF-8 text", Buffer.from("Project brief\r\n\tPhase 1: discovery – 2 weeks ✓\n", "utf8"), "txt"],
  ])("%s", (_name, content, kind) => {
    expect(detectFileKind(content)).toBe(kind);
  });

  test.each([
    ["a Windows program renamed brief.pdf", bytes("MZ\x90\x00\x03\x00\x00\x00\x04\x00")],
    ["an ELF binary", bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
    ["binary noise", bytes([0x00, 0x01, 0x02, 0xfe, 0x80, 0x81])],
    ["invalid UTF-8", bytes([0x68, 0x69, 0xc3, 0x28])],
    ["an empty file", bytes()],
  ])("rejects %s", (_name, content) => {
    expect(detectFileKind(content)).toBeNull();
  });
});
