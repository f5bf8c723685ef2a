import { config, expect, sitePages, test } from "./fixtures.ts";

test("every link on every page resolves, and none is a dead '#'", async ({ page, request }) => {
  const internal = new Set<string>();
  for (const path of sitePages) {
    await page.goto(path);
    const hrefs = await page
      .locator("a[href]")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    for (const href of hrefs) {
      expect(href, `a link on ${path}`).not.toMatch(/^(#|javascript:)?$/);
      if (href.startsWith("/")) internal.add(href.split("#")[0] ?? href);
      else if (href.startsWith("mailto:"))
        expect(href).toMatch(new RegExp(`^mailto:${config.contactEmail}(\\?subject=.+)?$`));
      else if (!href.startsWith("#")) expect(href, `an external link on ${path}`).toMatch(/^https:\/\//);
    }
  }
  expect(internal.size).toBeGreaterThanOrEqual(sitePages.length);
  for (const href of internal) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
  }
});

test("in-page links point at an element that exists", async ({ page }) => {
  for (const path of sitePages) {
    await page.goto(path);
    const targets = await page
      .locator('a[href^="#"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")?.slice(1) ?? ""));
    for (const id of targets) await expect(page.locator(`[id="${id}"]`), `#${id} on ${path}`).toHaveCount(1);
  }
});
