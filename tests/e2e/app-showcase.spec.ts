import { appScreenshotPng } from "#tests/helpers/proof-fixtures.ts";
import { expect, test } from "./fixtures.ts";
import { type RunningServer, startTwoInstances } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";
import { addAuthenticator, enrol, expectNoAxeViolations, invite } from "./workspace-helpers.ts";

// The app's own screens (issue 51), as marketing does it: three screenshots uploaded and the App
// Store's address set in the workspace; the features page shows them (AVIF with WebP beside it,
// the sizes the page shows, the alt text) and the store buttons of the features and download
// pages lead there, on the instance the change was made on at once and on a second instance on the
// same database within seconds, still answered from memory and without a script.

const appStoreUrl = "https://apps.apple.com/app/lumen-prep/id1234567890";
const screens = [
  { title: "Problems", colour: "#1f6f5c", alt: "The problem library, filtered to graphs, medium difficulty" },
  { title: "Your path", colour: "#8a4b12", alt: "Today's learning path: three problems and a short review" },
  { title: "Progress", colour: "#3b3f8f", alt: "Accuracy by topic over the last four weeks" },
];

test.describe("on two instances sharing PostgreSQL", () => {
  test.use({ proxy: async ({ siteProxy }, use) => use(siteProxy.settings) });

  test("marketing uploads three screenshots and sets the App Store's address: /features and /download show them on both instances within seconds", async ({
    page,
    context,
    siteProxy,
  }) => {
    test.setTimeout(240_000);
    const { a, b, storage, stop } = await startTwoInstances(5, { siteProxy, worker: test.info() });
    try {
      const textOn = async (server: RunningServer, path: string) => (await fetch(`${server.url}${path}`)).text();

      // Before: the spec's drawn screens, the configured App Store link, Google Play via /download.
      const before = await textOn(b, "/features");
      expect(before).not.toContain("<picture>");
      expect(before).toContain(`href="${e2eEnv.APP_STORE_URL}"`);

      // An admin, who may edit all content (a member needs the App right: the next test).
      const email = `marketing.${Date.now()}@company.example`;
      await addAuthenticator(context, page);
      await enrol(page, `${e2eEnv.SITE_URL}${invite(storage, email, "admin")}`, email);
      await page.getByRole("link", { name: "App", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "The app" })).toBeVisible();
      await expectNoAxeViolations(page);

      // No alt text: a clear error, nothing saved.
      const form = (number: number) =>
        page.locator("form").filter({ has: page.getByRole("group", { name: new RegExp(`^Screen ${number}: `) }) });
      const first = form(1);
      await first
        .getByLabel("Screenshot")
        .setInputFiles({ name: "problems.png", mimeType: "image/png", buffer: await appScreenshotPng("A", "#1f6f5c") });
      await first.getByLabel("Alt text").fill("   ");
      await first.getByRole("button", { name: "Save screen 1" }).click();
      await expect(
        page.getByText("Write the alt text: what the screenshot shows, for people who cannot see it."),
      ).toBeVisible();
      await expect(page.getByText("Nothing was saved: see the field marked below.")).toBeVisible();
      await expectNoAxeViolations(page);

      for (const [index, screen] of screens.entries()) {
        const number = index + 1;
        const screenForm = form(number);
        await screenForm.getByLabel("Screenshot").setInputFiles({
          name: `${screen.title}.png`,
          mimeType: "image/png",
          buffer: await appScreenshotPng(screen.title, screen.colour),
        });
        await screenForm.getByLabel("Alt text").fill(screen.alt);
        await screenForm.getByRole("button", { name: `Save screen ${number}` }).click();
        await expect(
          page.getByText(`Screen ${number} saved: it is on the features page within seconds.`),
        ).toBeVisible();
        await expect(form(number).getByRole("img", { name: screen.alt })).toBeVisible();
      }

      // A Google Play address elsewhere is refused; the App Store's is saved.
      await page.getByLabel("Google Play address").fill("https://play.example.com/store/apps/details?id=lumen");
      await page.getByLabel("App Store address").fill(appStoreUrl);
      await page.getByRole("button", { name: "Save store links" }).click();
      await expect(
        page.getByText("Enter an https:// address on play.google.com, or leave the field empty."),
      ).toBeVisible();
      await page.getByLabel("Google Play address").fill("");
      await page.getByRole("button", { name: "Save store links" }).click();
      await expect(page.getByText("Store links saved: the buttons lead there within seconds.")).toBeVisible();
      await expect(page.getByLabel("App Store address")).toHaveValue(appStoreUrl);
      await expectNoAxeViolations(page);

      // At once on A (it rendered the pages before answering), from memory; within seconds on B.
      expect(await textOn(a, "/features")).toContain(`href="${appStoreUrl}"`);
      await expect.poll(() => textOn(b, "/features"), { timeout: 5_000 }).toContain(`href="${appStoreUrl}"`);
      for (const server of [a, b]) {
        const response = await fetch(`${server.url}/features`);
        expect(response.headers.get("content-security-policy")).not.toContain("nonce-");
        const html = await response.text();
        expect(html.match(/<picture>/g)).toHaveLength(3);
        expect(html.match(/type="image\/avif"/g)).toHaveLength(3);
        // (React writes an apostrophe as &#x27;.)
        for (const screen of screens) expect(html).toContain(`alt="${screen.alt.replaceAll("'", "&#x27;")}"`);
        expect(html).not.toContain("<script src");
        expect(await textOn(server, "/download")).toContain(`href="${appStoreUrl}"`);
      }

      // As a visitor sees it: each screenshot in its place under its title, in AVIF, 220 px wide,
      // fetched only as the visitor nears it (the first load's budget stays the page's).
      const media: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/media/")) media.push(request.url());
      });
      await page.goto(`${e2eEnv.SITE_URL}/features`, { waitUntil: "networkidle" });
      expect(media).toEqual([]);
      const showcase = page.getByRole("region", { name: "See It in Action" });
      for (const [index, screen] of screens.entries()) {
        const image = showcase.getByRole("img", { name: screen.alt });
        await image.scrollIntoViewIfNeeded();
        await expect(image).toBeVisible();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.currentSrc]))
          .toEqual([true, 220, expect.stringMatching(/\/media\/[0-9a-f]{32}\.avif$/)]);
        await expect(showcase.getByRole("listitem").nth(index)).toContainText(
          ["Problem library", "Learning path", "Progress analytics"][index]!,
        );
      }
      const scripts = await page.locator("script[src]").count();
      expect(scripts).toBe(0);
      await expect(page.getByRole("link", { name: "Download for iOS" })).toHaveAttribute("href", appStoreUrl);
      // Google Play is not set here nor configured: its button still leads to the download page.
      await expect(page.getByRole("link", { name: "Download for Android" })).toHaveAttribute("href", "/download");
      await page.goto(`${e2eEnv.SITE_URL}/download`);
      await expect(page.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute("href", appStoreUrl);
      await expect(page.getByText("Coming soon to Google Play")).toBeVisible();

      // Who did it, in the audit trail.
      await page.goto(`${e2eEnv.SITE_URL}/workspace/audit`);
      const saved = page.getByRole("row").filter({ hasText: "Saved an app screenshot (screen 3, new image)" });
      await expect(saved).toContainText(email);
      await expect(
        page.getByRole("row").filter({ hasText: "Changed an app store link (app-store, set)" }),
      ).toContainText(email);

      // Removing asks first (Keep it keeps it); removed, the drawn screen is back, on B too.
      await page.goto(`${e2eEnv.SITE_URL}/workspace/app`);
      await form(2).getByRole("button", { name: "Remove screen 2" }).click();
      const question = page.getByRole("region", { name: "Remove the screenshot of screen 2?" });
      await expect(question).toContainText("Its images are deleted");
      await expectNoAxeViolations(page);
      await question.getByRole("link", { name: "Keep it" }).click();
      await expect(question).toHaveCount(0);
      await expect(form(2).getByRole("img", { name: screens[1]!.alt })).toBeVisible();
      await form(2).getByRole("button", { name: "Remove screen 2" }).click();
      await question.getByRole("button", { name: "Remove it" }).click();
      await expect(page.getByText("Screen 2 removed: the features page shows the drawn screen again.")).toBeVisible();
      await expect
        .poll(async () => (await textOn(b, "/features")).match(/<picture>/g)?.length, { timeout: 5_000 })
        .toBe(2);
    } finally {
      await context.unrouteAll({ behavior: "ignoreErrors" });
      await stop(page);
    }
  });
});

test("a member without the App right has no App page: 403 on the page and on every change", async ({
  page,
  context,
  storage,
}) => {
  test.setTimeout(120_000);
  const email = `app-member.${Date.now()}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email, "member"), email);
  await expect(page.getByRole("link", { name: "App", exact: true })).toHaveCount(0);
  expect((await page.goto("/workspace/app"))?.status()).toBe(403);
  await expect(page.getByText("This page is for the people who edit the site's content.")).toBeVisible();
  const forms: Array<Record<string, string>> = [
    { intent: "links", "app-store": appStoreUrl, "google-play": "" },
    { intent: "remove", slot: "1" },
  ];
  for (const form of forms) {
    const response = await page.request.post("/workspace/app", {
      form,
      headers: { Origin: e2eEnv.SITE_URL, "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status(), form.intent).toBe(403);
  }
  // Nothing changed: the configured App Store link is still the button's.
  expect(await (await page.request.get("/features")).text()).toContain(`href="${e2eEnv.APP_STORE_URL}"`);
});
