import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { careersCopy } from "#app/careers/careers-page-copy.ts";
import { homeCopy } from "#app/pages/page-copies.ts";
import { getPageCopy, listCopyVersions } from "#app/site/page-copy.server.ts";
import { changePageCopy } from "#app/workspace/content/page-copy.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// `npm run content -- export|import` carries the pages' copy (issue 51): each page's draft,
// published copy and versions from one site to another; a file whose copy does not fit its page's
// schema is refused with one line naming the field, nothing changed; on both engines.

const root = path.resolve(import.meta.dirname, "../..");
const editor = { id: "editor-id", email: "editor@company.example" };
const home = homeCopy.original;
const published = { ...home, hero: { ...home.hero, intro: "Published intro, carried over." } };
const draft = { ...home, hero: { ...home.hero, intro: "A draft, carried over too." } };

describe.each(engines)("the pages' copy in the content file on %s", (engine) => {
  let from: TestDatabase;
  let to: TestDatabase;
  beforeEach(async () => {
    [from, to] = await Promise.all([openTestDatabase(engine), openTestDatabase(engine)]);
  });
  afterEach(async () => {
    await Promise.all([from.cleanup(), to.cleanup()]);
  });

  const content = (database: TestDatabase, ...args: string[]) =>
    spawnSync(process.execPath, ["scripts/content.ts", ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      },
      encoding: "utf8",
      timeout: 60_000,
    });

  test("exported from one site and imported into another: the same copy, draft and versions", async () => {
    await changePageCopy(from.db, homeCopy, { intent: "publish", copy: home }, editor);
    await changePageCopy(from.db, homeCopy, { intent: "publish", copy: published }, editor);
    await changePageCopy(from.db, homeCopy, { intent: "save", copy: draft }, editor);
    const file = path.join(from.dataDir, "content.json");
    const exported = content(from, "export", file);
    expect(exported.stderr).toBe("");
    expect(exported.stdout).toContain("the copy of 1 pages");
    const imported = content(to, "import", file);
    expect(imported.stderr).toBe("");
    expect(imported.status).toBe(0);
    expect(await getPageCopy(to.db, "home")).toMatchObject({ version: 2, published, draft });
    expect(
      (await listCopyVersions(to.db, "home")).map(({ version, savedBy, copy }) => ({ version, savedBy, copy })),
    ).toEqual([
      { version: 2, savedBy: editor.email, copy: published },
      { version: 1, savedBy: editor.email, copy: home },
    ]);
    expect(await getPageCopy(to.db, "careers")).toBeNull();
  });

  test("copy too long for its field: one line naming it, nothing changed", async () => {
    const file = path.join(to.dataDir, "content.json");
    const tooLong = { ...careersCopy.original, intro: { ...careersCopy.original.intro, headline: "x".repeat(81) } };
    writeFileSync(
      file,
      JSON.stringify({
        format: "lumen-site-content",
        version: 1,
        postings: [],
        pages: [{ page: "careers", draft: null, published: tooLong, versions: [] }],
      }),
    );
    const result = content(to, "import", file);
    expect(result.status).toBe(1);
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe(`${file} was not imported; nothing changed:`);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(/^ {2}- pages\.0\.published\.intro\.headline: /);
    expect(await getPageCopy(to.db, "careers")).toBeNull();
    expect(readFileSync(file, "utf8")).toContain("careers");
  });
});
