import type { Browser, Page } from "@playwright/test";
import { closePrivacyBanner, expect, mailContaining, test } from "./fixtures.ts";
import type { StorageEnv } from "./server-env.ts";
import {
  addAuthenticator,
  applyInGeneral,
  bookMeeting,
  enrol,
  expectNoAxeViolations,
  invite,
} from "./workspace-helpers.ts";

// Issue 48, part 2: every workspace page, with data in it (an inquiry, an application with a
// file, a booked meeting, postings, a proof entry, page views), at a phone's width and a laptop's,
// light and dark (the narrowest phone's and a wide laptop's in light): nothing wider than the screen, no two pieces of text over each other, axe
// clean. A full-page screenshot of each is kept in the test's output for people to look at.

// A staff member in Kolkata: the longest time names ("23:00 GMT+5:30"), where the agenda's time
// once ran into the attendee's name.
test.use({ timezoneId: "Asia/Kolkata" });

const tag = () => Math.random().toString(36).slice(2, 10);

async function visitorPage(browser: Browser) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 200) + 20}` },
  });
  return context.newPage();
}

async function sendInquiry(page: Page, person: { name: string; email: string }) {
  await page.goto("/contact");
  await closePrivacyBanner(page);
  await page.getByLabel("Your Name").fill(person.name);
  await page.getByLabel("Your Email").fill(person.email);
  await page.getByLabel("Your Phone Number").fill("+1 (555) 010-2030");
  await page.getByLabel("Company Name or Website").fill("Compilers & Co");
  await page
    .getByLabel("Describe Your Project Briefly")
    .fill("We need a compiler for business programs, and a team that stays with it for a year.");
  await page.getByLabel("Please Choose the Budget").selectOption("25k-50k");
  await page.getByLabel("How Did You Hear About Us").fill("A conference talk");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

async function book(page: Page, storage: StorageEnv, person: { name: string; email: string }) {
  await bookMeeting(page, { ...person, company: "Analytical Engines", topic: "Bernoulli numbers" });
  await expect
    .poll(async () => (await mailContaining(storage, person.email)).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
}

/** What the test fails on: the page wider than the screen, and text boxes over each other. */
function measure() {
  const overflow = document.documentElement.scrollWidth - window.innerWidth;
  type Box = { left: number; top: number; right: number; bottom: number; text: string; layer: Element | null };
  const boxes: Box[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? "";
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("script, style, template, svg, option, select")) continue;
    if (!parent.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true }))
      continue;
    // The box each line of text draws in, cut to the boxes that clip it (a truncated line). A bar
    // that stays on screen (sticky or fixed: the editors' save bar) is a layer of its own, drawn
    // over the page as it scrolls by design: its text is compared with its own only.
    const clips: DOMRect[] = [];
    let layer: Element | null = null;
    for (let up: Element | null = parent; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (!layer && (style.position === "sticky" || style.position === "fixed")) layer = up;
      if (style.overflowX !== "visible" || style.overflowY !== "visible" || style.clipPath !== "none")
        clips.push(up.getBoundingClientRect());
    }
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      let box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      for (const clip of clips)
        box = {
          left: Math.max(box.left, clip.left),
          top: Math.max(box.top, clip.top),
          right: Math.min(box.right, clip.right),
          bottom: Math.min(box.bottom, clip.bottom),
        };
      if (box.right - box.left > 1 && box.bottom - box.top > 1) boxes.push({ ...box, text: text.slice(0, 40), layer });
    }
  }
  // Lines of a font overlap by a pixel or two where leading is tight: only real overlaps count.
  const slack = 2;
  const overlaps: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across > slack && down > slack && a.text !== b.text && a.layer === b.layer)
        overlaps.push(`"${a.text}" over "${b.text}"`);
    }
  return { overflow, overlaps };
}

test("every workspace page, with data in it, fits 390 and 1280 px in light and dark, 320 and 1440 in light: no overflow, no overlapping text, axe clean", async ({
  browser,
  page,
  context,
  storage,
}, testInfo) => {
  test.setTimeout(900_000);
  const id = tag();
  const visitor = await visitorPage(browser);
  // Page views from a campaign and a referrer, for the dashboard.
  await visitor.goto(`/about?utm_source=newsletter-${id}&utm_medium=email&utm_campaign=spring-${id}`, {
    referer: `https://news-${id}.example/today`,
  });
  await visitor.goto("/features", { referer: `https://blog-${id}.example/post` });
  await sendInquiry(visitor, { name: `Katherine Johnson ${id}`, email: `katherine.${id}@example.com` });
  await applyInGeneral(
    visitor,
    { firstName: "Grace", lastName: `Hopper ${id}`, email: `grace.${id}@example.com` },
    // A long name, to see it wrap.
    {
      coverNote: "I compute, and I write the compilers that do.",
      resumeName: "resume-with-a-rather-long-file-name-to-wrap.pdf",
    },
  );
  await book(visitor, storage, { name: `Priya Raman ${id}`, email: `priya.${id}@example.com` });
  await visitor.context().close();

  const email = `screens.${id}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email, "admin"), email);

  // A proof entry, so that the proof list and an entry's editor have something in them.
  await page.goto("/workspace/proof/new/testimonial");
  await page.getByLabel("Quote").fill("They worked inside our team, not beside it.");
  await page.getByLabel("Name").fill(`Dana Example ${id}`);
  await page.getByLabel("Role").fill("Head of Platform");
  await page.getByLabel("Company").fill("Northwind Freight");
  await page.getByRole("button", { name: "Create (not published)" }).click();
  await expect(page.getByText("Created. It is not public until you publish it.")).toBeVisible();
  const proofEntry = new URL(page.url()).pathname;

  await page.goto("/workspace");
  const submission = async (name: string) => {
    const href = await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .getAttribute("href");
    expect(href, name).toBeTruthy();
    return href!;
  };
  const inquiry = await submission(`Katherine Johnson ${id}`);
  const application = await submission(`Grace Hopper ${id}`);
  const meeting = await submission(`Priya Raman ${id}`);
  await page.goto("/workspace/postings");
  const posting = await page
    .locator('main a[href^="/workspace/postings/"]:not([href$="/new"])')
    .first()
    .getAttribute("href");
  expect(posting).toBeTruthy();

  // Moving the meeting: its calendar with a day's free times open.
  await page.goto(`${meeting}/move`);
  await page
    .getByRole("link", { name: /: \d+ free times?$/ })
    .first()
    .click();
  await expect(page.getByRole("radio").first()).toBeVisible();
  const moveMeeting = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;

  const pages = {
    inbox: "/workspace",
    inquiry,
    application,
    meeting,
    "move-meeting": moveMeeting,
    agenda: "/workspace/agenda",
    postings: "/workspace/postings",
    posting: posting!,
    proof: "/workspace/proof",
    "proof-entry": proofEntry,
    app: "/workspace/app",
    pages: "/workspace/pages",
    "page-copy": "/workspace/pages/careers",
    analytics: "/workspace/analytics",
    passkeys: "/workspace/passkeys",
    people: "/workspace/people",
    audit: "/workspace/audit",
    requests: "/workspace/requests",
  };
  const signedIn = await context.storageState();
  const problems: string[] = [];
  // 390 and 1280 in both themes; the narrowest phones (320) and a wide laptop (1440) in light only,
  // which keeps the spec within CI's time (the themes change colours, not widths).
  const screens = [
    ...(["light", "dark"] as const).flatMap((colorScheme) => [390, 1280].map((width) => ({ colorScheme, width }))),
    { colorScheme: "light" as const, width: 320 },
    { colorScheme: "light" as const, width: 1440 },
  ];
  for (const { colorScheme, width } of screens) {
    {
      const screen = await browser.newContext({
        storageState: signedIn,
        colorScheme,
        viewport: { width, height: width < 768 ? 844 : 900 },
        timezoneId: "Asia/Kolkata",
      });
      const tab = await screen.newPage();
      for (const [name, path] of Object.entries(pages)) {
        const response = await tab.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(tab.getByRole("heading", { level: 1 })).toBeVisible();
        await tab.evaluate(() => document.fonts.ready.then(() => undefined));
        const { overflow, overlaps } = await tab.evaluate(measure);
        if (overflow > 0) problems.push(`${name} at ${width} px, ${colorScheme}: ${overflow} px wider than the screen`);
        for (const overlap of overlaps) problems.push(`${name} at ${width} px, ${colorScheme}: ${overlap}`);
        await tab.screenshot({ path: testInfo.outputPath(`${name}-${width}-${colorScheme}.png`), fullPage: true });
        await expectNoAxeViolations(tab);
      }
      // On a phone the menu is one button: the content starts within the first 120 px.
      if (width < 768) {
        await tab.goto("/workspace");
        const top = await tab
          .getByRole("heading", { level: 1 })
          .evaluate((heading) => heading.getBoundingClientRect().top);
        expect(top).toBeLessThan(120);
        await expect(tab.getByRole("link", { name: "People" })).toBeHidden();
        await tab.getByText("Menu", { exact: true }).click();
        await expect(tab.getByRole("link", { name: "People" })).toBeVisible();
        await expect(tab.getByText(`Signed in as ${email}`)).toBeVisible();
      } else {
        await tab.goto("/workspace");
        await expect(tab.getByRole("navigation").getByRole("link", { name: "Inbox" })).toHaveAttribute(
          "aria-current",
          "page",
        );
      }
      await screen.close();
    }
  }
  expect(problems).toEqual([]);
});
