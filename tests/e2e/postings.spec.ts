import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { startTwoInstances } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";
import { addAuthenticator, enrol, expectNoAxeViolations, invite } from "./workspace-helpers.ts";

// Postings edited in the workspace (issue 30): a change is on the careers pages of every
// instance within seconds, pages still answered from memory; closing and renaming; who may edit.

const seconds = (count: number) => count * 1000;

/** Fills the posting form with Platform Engineer, a remote role whose description tries a script and a javascript: link. */
async function fillPlatformEngineer(page: Page) {
  await page.getByLabel("Title").fill("Platform Engineer");
  await page.getByLabel("Department").fill("Engineering");
  await page.getByLabel("Summary").fill("Run the platform our clients' products stand on, and make it boring.");
  await page
    .getByLabel("Description")
    .fill(
      [
        "## What you will do",
        "",
        "- Keep our **Kubernetes** clusters healthy",
        "- Automate *everything* twice",
        "",
        "## What we are looking for",
        "",
        "- 4+ years running production systems",
        "- Read [our handbook](https://example.com/handbook) or [this](javascript:alert(1))",
        "",
        "<script>alert('posting')</script>",
      ].join("\n"),
    );
  await page.getByLabel("Salary from").fill("140000");
  await page.getByLabel("Salary up to").fill("190000");
}

test.describe("on two instances sharing PostgreSQL", () => {
  test.use({ proxy: async ({ siteProxy }, use) => use(siteProxy.settings) });

  test("an editor publishes Platform Engineer: both instances show it within seconds; an application lands under it; closed, its form is gone (one sent from a form opened before is kept: applications-kept.spec.ts); renamed, its old address moves", async ({
    page,
    context,
    siteProxy,
  }) => {
    test.setTimeout(240_000);
    const { a, b, storage, stop } = await startTwoInstances(18, { siteProxy, worker: test.info() });
    try {
      const onB = (path: string) => fetch(`${b.url}${path}`, { redirect: "manual" });
      const textOnB = async (path: string) => (await onB(path)).text();

      const email = `editor.${Date.now()}@company.example`;
      await addAuthenticator(context, page);
      // An admin, who may edit every content; a member given the right: the next test.
      await enrol(page, `${e2eEnv.SITE_URL}${invite(storage, email, "admin")}`, email);

      await page.getByRole("link", { name: "Postings" }).click();
      await expect(page.getByRole("heading", { name: "Job postings" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Open (6)" })).toBeVisible();
      await page.getByRole("link", { name: "New posting" }).click();
      await fillPlatformEngineer(page);
      await page.getByRole("button", { name: "Save and publish now" }).click();
      await expect(page.getByText("Published: it is on the careers page within seconds.")).toBeVisible();
      await expect(page.getByText("Now: open")).toBeVisible();
      // Created and published at once: one version.
      await expect(page.getByRole("region", { name: "Earlier versions" }).getByRole("listitem")).toHaveCount(1);
      // At once on this instance, which rendered the pages before it answered; from memory.
      const onA = await fetch(`${a.url}/careers/platform-engineer`);
      expect(onA.status).toBe(200);
      expect(onA.headers.get("content-security-policy")).not.toContain("nonce-");
      expect(await onA.text()).toContain("Platform Engineer");
      expect(await (await fetch(`${a.url}/careers`)).text()).toContain("Platform Engineer");

      // On the other instance within seconds: the list, the sitemap, the posting with its data.
      await expect.poll(() => textOnB("/careers"), { timeout: seconds(5) }).toContain("Platform Engineer");
      expect(await textOnB("/sitemap.xml")).toContain(`${e2eEnv.SITE_URL}/careers/platform-engineer</loc>`);
      const posting = await onB("/careers/platform-engineer");
      expect(posting.status).toBe(200);
      // Answered from memory: the server rendered it with a hash for each inline script.
      expect(posting.headers.get("content-security-policy")).not.toContain("nonce-");
      const html = await posting.text();
      const data = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? "{}");
      expect(data).toMatchObject({
        "@type": "JobPosting",
        title: "Platform Engineer",
        employmentType: "FULL_TIME",
        directApply: true,
        jobLocationType: "TELECOMMUTE",
        applicantLocationRequirements: { "@type": "Country", name: "United States" },
        baseSalary: { currency: "USD", value: { minValue: 140000, maxValue: 190000, unitText: "YEAR" } },
        datePosted: new Date().toISOString().slice(0, 10),
        url: `${e2eEnv.SITE_URL}/careers/platform-engineer`,
      });
      expect(new Date(data.validThrough).getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
      // The Markdown came out clean: its sections and link, no script, no javascript: link.
      expect(data.description).toContain("<h2>What you will do</h2>");
      expect(data.description).toContain('<a href="https://example.com/handbook">our handbook</a>');
      expect(html).not.toMatch(/alert\(|javascript:/);

      // A visitor applies; the application is in the inbox under the posting.
      await page.goto(`${e2eEnv.SITE_URL}/careers/platform-engineer`);
      await expect(page.getByRole("heading", { level: 2, name: "What you will do" })).toBeVisible();
      await page.getByRole("link", { name: "Apply Now for Platform Engineer" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apply: Platform Engineer");
      await page.getByLabel("First name").fill("Grace");
      await page.getByLabel("Last name").fill("Hopper");
      await page.getByLabel("Email").fill("grace.hopper@example.com");
      await page.getByLabel(/I agree that .* stores and processes my application/).check();
      await page
        .getByLabel("Resume")
        .setInputFiles({ name: "cv.txt", mimeType: "text/plain", buffer: Buffer.from("Grace Hopper\nCompilers\n") });
      await page.getByRole("button", { name: "Send application" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Application sent: Platform Engineer");
      await page.goto(`${e2eEnv.SITE_URL}/workspace`);
      await page.getByLabel("Posting").selectOption({ label: "Platform Engineer (1)" });
      await page.getByRole("button", { name: "Show" }).click();
      const rows = page.getByRole("row").filter({ hasText: "Grace Hopper" });
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText("Platform Engineer");

      // Closed: its page is the closed page on both instances, pointing at the open ones, and its
      // application form is gone.
      await page.goto(`${e2eEnv.SITE_URL}/workspace/postings`);
      await page.getByRole("link", { name: "Platform Engineer" }).click();
      // Closing asks once: the confirmation's button closes.
      await page.getByRole("button", { name: "Close now" }).click();
      await page.getByRole("button", { name: "Close it now" }).click();
      await expect(page.getByText("Now: closed")).toBeVisible();
      await expect
        .poll(async () => (await onB("/careers/platform-engineer")).status, { timeout: seconds(5) })
        .toBe(404);
      expect(await textOnB("/careers")).not.toContain("Platform Engineer");
      expect(await textOnB("/sitemap.xml")).not.toContain("platform-engineer");
      // At once on this instance: it rendered the pages again before it answered the change.
      await page.goto(`${e2eEnv.SITE_URL}/careers/platform-engineer`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This position is closed");
      await expect(page.getByRole("navigation", { name: "Open positions" }).getByRole("link")).toHaveCount(6);
      expect((await onB("/careers/platform-engineer/apply")).status).toBe(404);

      // Reopened and renamed: the old address answers 301 to the new one, its application page too.
      await page.goto(`${e2eEnv.SITE_URL}/workspace/postings`);
      await page.getByRole("link", { name: "Platform Engineer" }).click();
      await page.getByRole("button", { name: "Reopen" }).click();
      await expect(page.getByText("Now: open")).toBeVisible();
      await page.getByLabel("Address").fill("platform-engineer-sre");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Saved.")).toBeVisible();
      await expect
        .poll(async () => (await onB("/careers/platform-engineer-sre")).status, { timeout: seconds(5) })
        .toBe(200);
      for (const [old, now] of [
        ["/careers/platform-engineer", "/careers/platform-engineer-sre"],
        ["/careers/platform-engineer/apply", "/careers/platform-engineer-sre/apply"],
      ]) {
        // Within seconds, like every page: B may answer from the pages it rendered before the rename
        // until it renders them again.
        await expect
          .poll(
            async () => {
              const moved = await onB(old!);
              await moved.body?.cancel();
              return [moved.status, moved.headers.get("location")];
            },
            { timeout: seconds(5) },
          )
          .toEqual([301, now]);
      }
      // Every change is in the audit trail, and the earlier versions are there to restore.
      await expect(page.getByRole("heading", { name: "Earlier versions" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Restore version 1" })).toBeVisible();
      await page.goto(`${e2eEnv.SITE_URL}/workspace/audit`);
      // Read as sentences, the posting named as it is now, linked to its form.
      for (const action of ["Created", "Published", "Closed", "Reopened"])
        await expect(
          page.getByRole("cell", { name: new RegExp(`^${action} the posting Platform Engineer`) }).first(),
        ).toBeVisible();
    } finally {
      await stop(page);
    }
  });
});

test("a member without the right gets 403 on every postings page and action; an admin gives it on the People page; the editor pages pass axe", async ({
  page,
  context,
  browser,
  storage,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const adminEmail = `admin.${stamp}@company.example`;
  const memberEmail = `member.${stamp}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, memberEmail, "member"), memberEmail);
  await expect(page.getByRole("link", { name: "Postings" })).toHaveCount(0);

  const somePosting = async () => {
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await addAuthenticator(admin, adminPage);
    await enrol(adminPage, `${e2eEnv.SITE_URL}${invite(storage, adminEmail, "admin")}`, adminEmail);
    await adminPage.goto(`${e2eEnv.SITE_URL}/workspace/postings`);
    await adminPage.getByRole("link", { name: "Data Scientist" }).click();
    return { admin, adminPage, path: new URL(adminPage.url()).pathname };
  };
  const { admin, adminPage, path } = await somePosting();
  try {
    for (const address of ["/workspace/postings", "/workspace/postings/new", path, `${path}/preview`]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(403);
      if (address === path)
        await expect(page.getByRole("heading", { name: "For the content's editors only" })).toBeVisible();
    }
    // The description's live preview too: only for those who may edit postings.
    for (const address of ["/workspace/postings/new", path, "/workspace/postings/markdown-preview"]) {
      const response = await page.request.post(address, {
        form: { intent: "close", markdown: "## Hello" },
        headers: { Origin: e2eEnv.SITE_URL, "Sec-Fetch-Site": "same-origin" },
      });
      expect(response.status(), address).toBe(403);
    }

    // The admin gives the member the right to edit postings.
    await adminPage.goto(`${e2eEnv.SITE_URL}/workspace/people`);
    await adminPage.getByRole("checkbox", { name: `Job postings (${memberEmail})` }).check();
    await adminPage
      .getByRole("row")
      .filter({ hasText: memberEmail })
      .getByRole("button", { name: "Save rights" })
      .click();
    await expect(adminPage.getByText("Content rights saved.")).toBeVisible();

    await page.goto("/workspace");
    await page.getByRole("link", { name: "Postings" }).click();
    await expect(page.getByRole("heading", { name: "Job postings" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Data Scientist" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit posting: Data Scientist");
    await expectNoAxeViolations(page);
    // The form's own checks, answered by the server with every field kept.
    await page.getByRole("link", { name: "All postings" }).click();
    await page.getByRole("link", { name: "New posting" }).click();
    await page.getByLabel("Title").fill("Draft without a department");
    await page.getByLabel("Summary").fill("A draft.");
    await page.getByLabel("Description").fill("Text");
    await page.getByLabel("Salary from").fill("2");
    await page.getByLabel("Salary up to").fill("1");
    await page.getByLabel("Department").evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByText("Please correct the fields marked below, then save again.")).toBeVisible();
    await expect(page.getByLabel("Department")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Title")).toHaveValue("Draft without a department");
    await expect(page.getByLabel("Salary up to")).toHaveValue("1");
    await expectNoAxeViolations(page);
    await page.getByLabel("Department").fill("Engineering");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByText("The upper end must be at least the lower end.")).toBeVisible();
    // The preview is the public page, drafts included.
    await page.goto(`${path}/preview`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data Scientist");
    await expect(page.getByRole("heading", { level: 2, name: "What you will do" })).toBeVisible();
  } finally {
    await admin.close();
  }
});
