import { expect, sitePages, test, postingPages } from "./fixtures.ts";

test.describe("at 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("a menu button opens the navigation and no page scrolls sideways", async ({ page }) => {
    for (const path of sitePages) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} fits 320 px`).toBeLessThanOrEqual(320);
    }
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const about = nav.getByRole("link", { name: "About" });
    await expect(about).toBeHidden();
    await nav.getByText("Menu").click();
    await expect(about).toBeVisible();
    await about.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "From Cloud to AI—We Help You Engineer with Purpose",
    );
    await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
  });

  test("the menu works with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Main" }).getByText("Menu");
    await menu.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about$/);
  });
});

test("Get Started leads to the download page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/download$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("content pages load no JavaScript; the form pages load their form's at the first interaction, without React Router", async ({
  page,
  hydrated,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const path of [
    "/",
    "/about",
    "/features",
    "/careers",
    ...postingPages,
    "/login",
    "/download",
    "/cookie-settings",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(scripts).toEqual([]);

  // A form page loads its scripts only once the visitor does something on it.
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  await hydrated();
  expect(scripts.some((path) => /\/contact-island-[\w-]+\.js$/.test(path))).toBe(true);
  // React Router's scripts, and the data they take the page over with, are not in the page.
  expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterRouteModules" in window)).toBe(
    false,
  );
  // Links are plain links: the next page is a document of its own, which loads no script.
  scripts.length = 0;
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/features");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});
