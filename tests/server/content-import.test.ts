import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { listProof } from "#app/pages/proof.server.ts";
import { changeProof } from "#app/workspace/content/proof.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// `npm run content -- import FILE` with a malformed file (issue 46): one line naming the entry and
// what is wrong with it, exit code 1, no stack trace, nothing changed; on both engines.

const root = path.resolve(import.meta.dirname, "../..");
const editor = { id: "editor-id", email: "editor@company.example" };
const testimonial = {
  quote: "They worked inside our team, not beside it.",
  name: "Dana Example",
  role: "Head of Platform",
  company: "Northwind Freight",
};
const logo = { kind: "logo", fields: { name: "Acme", url: "https://acme.example" } };
const consent = { consentFrom: "Dana Example, by e-mail", consentOn: "2026-03-02" };

/** A content file with one proof entry (and the images given). */
const contentFile = (entry: Record<string, unknown>, images: string = "{}") =>
  `{"format":"lumen-site-content","version":1,"postings":[],"proof":{"entries":[${JSON.stringify({
    kind: "testimonial",
    fields: testimonial,
    image: null,
    ...consent,
    published: false,
    position: 0,
    ...entry,
  })}],"images":${images}}}`;

describe.each(engines)("content import of a malformed file on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(() => database.cleanup());

  const importFile = (name: string, text: string) => {
    const file = path.join(database.dataDir, name);
    writeFileSync(file, text);
    const result = spawnSync(process.execPath, ["scripts/content.ts", "import", file], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    return { ...result, file };
  };

  test.each([
    [
      "an image named __proto__",
      contentFile({ id: "t-1", ...logo, image: "__proto__" }),
      /^proof\.entries\.0\.image: must be an image's name/,
    ],
    [
      "an image named constructor",
      contentFile({ id: "t-1", ...logo, image: "constructor" }),
      /^proof\.entries\.0\.image: must be an image's name/,
    ],
    [
      "an image listed under __proto__",
      contentFile({ id: "t-1" }, '{"__proto__":{"type":"image/webp","base64":"AAAA"}}'),
      /^proof\.images\.__proto__: "__proto__" cannot be a name in this file$/,
    ],
    [
      "an entry that is not an object",
      '{"format":"lumen-site-content","version":1,"postings":[],"proof":{"entries":[7],"images":{}}}',
      /^proof\.entries\.0: /,
    ],
    [
      "an App Store link to another host",
      '{"format":"lumen-site-content","version":1,"postings":[],"app":{"screenshots":[],"links":{"app-store":"https://apps.apple.com.example/app/id1","google-play":null},"images":{}}}',
      /^app\.links\.app-store: must be an https:\/\/ address on apps\.apple\.com$/,
    ],
    [
      "a screenshot whose image is not in the file",
      `{"format":"lumen-site-content","version":1,"postings":[],"app":{"screenshots":[${JSON.stringify({
        slot: 2,
        alt: "The library",
        width: 220,
        height: 476,
        webp: `${"a".repeat(32)}.webp`,
        webp2x: `${"b".repeat(32)}.webp`,
        avif: `${"c".repeat(32)}.avif`,
        avif2x: `${"d".repeat(32)}.avif`,
      })}],"links":{"app-store":null,"google-play":null},"images":{"${"a".repeat(32)}.webp":{"type":"image/webp","base64":"AAAA"},"${"b".repeat(32)}.webp":{"type":"image/webp","base64":"AAAA"},"${"c".repeat(32)}.avif":{"type":"image/avif","base64":"AAAA"}}}}`,
      /^app\.screenshots\.0\.avif2x: no such image in the file$/,
    ],
    ["a wrong format", '{"format":"other","version":1,"postings":[]}', /^format: /],
  ])("%s: one line naming it, nothing changed", (_what, text, line) => {
    const result = importFile("content.json", text);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe(`${result.file} was not imported; nothing changed:`);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]?.replace(/^ {2}- /, "")).toMatch(line);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  test("an existing entry's id given another kind: one line naming the entry, nothing changed", async () => {
    const created = await changeProof(
      database.db,
      { intent: "create", kind: "testimonial", input: { fields: testimonial, ...consent }, publish: false },
      editor,
    );
    const id = created!.id;
    const before = await listProof(database.db);
    const result = importFile(
      "content.json",
      contentFile({
        id,
        kind: "case-study",
        fields: {
          client: "Northwind Freight",
          industry: "Logistics",
          title: "Live tracking",
          problem: "Late status.",
          approach: "Two engineers joined.",
          outcome: "Status within a minute.",
          figures: [],
        },
      }),
    );
    expect(result.stderr).toBe(
      `${result.file} was not imported; nothing changed:\n  - proof.entries.0.kind: "${id}" is a testimonial on this site, not a case-study; give the entry another id\n`,
    );
    expect(result.status).toBe(1);
    expect(await listProof(database.db)).toEqual(before);
  });

  test("a file that is no JSON: one line", () => {
    const result = importFile("content.json", "{ not json");
    expect(result.status).toBe(1);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/content\.json cannot be read as JSON: /);
  });
});
