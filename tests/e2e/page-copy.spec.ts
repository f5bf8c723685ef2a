import { home } from "#app/pages/home-content.ts";
import { careers } from "#app/careers/careers-content.ts";
import { expect, test } from "./fixtures.ts";
import { type RunningServer, startTwoInstances } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";
import { addAuthenticator, enrol, expectNoAxeViolations, invite } from "./workspace-helpers.ts";

// The pages' copy edited in the workspace (issue 51), as marketing would: the home page's intro
// and a service card, a benefit added on careers; a draft is not public but previewed; published,
// it is on both instances within seconds, the pages still answered from memory without a script;
// "Back to the original" restores the spec's words.

const seconds = (count: number) => count * 1000;
const newIntro =
  "We pair senior engineers with your team to design, build and run software that lasts, from cloud to AI.";
const newCard = "Security Reviews and Pen Tests";
const newBenefit = { title: "Four-Day Fridays", description: "Every other Friday off, for everyone, all year." };

test.describe("on two instances sharing PostgreSQL", () => {
  test.use({ proxy: async ({ siteProxy }, use) => use(siteProxy.settings) });

  test("an editor changes the home page's intro and a service card and adds a benefit on careers: previewed as drafts, published on both instances within seconds; back to the original restores the spec's words", async ({
    page,
    context,
    siteProxy,
  }) => {
    test.setTimeout(240_000);
    const { a, b, storage, stop } = await startTwoInstances(16, { siteProxy, worker: test.info() });
    try {
      const textOn = async (server: RunningServer, path: string) => (await fetch(`${server.url}${path}`)).text();

      const email = `marketing.${Date.now()}@company.example`;
      await addAuthenticator(context, page);
      await enrol(page, `${e2eEnv.SITE_URL}${invite(storage, email, "admin")}`, email);

      // The home page's form, made from its schema: the intro and a service card's title.
      await page.getByRole("link", { name: "Pages", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Pages", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Home", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Edit the page: Home" })).toBeVisible();
      await expect(page.getByText("Now: The original copy")).toBeVisible();
      const intro = page.getByRole("textbox", { name: "Intro", exact: true });
      await expect(intro).toHaveValue(home.hero.intro);
      await expect(intro).toHaveAttribute("maxlength", "700");
      await intro.fill(newIntro);
      const card = page.getByRole("group", { name: "Services, item 2" });
      await card.getByRole("textbox", { name: "Title", exact: true }).fill(newCard);
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByText("Draft saved. Visitors still see the published copy.")).toBeVisible();

      // The draft is not public, on either instance; its preview shows it under the preview bar.
      expect(await textOn(a, "/")).not.toContain(newIntro);
      expect(await textOn(b, "/")).not.toContain(newIntro);
      await page.getByRole("link", { name: "Preview the draft" }).click();
      await expect(page.getByRole("note", { name: /^Preview/ })).toBeVisible();
      await expect(page.getByText(newIntro)).toBeVisible();
      await expect(page.getByRole("heading", { name: newCard })).toBeVisible();
      await page.getByRole("link", { name: "Back to the editor" }).click();

      // Published: on this instance at once, on the other within seconds; from memory, no script.
      await intro.fill(newIntro); // the draft, as saved
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByText("Published: the page shows it now.")).toBeVisible();
      await expect(page.getByText("Now: Published, version 1")).toBeVisible();
      const onA = await fetch(`${a.url}/`);
      expect(onA.headers.get("content-security-policy")).not.toContain("nonce-");
      const homeOnA = await onA.text();
      expect(homeOnA).toContain(newIntro);
      expect(homeOnA).toContain(newCard);
      expect(homeOnA).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
      await expect.poll(() => textOn(b, "/"), { timeout: seconds(5) }).toContain(newIntro);
      expect(await textOn(b, "/")).toContain(newCard);

      // Careers: a fifth benefit, added with the list's button, then published.
      await page.getByRole("link", { name: "All pages" }).click();
      await page.getByRole("link", { name: "Careers", exact: true }).click();
      await page.getByRole("button", { name: "Add an item to Benefits" }).click();
      await expect(page.getByText("Changed here, not yet saved")).toBeVisible();
      const benefit = page.getByRole("group", { name: "Benefits, item 5" });
      await benefit.getByRole("textbox", { name: "Title", exact: true }).fill(newBenefit.title);
      await benefit.getByRole("textbox", { name: "Description", exact: true }).fill(newBenefit.description);
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByText("Published: the page shows it now.")).toBeVisible();
      await page.goto(`${e2eEnv.SITE_URL}/careers`);
      const benefits = page.getByRole("region", { name: careers.benefits.title });
      await expect(benefits.getByRole("listitem")).toHaveCount(5);
      await expect(benefits.getByRole("heading", { name: newBenefit.title })).toBeVisible();
      await expect.poll(() => textOn(b, "/careers"), { timeout: seconds(5) }).toContain(newBenefit.title);

      // The audit trail says who changed what.
      await page.goto(`${e2eEnv.SITE_URL}/workspace/audit`);
      await expect(page.getByText("Published the page Home").first()).toBeVisible();
      await expect(page.getByText(/version 1: hero\.intro, services\.cards\[1\]\.title/)).toBeVisible();

      // Back to the original, field by field: the spec's words again, on both instances.
      await page.goto(`${e2eEnv.SITE_URL}/workspace/pages/home`);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Back to the original: Intro" }).click();
      await expect(intro).toHaveValue(home.hero.intro);
      await page
        .getByRole("group", { name: "Services, item 2" })
        .getByRole("button", { name: "Back to the original: Title" })
        .click();
      await expect(card.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
        home.services.cards[1]?.title ?? "",
      );
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByText("Now: Published, version 2")).toBeVisible();
      await expect(page.getByRole("button", { name: /^Back to the original/ })).toHaveCount(0);
      await expect.poll(() => textOn(b, "/"), { timeout: seconds(5) }).toContain(home.hero.intro);
      const restored = await textOn(b, "/");
      expect(restored).not.toContain(newIntro);
      expect(restored).toContain(home.services.cards[1]?.title);
      // Version 1 stays to restore.
      await expect(page.getByRole("button", { name: "Publish version 1 again" })).toBeVisible();
    } finally {
      await stop(page);
    }
  });
});

test("a member without the pages right gets 403 on every page copy page and action; given it on the People page, edits", async ({
  page,
  context,
  browser,
  storage,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const memberEmail = `writer.${stamp}@company.example`;
  const adminEmail = `admin.pages.${stamp}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, memberEmail, "member"), memberEmail);
  await expect(page.getByRole("link", { name: "Pages", exact: true })).toHaveCount(0);
  for (const address of ["/workspace/pages", "/workspace/pages/home", "/workspace/pages/footer/preview"]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(403);
  }
  const post = await page.request.post("/workspace/pages/home", {
    form: { intent: "publish", "hero.intro": "Not allowed." },
    headers: { Origin: e2eEnv.SITE_URL, "Sec-Fetch-Site": "same-origin" },
  });
  expect(post.status()).toBe(403);

  const admin = await browser.newContext();
  try {
    const adminPage = await admin.newPage();
    await addAuthenticator(admin, adminPage);
    await enrol(adminPage, `${e2eEnv.SITE_URL}${invite(storage, adminEmail, "admin")}`, adminEmail);
    await adminPage.goto(`${e2eEnv.SITE_URL}/workspace/people`);
    await adminPage
      .getByRole("checkbox", { name: `Pages (every page's copy and the footer) (${memberEmail})` })
      .check();
    await adminPage
      .getByRole("row")
      .filter({ hasText: memberEmail })
      .getByRole("button", { name: "Save rights" })
      .click();
    await expect(adminPage.getByText("Content rights saved.")).toBeVisible();
  } finally {
    await admin.close();
  }
  await page.goto("/workspace");
  await page.getByRole("link", { name: "Pages", exact: true }).click();
  await page.getByRole("link", { name: "Footer", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Edit the page: Footer" })).toBeVisible();
  // A draft only: the other tests' pages stay as the spec has them.
  await page
    .getByRole("textbox", { name: "Tagline", exact: true })
    .fill("Software, cloud and AI, engineered with you.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved. Visitors still see the published copy.")).toBeVisible();
  // The footer's draft previewed on the page it is on, not on the public one.
  await page.getByRole("link", { name: "Preview the draft" }).click();
  await expect(page.getByRole("note", { name: /^Preview/ })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Software, cloud and AI, engineered with you.");
  expect(await (await page.request.get("/")).text()).not.toContain("Software, cloud and AI, engineered with you.");
  await page.getByRole("link", { name: "Back to the editor" }).click();
  await page.getByRole("button", { name: "Discard the draft" }).click();
  await expect(page.getByText("The draft is gone: the form shows the published copy.")).toBeVisible();
});
