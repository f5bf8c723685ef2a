import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { editablePages } from "#app/workspace/content/page-copies.ts";
import { pngLogo } from "#tests/helpers/proof-fixtures.ts";
import { expect, test } from "./fixtures.ts";
import { addAuthenticator, enrol, invite } from "./workspace-helpers.ts";

// The content editors as people use them (issue 48 part 5, issue 46 part 7): valid HTML by the
// W3C Nu checker, the description's preview beside it with and without JavaScript, days written
// the workspace's way, currency and country from lists, closing that asks once, a logo kept when
// publishing is refused, the public page's preview under its bar, the proof's order by keyboard.

/** The W3C Nu HTML checker (vnu-jar, run with the machine's Java) on pages' HTML: its errors. */
function htmlErrors(pages: Record<string, string>) {
  const folder = mkdtempSync(path.join(tmpdir(), "editors-html-"));
  try {
    const files = Object.entries(pages).map(([name, html], index) => {
      const file = path.join(folder, `${index}.html`);
      writeFileSync(file, html);
      return [file, name] as const;
    });
    const jar = createRequire(import.meta.url)("vnu-jar") as string;
    let output = "";
    try {
      execFileSync("java", ["-jar", jar, "--format", "json", "--errors-only", ...files.map(([file]) => file)], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      // The checker exits 1 when it reports an error, and writes its report to stderr.
      output = (error as { stderr?: string }).stderr ?? "";
    }
    const names = new Map(files.map(([file, name]) => [`file:${file}`, name]));
    const report = output ? (JSON.parse(output) as { messages: Array<{ url: string; message: string }> }) : null;
    return (report?.messages ?? []).map((message) => `${names.get(message.url) ?? message.url}: ${message.message}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("the editors are valid HTML; a posting is written with its preview, days, lists and a close that asks once", async ({
  page,
  context,
  browser,
  storage,
}) => {
  test.setTimeout(240_000);
  const email = `editor-html.${Date.now()}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email, "admin"), email);

  // A new posting: a role paid in rupees, its description previewed as it is typed.
  await page.goto("/workspace/postings/new");
  const title = `Platform Lead ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Department").fill("Engineering");
  await page.getByLabel("Summary").fill("Lead the platform team in Bengaluru.");
  const preview = page.getByRole("region", { name: "Preview, as the posting's page shows it" });
  await page
    .getByLabel("Description")
    .fill("## What you will do\n\n- Run **the platform**\n\n<script>alert(1)</script>");
  await expect(preview.getByRole("heading", { level: 2, name: "What you will do" })).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveText("Run the platform");
  await expect(preview).not.toContainText("alert");
  await page.getByRole("combobox", { name: "Location", exact: true }).selectOption({ label: "On site" });
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByRole("combobox", { name: "Country", exact: true }).selectOption({ label: "India" });
  await page.getByLabel("Currency").selectOption("INR");
  await page.getByLabel("Salary from").fill("4000000");
  await page.getByLabel("Salary up to").fill("6000000");
  await page.getByLabel("Applications close after").fill("29 Nov 2027");
  // The bar of buttons stays on screen while the form is long.
  await page.getByLabel("Title").scrollIntoViewIfNeeded();
  await expect(page.getByRole("button", { name: "Save and publish now" })).toBeInViewport();
  await page.getByRole("button", { name: "Save and publish now" }).click();
  await expect(page.getByText("Published: it is on the careers page within seconds.")).toBeVisible();
  // The day as the workspace writes it; the lists keep what was chosen.
  await expect(page.getByLabel("Applications close after")).toHaveValue("29 Nov 2027");
  await expect(page.getByLabel("Currency")).toHaveValue("INR");
  await expect(page.getByRole("combobox", { name: "Country", exact: true })).toHaveValue("IN");
  const editor = page.url().split("?")[0] as string;

  // Its page shows the rupees the way Indian postings write them.
  const slug = title.toLowerCase().replaceAll(" ", "-");
  const publicPage = await (await page.request.get(`/careers/${slug}`)).text();
  expect(publicPage).toContain("₹40L-₹60L");

  // The preview of the public page: under its bar, with the way back, and no cookie banner.
  await page.getByRole("link", { name: "Preview as the public page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("note", { name: /^Preview: this is how the posting's page shows it/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /cookies/i })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the editor" }).click();
  await expect(page).toHaveURL(editor);

  // The editors' HTML, as the server sends it, checked by the W3C Nu checker.
  const entryPages = ["logo", "case-study", "testimonial", "member"].map((kind) => `/workspace/proof/new/${kind}`);
  // The page copy's list and each page's form (made from its schema), and the app's screenshots.
  const copyPages = [
    "/workspace/pages",
    ...editablePages.map((copy) => `/workspace/pages/${copy.page}`),
    "/workspace/app",
  ];
  const addresses = [
    "/workspace/postings/new",
    new URL(editor).pathname,
    "/workspace/proof",
    ...entryPages,
    ...copyPages,
  ];
  const html: Record<string, string> = {};
  for (const address of addresses) {
    const response = await page.request.get(address);
    expect(response.status(), address).toBe(200);
    html[address] = await response.text();
  }
  expect(htmlErrors(html)).toEqual([]);

  // Closing asks once, and only the confirmation closes; without JavaScript too, like the preview.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  try {
    const plain = await noScript.newPage();
    await plain.goto(editor);
    await plain.getByLabel("Description").fill("## Changed\n\nNow with *emphasis*.");
    await plain.getByRole("button", { name: "Update preview" }).click();
    const plainPreview = plain.getByRole("region", { name: "Preview, as the posting's page shows it" });
    await expect(plainPreview.getByRole("heading", { level: 2, name: "Changed" })).toBeVisible();
    // What was typed came back as it was, unsaved.
    await expect(plain.getByLabel("Title")).toHaveValue(title);
    await expect(plain.getByLabel("Currency")).toHaveValue("INR");
    await expect(plain.getByLabel("Description")).toHaveValue("## Changed\n\nNow with *emphasis*.");

    await plain.goto(editor);
    await plain.getByRole("button", { name: "Close now" }).click();
    const question = plain.getByRole("heading", { name: `Close “${title}” now?` });
    await expect(question).toBeVisible();
    await plain.getByRole("link", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    await expect(plain.getByText("Now: open")).toBeVisible();
    await plain.getByRole("button", { name: "Close now" }).click();
    await plain.getByRole("button", { name: "Close it now" }).click();
    await expect(plain.getByText("Now: closed")).toBeVisible();
  } finally {
    await noScript.close();
  }
});

test("a logo refused for its missing consent keeps its file; the proof's order moves by keyboard, the focus kept", async ({
  page,
  context,
  storage,
}) => {
  test.setTimeout(180_000);
  const email = `editor-logo.${Date.now()}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email, "admin"), email);

  // A logo before it in the list, a draft.
  await page.goto("/workspace/proof/new/logo");
  await page.getByLabel("Client's name").fill(`Adatum ${Date.now()}`);
  await page.getByRole("button", { name: "Create (not published)" }).click();
  await expect(page.getByText("Created.")).toBeVisible();

  const name = `Fabrikam ${Date.now()}`;
  await page.goto("/workspace/proof/new/logo");
  await page.getByLabel("Client's name").fill(name);
  await page
    .getByLabel("Logo file")
    .setInputFiles({ name: "fabrikam.png", mimeType: "image/png", buffer: await pngLogo() });
  await page.getByRole("button", { name: "Save and publish" }).click();
  // Not published, but the file is kept with the entry; the page says what it needs.
  await expect(page.getByText("Saved, not published: the file you chose is kept with the entry.")).toBeVisible();
  await expect(page.getByRole("img", { name })).toBeVisible();
  await expect(page.getByRole("group", { name: "Consent" })).toHaveAccessibleDescription(
    /cannot be published without its consent/,
  );
  await page.getByLabel("Consent from").fill("Fabrikam's marketing lead, by e-mail");
  await page.getByLabel("Consent given on").fill("2 Mar 2026");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByText("Published: it is on the site within seconds.")).toBeVisible();
  await expect(page.getByLabel("Consent given on")).toHaveValue("2 Mar 2026");

  // In the list with its thumbnail; moved up by keyboard, the focus stays on the button pressed.
  await page.goto("/workspace/proof");
  const row = page.getByRole("row", { name: new RegExp(`^${name}`) });
  await expect(row.locator("img")).toBeVisible();
  const rowsBefore = await page
    .getByRole("region", { name: /^Client logos/ })
    .getByRole("row")
    .allInnerTexts();
  const before = rowsBefore.findIndex((text) => text.startsWith(name));
  expect(before).toBeGreaterThan(1);
  await page.getByRole("button", { name: `Move ${name} up` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Order saved.")).toBeVisible();
  const rowsAfter = await page
    .getByRole("region", { name: /^Client logos/ })
    .getByRole("row")
    .allInnerTexts();
  expect(rowsAfter.findIndex((text) => text.startsWith(name))).toBe(before - 1);
  // Its Up button, or Down once it is first and has no Up.
  await expect(page.locator(":focus")).toHaveAttribute("aria-label", new RegExp(`^Move ${name} (up|down)$`));
});
