import { describe, expect, test } from "vitest";
import { type FileExtension, cleanFileName } from "#app/forms/file-names.ts";
import { acceptedFileType, detectFileKind } from "#app/forms/file-types.server.ts";

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

describe("acceptedFileType takes a file only when its ending is accepted and fits its content", () => {
  const text = Buffer.from("Project brief\nPhase 1: discovery\n", "utf8");
  const pdf = bytes("%PDF-1.7\n");
  const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
  const ole = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
  const docx = bytes([0x50, 0x4b, 0x03, 0x04], "....[Content_Types].xml....word/document.xml");
  const zip = bytes([0x50, 0x4b, 0x03, 0x04], "....photos/cat.png");
  const rtf = bytes("{\\rtf1\\ansi Hello}");
  const all: FileExtension[] = [
    "pdf",
    "doc",
    "docx",
    "xls",
    "xlsx",
    "ppt",
    "pptx",
    "rtf",
    "txt",
    "md",
    "csv",
    "png",
    "jpg",
    "jpeg",
    "zip",
  ];

  test.each([
    ["brief.pdf", pdf, "application/pdf"],
    ["notes.txt", text, "text/plain"],
    ["README.md", text, "text/plain"],
    ["figures.CSV", text, "text/plain"],
    ["wireframe.png", png, "image/png"],
    ["photo.jpg", jpeg, "image/jpeg"],
    ["photo.JPEG", jpeg, "image/jpeg"],
    ["old.doc", ole, "application/x-ole-storage"],
    ["old.xls", ole, "application/x-ole-storage"],
    ["cv.docx", docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["photos.zip", zip, "application/zip"],
    ["letter.rtf", rtf, "application/rtf"],
  ])("%s", (name, content, type) => {
    expect(acceptedFileType(name, content, all)).toBe(type);
  });

  test.each([
    ["text that would run as a program", "project-brief.hta", text],
    ["a script", "invoice.vbs", text],
    [
      "a drawing that can hold a script",
      "logo.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ["a page", "page.html", text],
    ["JavaScript", "app.js", text],
    ["a name with no ending", "brief", text],
    ["a name that is only an ending", ".txt", text],
    ["text named as a PDF", "brief.pdf", text],
    ["a PDF named as text", "brief.txt", pdf],
    ["a ZIP named as a Word document", "cv.docx", zip],
    ["a PNG named as a JPEG", "photo.jpg", png],
    ["a program named as a PDF", "invoice.pdf", bytes("MZ\x90\x00\x03\x00")],
  ])("refuses %s (%s)", (_what, name, content) => {
    expect(acceptedFileType(name, content, all)).toBeNull();
  });

  test("only the endings the form takes", () => {
    expect(acceptedFileType("figures.csv", text, ["pdf", "txt", "md"])).toBeNull();
    expect(acceptedFileType("cv.md", text, ["pdf", "txt", "md"])).toBe("text/plain");
    expect(acceptedFileType("budget.xls", ole, ["pdf", "doc"])).toBeNull();
  });
});

describe("cleanFileName", () => {
  test.each([
    ["bidirectional overrides", "project-brief\u202Etxt.vbs", "project-brieftxt.vbs"],
    [
      "bidirectional embeddings and isolates",
      "a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069.txt",
      "abcdefgh.txt",
    ],
    ["direction marks", "\u200Ebrief\u200F.pdf", "brief.pdf"],
    ["zero-width characters", "in\u200Bvo\u200Cice\u200D\u2060\uFEFF.pdf", "invoice.pdf"],
    ["control characters", "brief\u0000\u0007\t\u007F\u0085.pdf", "brief.pdf"],
    ["a folder", "C:\\Users\\ada\\brief.pdf", "brief.pdf"],
    ["spaces around", "  brief.pdf ", "brief.pdf"],
    ["nothing left", "\u202E\u200B", "file"],
    // Issue 46: what survived the hand-kept list.
    ["a soft hyphen", "in\u00ADvoice.pdf", "invoice.pdf"],
    ["the Mongolian vowel separator", "in\u180Evoice.pdf", "invoice.pdf"],
    ["invisible operators", "in\u2061v\u2062o\u2063i\u2064ce.pdf", "invoice.pdf"],
    ["deprecated format characters", "in\u206Av\u206Fo.pdf", "invo.pdf"],
    ["Hangul fillers", "\u115F\u1160in\u3164voice\uFFA0.pdf", "invoice.pdf"],
    ["tags", "in\u{E0001}\u{E0041}\u{E007F}voice.pdf", "invoice.pdf"],
    ["variation selectors", "in\uFE0Fvo\u{E0100}ice.pdf", "invoice.pdf"],
    ["the combining grapheme joiner", "in\u034Fvoice.pdf", "invoice.pdf"],
    ["private-use characters", "in\uE000vo\u{F0000}ice\u{10FFFD}.pdf", "invoice.pdf"],
    ["interlinear annotations and Arabic format signs", "\uFFF9in\uFFFBvo\u0600ice\u061C.pdf", "invoice.pdf"],
    ["line and paragraph separators", "in\u2028vo\u2029ice.pdf", "invoice.pdf"],
    ["a lone surrogate", "in\uD800voice.pdf", "invoice.pdf"],
  ])("removes %s", (_what, name, clean) => {
    expect(cleanFileName(name)).toBe(clean);
  });

  test("leaves no default-ignorable, format or private-use code point in any name", () => {
    const invisible = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cc}]/u;
    let all = "";
    for (let code = 0; code <= 0x10ffff; code += 1)
      if (code < 0xd800 || code > 0xdfff) {
        const character = String.fromCodePoint(code);
        if (invisible.test(character)) all += character;
      }
    // Every such character of Node's Unicode tables, between the letters of a name.
    expect(cleanFileName(`a${all}b.pdf`)).toBe("ab.pdf");
  });

  test("keeps accents and other scripts, composed", () => {
    expect(cleanFileName("Zoe\u0308 – 提案書.pdf")).toBe("Zoë – 提案書.pdf");
  });

  test("shortens a long name to 100 characters, keeping its ending", () => {
    const clean = cleanFileName(`${"ä".repeat(150)}.docx`);
    expect([...clean]).toHaveLength(100);
    expect(clean).toBe(`${"ä".repeat(95)}.docx`);
    expect([...cleanFileName(`${"😀".repeat(120)}.pdf`)]).toHaveLength(100);
    expect(cleanFileName(`brief.${"x".repeat(150)}`)).toBe(`brief.${"x".repeat(94)}`);
  });

  test("cleaning a clean name changes nothing", () => {
    for (const name of [
      "brief.pdf",
      cleanFileName("project-brief\u202Etxt.vbs"),
      cleanFileName(`${"b".repeat(300)}.pdf`),
    ]) {
      expect(cleanFileName(name)).toBe(name);
    }
  });
});
