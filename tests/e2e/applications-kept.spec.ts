import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { careers } from "#app/careers/careers-content.ts";
import { runScript } from "#tests/helpers/run-script.ts";
import { expect, exportSubmissions, test } from "./fixtures.ts";
import { type RunningServer, startServer, stopAfterLeaving, instancePort } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";

// What a visitor sends is kept whatever the posting became while they wrote (issue 46, decision
// 044): closed, or renamed and retitled. On a server of the test's own, whose database the test
// changes behind the open form, as an editor's change would.

let server: RunningServer;

test.use({ proxy: async ({ siteProxy }, use) => use(siteProxy.settings) });

test.beforeEach(async ({ siteProxy }, testInfo) => {
  server = await startServer({ port: instancePort(7, testInfo) });
  siteProxy.sendTo(server);
});

test.afterEach(async ({ page }) => stopAfterLeaving(page, server));

/** Changes the server's SQLite database as the workspace's editor would, behind the visitor's back. */
function changeDatabase(sql: string, ...values: string[]) {
  const database = new DatabaseSync(path.join(server.dataDir, "site.sqlite"));
  try {
    database.prepare(sql).run(...values);
  } finally {
    database.close();
  }
}

const storage = () => ({ DATA_DIR: server.dataDir, DATABASE_URL: "" });
const resume = (name: string) => Buffer.from(`%PDF-1.4\n% resume of ${name}\n%%EOF\n`, "latin1");

async function fillApplication(page: Page, lastName: string) {
  await page.getByLabel("First name").fill("Dorothy");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Email").fill(`dorothy.${lastName.toLowerCase()}@example.com`);
  await page.getByLabel("Cover note").fill("I wrote this while the posting was open.");
  await page
    .getByLabel("Resume")
    .setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: resume(lastName) });
}

test("an application to a posting closed while the visitor wrote is stored with its resume, and the visitor is told", async ({
  page,
  hydrated,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${e2eEnv.SITE_URL}/careers/ux-ui-designer/apply`);
  await hydrated();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apply: UX/UI Designer");
  await fillApplication(page, "Vaughan");
  await page.getByLabel(/I agree that .* stores and processes my application/).check();

  changeDatabase("update postings set status = 'closed' where slug = ?", "ux-ui-designer");

  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Application sent: UX/UI Designer");
  await expect(page.getByRole("status")).toHaveText(careers.application.confirmation.closedMeanwhile);

  const listed = await runScript("submissions.ts", ["list", "--all"], storage());
  expect(listed.code).toBe(0);
  expect(listed.stdout).toContain("Dorothy Vaughan");
  expect(listed.stdout).toContain("UX/UI Designer");
  const [stored, ...more] = exportSubmissions(storage(), "application");
  expect(more).toEqual([]);
  expect(stored).toMatchObject({
    status: "received",
    job: "ux-ui-designer",
    jobTitle: "UX/UI Designer",
    fields: { lastName: "Vaughan", coverNote: "I wrote this while the posting was open.", postingWhenSent: "closed" },
    attachments: [{ name: "resume.pdf", size: resume("Vaughan").length, type: "application/pdf" }],
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("renamed and retitled meanwhile: a correction comes back on the form, and the application keeps the title seen", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${e2eEnv.SITE_URL}/careers/data-scientist/apply`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apply: Data Scientist");
    await fillApplication(page, "Johnson");

    // The editor gives it a new address and title; the old address answers 301 from then on.
    changeDatabase(
      "insert into posting_slugs (slug, posting_id, created_at) select slug, id, ? from postings where slug = ?",
      new Date().toISOString(),
      "data-scientist",
    );
    changeDatabase(
      "update postings set slug = 'machine-learning-scientist', title = 'Machine Learning Scientist' where slug = ?",
      "data-scientist",
    );

    // Consent forgotten (past the browser's own check): the form comes back with everything
    // typed, not the posting's move.
    await page
      .getByLabel(/I agree that .* stores and processes my application/)
      .evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByText(careers.application.errors.consent)).toBeVisible();
    await expect(page.getByLabel("Last name")).toHaveValue("Johnson");
    await expect(page.getByLabel("Cover note")).toHaveValue("I wrote this while the posting was open.");
    await page.getByLabel(/I agree that .* stores and processes my application/).check();
    await page
      .getByLabel("Resume")
      .setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: resume("Johnson") });
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page).toHaveURL(/\/careers\/machine-learning-scientist\/apply\?sent=1#confirmation$/);
    await expect(page.getByRole("status")).toHaveText(careers.application.confirmation.message);

    const [stored, ...more] = exportSubmissions(storage(), "application");
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      job: "machine-learning-scientist",
      jobTitle: "Data Scientist",
      fields: { lastName: "Johnson", postingWhenSent: null },
      attachments: [{ name: "resume.pdf", size: resume("Johnson").length }],
    });
  });
});
