import { axe } from "./axe.ts";
import { expect, sitePages, closePrivacyBanner, test, postingApplyPages } from "./fixtures.ts";

const pagesToScan = [...sitePages, "/contact/meeting", "/no-such-page"];

for (const colorScheme of ["light", "dark"] as const) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 320, height: 640 },
  ]) {
    test.describe(`${colorScheme}, ${viewport.width} px`, () => {
      test.use({ colorScheme, viewport });

      for (const path of pagesToScan) {
        test(`axe finds no WCAG 2.2 AA violation on ${path}`, async ({ page }) => {
          await page.goto(path);
          const results = await axe(page)
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
            .analyze();
          const violations = results.violations.map((violation) => ({
            id: violation.id,
            help: violation.help,
            targets: violation.nodes.map((node) => node.target.join(" ")),
          }));
          expect(violations).toEqual([]);
        });
      }
    });
  }
}

test("the open small-screen menu has no violations either", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByText("Menu").click();
  const results = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

for (const path of ["/contact", ...postingApplyPages]) {
  test(`the form on ${path}, showing its errors, has no violations`, async ({ page, hydrated }) => {
    await page.goto(path);
    await closePrivacyBanner(page);
    await hydrated();
    await page.getByRole("button", { name: /^Send/ }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
    const results = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  for (const path of ["/contact", "/careers/apply", ...postingApplyPages]) {
    test(`the confirmation on ${path} (${colorScheme}) has no violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(`${path}?sent=1`);
      await expect(page.getByRole("heading", { name: /^Thank you, your .* is on its way$/ })).toBeVisible();
      const results = await axe(page)
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    });
  }
}
