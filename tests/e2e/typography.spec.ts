import type { Page } from "@playwright/test";
import { expect, sitePages, test, postingPages } from "./fixtures.ts";

// The headings' face arrives after the first paint when the network is slow (font-display:
// swap). Its fallback, Arial Bold scaled to its metrics (app/ui/app.css), must take the same room,
// so the swap moves nothing (CLS 0): measured here by holding the font back, measuring every
// heading and the page, then letting it through and measuring again.

const pages = [
  ...sitePages,
  ...postingPages,
  "/careers/apply",
  "/contact/meeting",
  "/cookie-settings",
  "/no-such-page",
];

/**
 * Each heading's top and height, and the main content's height, in CSS pixels. Sections below
 * the first screen are laid out only when they come near it (content-visibility, decision 025),
 * and a size once laid out is kept: they are laid out whole here, so both measurements see them so.
 */
function layout(page: Page) {
  return page.evaluate(() => {
    for (const part of document.querySelectorAll<HTMLElement>("main > section, body > footer"))
      part.style.contentVisibility = "visible";
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return [Math.round(rect.top + window.scrollY), Math.round(rect.height)];
    };
    return {
      headings: [...document.querySelectorAll("h1, h2, h3")].map((heading) => [heading.textContent, ...box(heading)]),
      main: box(document.querySelector("main")!),
    };
  });
}

const displayFaceStatus = (page: Page) =>
  page.evaluate(() => [...document.fonts].find((face) => face.family.includes("Bricolage Display"))?.status);

for (const width of [320, 390, 768, 1280]) {
  test(`at ${width} px, the display face swaps in without moving a heading or the page`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    for (const path of pages) {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/*.woff2", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The stylesheet is in (its face is declared) and the face itself is held back.
      await expect.poll(() => displayFaceStatus(page), { message: `${path}: the face is on its way` }).toBe("loading");
      const withFallback = await layout(page);
      release();
      await expect.poll(() => displayFaceStatus(page), { message: `${path}: the face arrived` }).toBe("loaded");
      expect(await layout(page), path).toEqual(withFallback);
      await page.unrouteAll({ behavior: "wait" });
    }
  });
}
