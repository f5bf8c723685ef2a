import { expect, test } from "vitest";
import { csvCell, sheetTime, toCsv } from "#app/forms/export.server.ts";

// The rule of every sheet's cells (decision 047); tests/libreoffice/ opens the same cells in
// LibreOffice to see them as a person does.

test("a phone number is written so that spreadsheets show it as typed", () => {
  expect(csvCell("+91 98765 43210")).toBe('"=""+91 98765 43210"""');
  expect(csvCell("+4915112345678")).toBe('"=""+4915112345678"""');
  expect(csvCell("+1 (555) 010-9999")).toBe('"=""+1 (555) 010-9999"""');
  expect(csvCell("0987 654 321")).toBe('"=""0987 654 321"""');
  expect(csvCell("(030) 1234.5678")).toBe('"=""(030) 1234.5678"""');
});

test("anything else a spreadsheet could run as a formula keeps its apostrophe", () => {
  expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
  // Too short to be a phone number, or with more than a phone number's characters.
  expect(csvCell("+1 555")).toBe("'+1 555");
  expect(csvCell("+91 98765 43210 ext 2")).toBe("'+91 98765 43210 ext 2");
  expect(csvCell("+91 98765+43210")).toBe("'+91 98765+43210");
  expect(csvCell("-123456789")).toBe("'-123456789");
  expect(csvCell("+1234567*9")).toBe("'+1234567*9");
  expect(csvCell('+1234567"&A1')).toBe('"\'+1234567""&A1"');
  expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  expect(csvCell("-2")).toBe("'-2");
  expect(csvCell("\t=1+2")).toBe("'\t=1+2");
  expect(csvCell("\r=1+2")).toBe('"\'\r=1+2"');
  expect(csvCell("plain, with comma")).toBe('"plain, with comma"');
  expect(csvCell(null)).toBe("");
});

test("every time in a sheet has one form, to the second, in UTC", () => {
  expect(sheetTime("2026-12-02T20:30:00.000Z")).toBe("2026-12-02 20:30:00");
  expect(sheetTime("2026-12-01T19:00:00Z")).toBe("2026-12-01 19:00:00");
  expect(sheetTime("2026-12-01T19:00:00.5+05:30")).toBe("2026-12-01 13:30:00");
  expect(sheetTime("not a time")).toBe("not a time");
  expect(toCsv([["Starts (UTC)"], [sheetTime("2026-12-01T19:00:00Z")]])).toBe(
    "\uFEFFStarts (UTC)\r\n2026-12-01 19:00:00\r\n",
  );
});
