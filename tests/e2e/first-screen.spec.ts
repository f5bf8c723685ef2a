import { expect, test } from "./fixtures.ts";

// The first screen laid out first (issue 50): the content pages' below-the-fold sections skip
// their layout until they near the viewport (`content-visibility: auto`), holding the place of an
// intrinsic size measured from their real heights. What a visitor must not notice: nothing jumps
// as a section arrives (its real height is its declared one, within a line or so), a jump link
// lands on its heading, the text is found by find-in-page and read by a screen reader before it
// is laid out, and a printout has every section.

const pages = ["/", "/about", "/features", "/careers", "/download"];
// A line of text and a little: what fonts and a host's rounding may move a section by.
const tolerancePx = 40;

type Skipped = { id: string; heading: string; declared: number; placeholder: number };

/**
 * The sections of main that skip their layout off screen: their heading, declared height, and the
 * height they hold now (before a section is laid out: the declared one with its padding and borders).
 */
function skippedSections(): Skipped[] {
  return [...document.querySelectorAll<HTMLElement>("main section")]
    .filter((section) => getComputedStyle(section).contentVisibility === "auto")
    .map((section) => {
      const heading = section.querySelector("h2");
      // `auto 1195px`: the placeholder of the size the browser remembers once it has laid it out.
      const declared = Number.parseFloat(getComputedStyle(section).containIntrinsicHeight.replace("auto", ""));
      return {
        id: heading?.id ?? "",
        heading: heading?.textContent?.trim() ?? "",
        declared,
        placeholder: section.getBoundingClientRect().height,
      };
    });
}

for (const width of [390, 1280]) {
  for (const path of pages) {
    test(`${path} at ${width} px: each section laid out late is as tall as the place it held, so nothing jumps`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const sections = await page.evaluate(skippedSections);
      expect(sections.length).toBeGreaterThan(0);
      for (const section of sections) {
        expect(section.id, "each skipped section is headed by an h2 with an id").not.toBe("");
        expect(section.declared).toBeGreaterThan(0);
        const heading = page.locator(`[id="${section.id}"]`);
        await heading.scrollIntoViewIfNeeded();
        // Two frames: the section laid out for real once it is near the viewport.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const real = await heading.evaluate((element) => element.closest("section")!.getBoundingClientRect().height);
        expect
          .soft(
            Math.abs(real - section.placeholder),
            `${section.heading}: ${real} px laid out, ${section.placeholder} px held (${section.declared} px declared)`,
          )
          .toBeLessThanOrEqual(tolerancePx);
      }
    });
  }
}

for (const path of pages) {
  test(`${path}: sections laid out late are found, read, jumped to and printed`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(path);
    const sections = await page.evaluate(skippedSections);
    expect(sections.length).toBeGreaterThan(0);
    // Before any scrolling: the text is in the document (find-in-page searches it) and in the
    // accessibility tree (a screen reader's list of headings has it).
    const html = await page.content();
    const tree = await page.locator("main").ariaSnapshot();
    for (const section of sections) {
      expect(html).toContain(section.heading.replaceAll("&", "&amp;"));
      expect(tree).toContain(`heading "${section.heading}" [level=2]`);
    }
    // A jump link to the last one lands on its heading: at the top of the screen, below the
    // header, or as near it as the page's end lets it come.
    const last = sections.at(-1)!;
    await page.goto(`${path}#${last.id}`);
    const heading = page.locator(`[id="${last.id}"]`);
    // The page scrolls smoothly (where motion is welcome): where it comes to rest.
    await expect
      .poll(() =>
        heading.evaluate((element) => {
          const top = element.getBoundingClientRect().top;
          const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
          return top >= 0 && (top < 200 || atEnd);
        }),
      )
      .toBe(true);
    await expect(heading).toBeInViewport();
    // Printed, every section is laid out: nothing skipped on paper.
    await page.emulateMedia({ media: "print" });
    const printed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("main section")].map(
        (section) => getComputedStyle(section).contentVisibility,
      ),
    );
    expect(printed.every((value) => value === "visible")).toBe(true);
  });
}
