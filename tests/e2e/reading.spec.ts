import { expect, test } from "./fixtures.ts";

// What makes a page easy to read, measured as it is laid out (issue 31): a readable measure on
// the privacy notice, headings sized to what they head, one alignment for a page's section heads,
// the panel's amber light at full strength.

/** The longest line, in characters, of the page's running text (paragraphs, list items, definitions) in main. */
function longestLine() {
  let longest = { length: 0, text: "" };
  for (const block of document.querySelectorAll("main p, main li, main dd")) {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? "").matchAll(/\S+\s*/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].trimEnd().length);
        const box = range.getClientRects()[0];
        if (!box) continue;
        const line = Math.round(box.top);
        lines.set(line, (lines.get(line) ?? "") + word[0]);
      }
    }
    for (const text of lines.values())
      if (text.trim().length > longest.length) longest = { length: text.trim().length, text: text.trim() };
  }
  return longest;
}

for (const width of [390, 768, 1280, 1440]) {
  test(`/privacy at ${width} px: no line of its text runs past 75 characters, and its headings are sized to their answers`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/privacy");
    const longest = await page.evaluate(longestLine);
    expect(longest.length, longest.text).toBeLessThanOrEqual(75);
    const sizes = await page.evaluate(() => {
      const size = (element: Element) => Number.parseFloat(getComputedStyle(element).fontSize);
      return {
        body: size(document.querySelector("main section p")!),
        headings: [...document.querySelectorAll("main h2")].map(size),
      };
    });
    for (const heading of sizes.headings) expect(heading).toBeLessThanOrEqual(sizes.body * 1.6);
  });
}

test("/careers at 1280 px: every section head starts where the page's title does", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/careers");
  const lefts = await page.evaluate(() =>
    [...document.querySelectorAll("main h1, main h2")].map((heading) => ({
      text: heading.textContent,
      left: Math.round(heading.getBoundingClientRect().left),
    })),
  );
  const title = lefts[0]!;
  // The second column's head (culture, beside the reasons) starts its own column.
  const columns = new Set(lefts.map((heading) => heading.left));
  expect(columns.size, JSON.stringify(lefts)).toBeLessThanOrEqual(2);
  for (const heading of lefts.filter((found) => found.left !== title.left))
    expect(heading.left, heading.text ?? "").toBeGreaterThan(1280 / 2);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the spruce panel's amber light is fully lit (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/careers");
    const light = await page.evaluate(() => {
      const panel = document.querySelector(".bg-panel")!;
      const disc = [...panel.querySelectorAll("svg circle")].find((circle) => circle.getAttribute("r") === "18")!;
      let opacity = 1;
      for (let element: Element | null = disc; element && element !== panel; element = element.parentElement)
        opacity *= Number(getComputedStyle(element).opacity) * Number(getComputedStyle(element).fillOpacity || 1);
      return {
        opacity,
        fill: getComputedStyle(disc).fill,
        glow: getComputedStyle(panel).getPropertyValue("--color-glow"),
      };
    });
    expect(light.opacity).toBe(1);
  });
}
