import { careers } from "#app/careers/careers-content.ts";
import { initialPostings } from "#app/platform/migrations/initial-postings.ts";
import { expect, test } from "./fixtures.ts";

// On the postings-closed server only (playwright.config.ts): every posting has passed its
// closing day. A posting closed while others are open points at them (postings.spec.ts).

test("once every posting has closed, they are off the list and each page answers 404, pointing at the general application", async ({
  page,
  openPostings,
}) => {
  expect(openPostings).toEqual([]);
  await page.goto("/careers");
  for (const job of initialPostings)
    await expect(page.getByRole("heading", { name: job.title, exact: true })).toHaveCount(0);
  const closed = initialPostings[0]!;
  for (const path of [`/careers/${closed.slug}`, `/careers/${closed.slug}/apply`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This position is closed");
    await expect(page.getByText(closed.title, { exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Open positions" })).toHaveCount(0);
    await expect(page.getByText(careers.closed.descriptionNoneOpen)).toBeVisible();
    await page.getByRole("link", { name: "Send General Application" }).click();
    await expect(page).toHaveURL(/\/careers\/apply$/);
  }
});

test("a closed posting's address has the error page's head only: one title, noindex, nothing to share", async ({
  request,
}) => {
  const response = await request.get(`/careers/${initialPostings[0]!.slug}/apply`);
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html).toMatch(/<title>This position is closed[^<]* \| [^<]+<\/title>/);
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).not.toMatch(/rel="canonical"|property="og:|name="description"/);
});
