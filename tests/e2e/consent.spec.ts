import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, sitePages, test, postingPages } from "./fixtures.ts";
import type { StorageEnv } from "./server-env.ts";

const banner = (page: Page) => page.getByRole("region", { name: "We value your privacy" });
const closeButton = (page: Page) => banner(page).getByRole("button", { name: /^Close the privacy notice/ });
const newsletterFrame = (page: Page) => page.locator('iframe[title="Newsletter signup form"]');
const loginFrame = (page: Page) => page.locator('iframe[title="Log-in form"]');

type ConsentRecord = { consentId: string; categories: string[]; revision: number; source: string; createdAt: string };

function consentRecords(storage: StorageEnv): ConsentRecord[] {
  const output = execFileSync(process.execPath, ["scripts/submissions.ts", "consents", "--format", "json"], {
    env: { ...process.env, ...storage },
    encoding: "utf8",
  });
  return JSON.parse(output) as ConsentRecord[];
}

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === "site_consent");
}

/** The choice's cookie, once the answer to its form has set it. */
async function savedChoice(page: Page, categories: RegExp) {
  await expect.poll(async () => (await consentCookie(page))?.value ?? "").toMatch(categories);
  return consentCookie(page);
}

test("a first visit to any page shows the banner, with equal buttons and no frame loaded", async ({
  page,
  embedRequests,
}) => {
  for (const path of [...sitePages, ...postingPages, "/careers/apply", "/no-such-page"]) {
    await page.context().clearCookies();
    await page.goto(path);
    await expect(banner(page), path).toBeVisible();
    const accept = banner(page).getByRole("button", { name: "Accept All" });
    const individual = banner(page).getByRole("button", { name: "Accept Individual" });
    const necessary = banner(page).getByRole("button", { name: "Necessary only" });
    const [acceptBox, individualBox, necessaryBox] = [
      await accept.boundingBox(),
      await individual.boundingBox(),
      await necessary.boundingBox(),
    ];
    for (const box of [individualBox, necessaryBox]) {
      expect(acceptBox?.width).toBeCloseTo(box?.width ?? 0, 0);
      expect(acceptBox?.height).toBe(box?.height);
    }
  }
  expect(embedRequests).toEqual([]);
});

test("a damaged consent cookie counts as no choice: every page still opens, with the banner", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "site_consent", value: "%E0%A4%A", url: baseURL ?? "" }]);
  for (const path of ["/about", "/contact", "/careers/apply"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(banner(page), path).toBeVisible();
  }
});

test("the address the choices are sent to, opened in a browser, shows the cookie settings page", async ({ page }) => {
  const response = await page.goto("/consent");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/cookie-settings$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a choice the site does not know leads a visitor without JavaScript to the cookie settings, and sets no cookie", async ({
  request,
}) => {
  const response = await request.post("/consent", {
    form: { choice: "everything", returnTo: "/about" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe("/cookie-settings");
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("a choice made on a page with a very long address is still recorded, and the visitor returns home", async ({
  request,
}) => {
  const returnTo = `/contact?${"utm_term=a&".repeat(190)}`; // over 2,048 characters
  const response = await request.post("/consent", { form: { choice: "necessary", returnTo }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe("/");
  expect(response.headers()["set-cookie"]).toContain("site_consent=");
});

test("Close means necessary only: remembered across reloads and pages, frames stay placeholders", async ({
  page,
  embedRequests,
  storage,
}) => {
  await page.goto("/contact");
  await closeButton(page).click();
  await expect(banner(page)).toBeHidden();
  const cookie = await savedChoice(page, /\.necessary\.\d+$/);
  expect(cookie).toMatchObject({ sameSite: "Lax", path: "/" });
  expect(cookie?.value).toMatch(/^[\w-]+\.1\.necessary\.\d+$/);
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(180 * 24 * 60 * 60 * 1000);

  await page.reload();
  await expect(banner(page)).toBeHidden();
  await page.getByRole("banner").getByRole("link", { name: /home/i }).click();
  await expect(page.getByText("This form is provided by forms.embed.example")).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Load form" })).toBeVisible();
  expect(embedRequests).toEqual([]);

  const consentId = decodeURIComponent(cookie?.value ?? "").split(".")[0];
  const records = consentRecords(storage).filter((record) => record.consentId === consentId);
  expect(records).toEqual([
    { consentId, categories: ["necessary"], revision: 1, source: "banner", createdAt: expect.stringMatching(/Z$/) },
  ]);
});

test("Accept All loads the frames lazily at their spec sizes, on every page and after navigation", async ({
  page,
  embedRequests,
}) => {
  await page.goto("/about");
  expect(embedRequests).toEqual([]);
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await expect(banner(page)).toBeHidden();
  await savedChoice(page, /\.necessary\+forms\.\d+$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Home" }).click();
  await expect(newsletterFrame(page)).toHaveAttribute("loading", "lazy");
  await newsletterFrame(page).scrollIntoViewIfNeeded();
  await expect.poll(() => embedRequests).toContain("https://forms.embed.example/newsletter");
  const home = await newsletterFrame(page).boundingBox();
  expect([home?.width, home?.height]).toEqual([540, 700]);

  await page.goto("/login"); // a full load: the server sends the page for this choice
  await expect(loginFrame(page)).toBeVisible();
  const login = await loginFrame(page).boundingBox();
  expect([login?.width, login?.height]).toEqual([540, 305]);
  await expect.poll(() => embedRequests).toContain("https://forms.embed.example/login");
});

test("a frame's Load form button records consent for third-party forms and loads it", async ({
  page,
  embedRequests,
  storage,
}) => {
  await page.goto("/login");
  await closeButton(page).click();
  await savedChoice(page, /\.necessary\.\d+$/);
  // The cookie comes with the redirect, before the page it leads to has loaded: wait for that
  // page (no banner) and its layout.
  await expect(banner(page)).toHaveCount(0);
  const placeholder = page.getByText("This form is provided by forms.embed.example").locator("..");
  await expect.poll(() => placeholder.boundingBox().then((box) => [box?.width, box?.height])).toEqual([540, 305]);
  expect(embedRequests).toEqual([]);
  await page.getByRole("button", { name: "Load form" }).click();
  await expect(loginFrame(page)).toBeVisible();
  await expect.poll(() => embedRequests).toContain("https://forms.embed.example/login");
  const consentId = (await savedChoice(page, /\.necessary\+forms\.\d+$/))?.value.split(".")[0];
  await expect
    .poll(() =>
      consentRecords(storage)
        .filter((record) => record.consentId === consentId)
        .map((record) => [record.source, record.categories]),
    )
    .toEqual([
      ["banner", ["necessary"]],
      ["placeholder", ["necessary", "forms"]],
    ]);
});

test("withdrawing through Cookie settings removes a loaded frame", async ({ page }) => {
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await expect(newsletterFrame(page)).toHaveCount(1);
  // Content pages load no JavaScript: Cookie settings is a page that returns to this one.
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await expect(page).toHaveURL(/\/cookie-settings\?returnTo=%2F%23cookie-settings$/);
  const settings = page.getByRole("main");
  await expect(settings.getByLabel("Third-party forms")).toBeChecked();
  await expect(settings.getByLabel(/Necessary/)).toBeDisabled();
  await settings.getByLabel("Third-party forms").uncheck();
  await settings.getByRole("button", { name: "Save my choices" }).click();
  // Back where the settings were opened: the footer.
  await expect(page).toHaveURL(/\/#cookie-settings$/);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" })).toBeInViewport();
  await expect(newsletterFrame(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Load form" })).toBeVisible();
  await savedChoice(page, /\.necessary\.\d+$/);
});

test("the banner never covers the element that has focus", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" }); // scrolling to the focused element is instant
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/careers");
  const bannerBox = await banner(page).boundingBox();
  let checked = 0;
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body || element.closest("#consent-banner")) return null;
      const rect = element.getBoundingClientRect();
      return { bottom: rect.bottom, html: element.outerHTML.slice(0, 80) };
    });
    if (!focused || !bannerBox) continue;
    checked += 1;
    expect(focused.bottom, focused.html).toBeLessThanOrEqual(bannerBox.y + 1);
  }
  expect(checked).toBeGreaterThan(20);
});

test("crawlers get pages without the banner", async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  const page = await context.newPage();
  for (const path of ["/", "/contact"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  }
  await context.close();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("Necessary only, a visible button beside the others, refuses the frames", async ({
    page,
    embedRequests,
    storage,
  }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Necessary only" }).click();
    await expect(banner(page)).toBeHidden();
    const cookie = await savedChoice(page, /\.necessary\.\d+$/);
    await expect(page.getByText("This form is provided by forms.embed.example")).toBeVisible();
    expect(embedRequests).toEqual([]);
    const consentId = decodeURIComponent(cookie?.value ?? "").split(".")[0];
    expect(consentRecords(storage).filter((record) => record.consentId === consentId)).toEqual([
      { consentId, categories: ["necessary"], revision: 1, source: "banner", createdAt: expect.stringMatching(/Z$/) },
    ]);
  });

  test("the banner's buttons post the choice, and pages follow it from then on", async ({
    page,
    embedRequests,
    storage,
  }) => {
    await page.goto("/login");
    await expect(loginFrame(page)).toHaveCount(0);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(banner(page)).toHaveCount(0);
    await expect(loginFrame(page)).toHaveCount(1);
    await page.goto("/");
    await expect(banner(page)).toHaveCount(0);
    await expect(newsletterFrame(page)).toHaveCount(1);
    const consentId = decodeURIComponent((await consentCookie(page))?.value ?? "").split(".")[0];
    expect(consentRecords(storage).filter((record) => record.consentId === consentId)).toMatchObject([
      { categories: ["necessary", "forms"], source: "banner" },
    ]);
    expect(embedRequests.length).toBeGreaterThan(0);
  });

  test("Accept Individual opens the settings page, which saves and returns", async ({ page, embedRequests }) => {
    await page.goto("/download");
    await banner(page).getByRole("button", { name: "Accept Individual" }).click();
    await expect(page).toHaveURL(/\/cookie-settings\?returnTo=%2Fdownload$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie settings");
    await page.getByRole("main").getByRole("button", { name: "Save my choices" }).click();
    await expect(page).toHaveURL(/\/download$/);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Load form" })).toBeVisible();
    expect(embedRequests).toEqual([]);

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await page.getByRole("main").getByLabel("Third-party forms").check();
    await page.getByRole("main").getByRole("button", { name: "Save my choices" }).click();
    await expect(page).toHaveURL(/\/download#cookie-settings$/);
    await expect(page.locator('iframe[title="Launch newsletter signup form"]')).toHaveCount(1);
  });

  test("the close button and a frame's Load form button work as forms too; Load form comes back to the frame, not the top", async ({
    page,
  }) => {
    await page.goto("/");
    await closeButton(page).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(newsletterFrame(page)).toHaveCount(0);
    // The newsletter sits near the end of the home page.
    await page.getByRole("button", { name: "Load form" }).scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Load form" }).click();
    await expect(page).toHaveURL(/\/#newsletter$/);
    await expect(newsletterFrame(page)).toHaveCount(1);
    await expect(newsletterFrame(page)).toBeInViewport();
    await expect(page.getByRole("heading", { level: 1 })).not.toBeInViewport();
  });

  test("a choice from the banner comes back to the same page, its address and what it showed unchanged", async ({
    page,
  }) => {
    // A page whose address carries what the visitor chose: the booking page in Berlin's time.
    const address = "/contact/meeting?tz=Europe%2FBerlin";
    await page.goto(address);
    await banner(page).getByRole("button", { name: "Necessary only" }).click();
    await savedChoice(page, /\.necessary\.\d+$/);
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact\/meeting\?tz=Europe%2FBerlin$/);
    await expect(page.getByText("Times are shown in Central European Time (Berlin).")).toBeVisible();
  });
});

test("the cookie settings page the banner leads to shows its form with no banner over it; undecided, the banner is back on the next page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto("/download");
  await banner(page).getByRole("button", { name: "Accept Individual" }).click();
  await expect(page).toHaveURL(/\/cookie-settings\?returnTo=%2Fdownload$/);
  await expect(banner(page)).toHaveCount(0);
  const save = page.getByRole("main").getByRole("button", { name: "Save my choices" });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
  // Nothing was chosen: leaving the page, the visitor is asked again.
  await page.getByRole("link", { name: /Back to where you were/ }).click();
  await expect(page).toHaveURL(/\/download$/);
  await expect(banner(page)).toBeVisible();
});

/** The contrast ratio of two CSS colours (rgb or rgba on an opaque page), as WCAG computes it. */
function contrast(one: string, two: string) {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(one), luminance(two)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

test.describe("a light banner", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`${colorScheme}: at most a quarter of a 390 × 844 first screen; at 1280 px one row of buttons, none wrapping, clear of the hero's calls to action; edged apart from the page`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/");
      const phone = await banner(page).boundingBox();
      expect(phone!.height * phone!.width).toBeLessThanOrEqual((390 * 844) / 4);
      expect(phone!.height).toBeLessThanOrEqual(844 / 4);

      await page.setViewportSize({ width: 1280, height: 800 });
      const buttons = banner(page).getByRole("button", { name: /^(Necessary only|Accept Individual|Accept All)$/ });
      await expect(buttons).toHaveCount(3);
      const boxes = await buttons.evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return {
            top: box.top,
            height: box.height,
            lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
          };
        }),
      );
      expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
      for (const box of boxes) expect(box.height).toBeLessThan(box.lineHeight * 2 + 20); // one line of text each
      // Clear of the first screen's calls to action.
      const desktop = await banner(page).boundingBox();
      for (const name of ["Start a project", "Explore our app"]) {
        const action = await page.getByRole("main").getByRole("link", { name }).first().boundingBox();
        const apart =
          action!.x + action!.width <= desktop!.x ||
          desktop!.x + desktop!.width <= action!.x ||
          action!.y + action!.height <= desktop!.y;
        expect(apart, name).toBe(true);
      }

      // Its edge stands out against the page behind it as a control's border must (WCAG 1.4.11, 3:1).
      const [edge, page_] = await page.evaluate(() => [
        getComputedStyle(document.getElementById("consent-banner")!).borderTopColor,
        getComputedStyle(document.body).backgroundColor,
      ]);
      expect(contrast(edge!, page_!)).toBeGreaterThanOrEqual(3);
    });
  }

  test("with JavaScript, a choice keeps the visitor where they were: no reload, the scroll position kept, the frames it allows in their placeholders' boxes", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/careers");
    await page.evaluate(() => {
      window.scrollTo({ top: 2000, behavior: "instant" });
      (window as { stayed?: boolean }).stayed = true;
    });
    await banner(page).getByRole("button", { name: "Necessary only" }).click();
    await expect(banner(page)).toHaveCount(0);
    await savedChoice(page, /\.necessary\.\d+$/);
    expect(await page.evaluate(() => [(window as { stayed?: boolean }).stayed, window.scrollY])).toEqual([true, 2000]);

    // Accept All on a page with a frame: the frame where its placeholder was, the page not reloaded, nothing moved.
    await page.context().clearCookies();
    await page.goto("/");
    const placeholder = page.getByText("This form is provided by forms.embed.example").locator("..");
    await placeholder.scrollIntoViewIfNeeded();
    const [before, scrolled] = [await placeholder.boundingBox(), await page.evaluate(() => window.scrollY)];
    await page.evaluate(() => {
      (window as { stayed?: boolean }).stayed = true;
    });
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(newsletterFrame(page)).toHaveCount(1);
    await expect(banner(page)).toHaveCount(0);
    await savedChoice(page, /\.necessary\+forms\.\d+$/);
    expect(await page.evaluate(() => [(window as { stayed?: boolean }).stayed, window.scrollY])).toEqual([
      true,
      scrolled,
    ]);
    expect(await newsletterFrame(page).boundingBox()).toEqual(before);
  });

  test("its words match the configuration: with third-party forms embedded, it names them (tests/unit/components.test.tsx: without, it does not)", async ({
    page,
  }) => {
    await page.goto("/about");
    await expect(banner(page)).toContainText("those of third-party forms if you allow them");
    await page.goto("/privacy");
    await expect(page.getByText("Third-party forms load only if you accept them.")).toBeVisible();
  });
});
