import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { storeSubmission } from "#app/forms/submissions.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { runScript } from "#tests/helpers/run-script.ts";

// Commands that print or e-mail links say so on stderr when those links are a guess (issue 46):
// without SITE_URL they name http://localhost:PORT, which may not be where the server answers.

vi.setConfig({ testTimeout: 60_000 });

const note = /^Note: SITE_URL is not set/m;

describe.each(engines)("links from the command line, on %s", (engine) => {
  let database: TestDatabase;
  let storage: Record<string, string>;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    // Neither variable inherited from the shell that runs the tests: each case gives its own.
    storage = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "", SITE_URL: "", PORT: "" };
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("staff invite: without SITE_URL or PORT the link's guess is named; with SITE_URL nothing is said", async () => {
    const guessed = await runScript("staff.ts", ["invite", "ada@example.com"], storage);
    expect(guessed.code).toBe(0);
    expect(guessed.stdout).toMatch(/^ {2}http:\/\/localhost:3000\/workspace\/\S+$/m);
    expect(guessed.stderr).toContain(
      "Note: SITE_URL is not set (PORT is not set either, so 3000): the links this command gives name http://localhost:3000. If the server is reached at another address, run the command again with the server's SITE_URL (and PORT).",
    );

    const withPort = await runScript("staff.ts", ["invite", "bea@example.com"], { ...storage, PORT: "4123" });
    expect(withPort.stdout).toMatch(/^ {2}http:\/\/localhost:4123\/workspace\/\S+$/m);
    expect(withPort.stderr).toContain(
      "Note: SITE_URL is not set (PORT is 4123): the links this command gives name http://localhost:4123.",
    );

    const given = await runScript("staff.ts", ["invite", "cy@example.com"], {
      ...storage,
      SITE_URL: "https://lumen.example",
    });
    expect(given.stdout).toMatch(/^ {2}https:\/\/lumen\.example\/workspace\/\S+$/m);
    expect(given.stderr).not.toMatch(note);
  });

  test("submissions show names its workspace link's guess; its JSON, which has no link, does not", async () => {
    const { id } = await storeSubmission(database.db, {
      kind: "contact",
      description: inquiryFields,
      fields: { name: "Ada", email: "ada@example.com", project: "An engine." },
      files: [],
      spamReason: null,
      formKey: null,
      messageIdDomain: "example.org",
      notification: () => ({
        recipient: "hello@example.com",
        replyTo: null,
        subject: "s",
        text: "t",
        html: "<p>t</p>",
      }),
    });
    const text = await runScript("submissions.ts", ["show", id], storage);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`In the workspace: http://localhost:3000/workspace/`);
    expect(text.stderr).toMatch(note);
    // One note however many links.
    expect(text.stderr.match(new RegExp(note.source, "gm"))).toHaveLength(1);

    const json = await runScript("submissions.ts", ["show", id, "--format", "json"], storage);
    expect(json.code).toBe(0);
    expect(json.stderr).not.toMatch(note);

    const given = await runScript("submissions.ts", ["show", id], { ...storage, SITE_URL: "https://lumen.example" });
    expect(given.stdout).toContain("In the workspace: https://lumen.example/workspace/");
    expect(given.stderr).not.toMatch(note);
  });
});
