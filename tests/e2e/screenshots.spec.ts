import { expect, sitePages, test, postingPages } from "./fixtures.ts";

// A reference picture of every public page, at a phone's width and a laptop's, in both themes,
// kept in the test's output (test-results/…/, and attached to the HTML report) for people to
// look at: docs/design.md. Not compared pixel by pixel: what is asserted is that the page
// rendered as designed (its heading, the frame, the theme's ground, the display face, no
// sideways scrolling).

const pages = [
  ...sitePages,
  ...postingPages,
  "/careers/apply",
  "/contact/meeting",
  "/cookie-settings",
  "/no-such-page",
];
const widths = [390, 1280];
const grounds = { light: "rgb(250, 247, 242)", dark: "rgb(19, 18, 15)" };

for (const path of pages) {
  test(`${path} at ${widths.join(" and ")} px, light and dark: rendered, and kept as a screenshot`, async ({
    page,
  }, testInfo) => {
    // A visitor who has made a cookie choice: the page itself, not the banner over it.
    await page.goto("/");
    const banner = page.getByRole("region", { name: "We value your privacy" });
    await banner.getByRole("button", { name: "Necessary only" }).click();
    await expect(banner).toHaveCount(0);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of widths) {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("banner").getByRole("link", { name: "Lumen Software home" })).toBeVisible();
        await expect(page.getByRole("contentinfo")).toContainText("© 2024");
        const rendered = await page.evaluate(async () => {
          await document.fonts.ready;
          return {
            ground: getComputedStyle(document.body).backgroundColor,
            displayFace: [...document.fonts].some(
              (face) => face.family.includes("Bricolage Display") && face.status === "loaded",
            ),
            headingFace: getComputedStyle(document.querySelector("h1")!).fontFamily,
            overflow: document.documentElement.scrollWidth - window.innerWidth,
          };
        });
        expect(rendered.ground, `${colorScheme} ground`).toBe(grounds[colorScheme]);
        expect(rendered.displayFace, "the display face loaded").toBe(true);
        expect(rendered.headingFace).toMatch(/^"Bricolage Display"/);
        expect(rendered.overflow, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
        // A full-page capture does not scroll: sections below the first screen would stay unpainted
        // (content-visibility: auto, decision 062), where a visitor scrolling sees them.
        await page.evaluate(() => {
          for (const section of document.querySelectorAll<HTMLElement>(".below-fold"))
            section.style.contentVisibility = "visible";
        });
        const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}-${width}-${colorScheme}.png`;
        await testInfo.attach(name, {
          body: await page.screenshot({ fullPage: true, path: testInfo.outputPath(name) }),
          contentType: "image/png",
        });
      }
    }
  });
}
