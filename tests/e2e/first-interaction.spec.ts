import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// The public forms start their scripts at the visitor's first interaction (decision 013) and React
// takes over the form, an island of the page (decision 028), while the visitor may already be
// typing (decision 025). With the CPU four times
// slower, as the benchmark measures it, a visitor clicks into the first field and keeps typing
// until React is in charge, and a little after: not one key may be lost, and nothing typed may be
// reset by React taking over.

const bookableDay = /: \d+ free times?$/;

type Timeline = { keys: number[]; firstScriptAt: number; hydratedAt: number };

/** In the page, from before its own scripts: when each key went down, the first script was asked for and React took over. */
async function recordTimeline(page: Page) {
  await page.addInitScript(() => {
    const timeline = { keys: [] as number[], firstScriptAt: 0, hydratedAt: 0 };
    (window as unknown as { timeline: typeof timeline }).timeline = timeline;
    addEventListener("keydown", () => timeline.keys.push(performance.now()), true);
    new PerformanceObserver((list) => {
      // Entries come as each script finishes, not in the order they started: the earliest start counts.
      for (const entry of list.getEntries())
        if (entry.name.endsWith(".js") && (!timeline.firstScriptAt || entry.startTime < timeline.firstScriptAt))
          timeline.firstScriptAt = entry.startTime;
    }).observe({ type: "resource" });
    new MutationObserver(() => {
      if (!timeline.hydratedAt && document.documentElement.hasAttribute("data-hydrated"))
        timeline.hydratedAt = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });
}

/** Clicks into `field` and types a name at once, on through React taking over, then a few keys more; returns what was typed. */
async function typeThroughHydration(page: Page, field: string, prepare?: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // The scripts arrive over a slow connection (a second each): on a busy machine the keys of the
  // test itself reached the page only after React, quick on loopback, had taken over.
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  // What the visitor does first (choosing a time, which brings the booking's details), which may
  // itself start React's taking over.
  await prepare?.();
  const input = page.locator(field);
  await input.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
  const box = await input.boundingBox();
  if (!box) throw new Error(`${field} is not visible`);
  await page.mouse.click(box.x + 10, box.y + box.height / 2);
  // A key every 40 ms from the click on, about three seconds of typing: the scripts arrive and
  // React takes over meanwhile. The field takes 100 characters.
  const text = "Ada Lovelace, Countess of Lovelace, typing while the scripts arrive";
  await page.keyboard.type(text, { delay: 40 });
  let typed = text;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  for (const key of " - done") {
    await page.keyboard.type(key);
    typed += key;
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  return typed;
}

async function expectTypedThroughHydration(page: Page, field: string, typed: string) {
  const { keys, firstScriptAt, hydratedAt } = await page.evaluate(
    () => (window as unknown as { timeline: Timeline }).timeline,
  );
  expect(firstScriptAt, "the scripts started with the click").toBeGreaterThan(0);
  expect(keys.length).toBe(typed.length);
  const during = keys.filter((at) => at > firstScriptAt && at < hydratedAt).length;
  expect(
    during,
    `keys typed while the scripts arrived and React took over (${keys.length} keys, scripts from ${Math.round(firstScriptAt)} ms, React in charge at ${Math.round(hydratedAt)} ms)`,
  ).toBeGreaterThan(0);
  await expect(page.locator(field)).toHaveValue(typed);
  // Still there once everything has settled (nothing resets it later).
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  await expect(page.locator(field)).toHaveValue(typed);
}

test("contact: every key typed while React takes over is kept, and the form is checked in the browser afterwards", async ({
  page,
}) => {
  await recordTimeline(page);
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  const typed = await typeThroughHydration(page, "#contact-form-name");
  await expectTypedThroughHydration(page, "#contact-form-name", typed);

  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please enter a valid e-mail address, like name@example.com.")).toBeVisible();
  await expect(page.locator("#contact-form-name")).toHaveValue(typed);
  expect(posted).toBe(false);
});

test("job application: every key typed while React takes over is kept", async ({ page }) => {
  await recordTimeline(page);
  await page.goto("/careers/apply");
  await page.waitForLoadState("networkidle");
  const typed = await typeThroughHydration(page, "#application-form-firstName");
  await expectTypedThroughHydration(page, "#application-form-firstName", typed);
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByText("Please enter your last name.")).toBeVisible();
  await expect(page.locator("#application-form-firstName")).toHaveValue(typed);
});

test.describe("booking, in a zone other than the company's", () => {
  // The page comes in the browser's zone before its first paint (an inline script, no fetch).
  test.use({ timezoneId: "Australia/Sydney" });

  test("every key typed while React takes over is kept, in the times of the visitor's zone", async ({ page }) => {
    await recordTimeline(page);
    await page.goto("/contact/meeting");
    const dayHref = await page.getByRole("link", { name: bookableDay }).first().getAttribute("href");
    expect(dayHref).toMatch(/\?day=\d{4}-\d{2}-\d{2}&tz=Australia%2FSydney/);
    await page.goto((dayHref ?? "").replace(/#.*/, ""));
    await page.waitForLoadState("networkidle");
    // The details come once a time is chosen.
    const typed = await typeThroughHydration(page, "#booking-form-name", () => page.getByRole("radio").first().check());
    await expectTypedThroughHydration(page, "#booking-form-name", typed);
    await expect(page.getByText(/^Times in Australian Eastern Time \(Sydney\); ours/)).toBeVisible();
    await expect(page.locator("#booking-form-name")).toHaveValue(typed);
  });
});
