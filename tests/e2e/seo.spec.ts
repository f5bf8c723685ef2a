import { initialPostings } from "#app/platform/migrations/initial-postings.ts";
import { config, expect, sitePages, test } from "./fixtures.ts";

// Tagged @any-date: neither shows a posting nor a page that lists them, so it runs on the sqlite
// project alone, not again on the postings-closed server (docs/decisions/039-e2e-scope.md).
const anyDate = { tag: "@any-date" };

test("every page has its own title and description, a canonical URL and share tags", async ({ page }) => {
  const titles = new Set<string>();
  for (const path of sitePages) {
    await page.goto(path);
    const title = await page.title();
    expect(title).toMatch(/\S+ \| \S+/);
    titles.add(title);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThanOrEqual(50);
    const canonical = `${config.siteUrl}${path === "/" ? "/" : path}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${config.siteUrl}/og-image.png`,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  }
  expect(titles.size).toBe(sitePages.length);
});

test("a page reached in another case names its lower-case address as canonical", async ({ page, openPostings }) => {
  const posting = openPostings[0];
  const upper = (slug: string) =>
    slug.replace(/(^|-)(\w)/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
  const cases = [
    ["/About", "/about"],
    ...(posting ? [[`/CAREERS/${upper(posting.slug)}`, `/careers/${posting.slug}`]] : []),
  ];
  for (const [address, canonical] of cases) {
    await page.goto(address as string);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${config.siteUrl}${canonical}`);
  }
});

test("the share image and the logo exist at the sizes the tags announce", anyDate, async ({ request }) => {
  for (const [path, width, height] of [
    ["/og-image.png", 1200, 630],
    ["/logo.png", 512, 512],
  ] as const) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    // A PNG's IHDR chunk holds its width and height at bytes 16 to 23.
    const png = await response.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
  }
});

test("a posting's page shares its own image: 1200×630, a PNG kept for a year", async ({
  page,
  request,
  openPostings,
}) => {
  const posting = openPostings[0];
  if (!posting) {
    // Past every closing day: a posting's page is the error page, which offers no card at all.
    await page.goto(`/careers/${initialPostings[0]?.slug}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
    return;
  }
  await page.goto(`/careers/${posting.slug}`);
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(new RegExp(`^${config.siteUrl}/media/share/careers/${posting.slug}/[0-9a-f]{32}\\.png$`));
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image ?? "");
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
  const alt = await page.locator('meta[property="og:image:alt"]').getAttribute("content");
  expect(alt).toContain(posting.title);
  await expect(page.locator('meta[name="twitter:image:alt"]')).toHaveAttribute("content", alt ?? "");

  const response = await request.get(new URL(image ?? "").pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const png = await response.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  // Another name at the posting's address is no picture.
  const other = await request.get(`/media/share/careers/${posting.slug}/${"0".repeat(32)}.png`);
  expect(other.status()).toBe(404);
});

test("the home page, and only the home page, describes the Organization in JSON-LD", anyDate, async ({ page }) => {
  await page.goto("/");
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Organization",
    url: config.siteUrl,
    email: config.contactEmail,
    sameAs: [config.socialUrl],
    foundingDate: "2018",
  });
  expect(data.name).toBeTruthy();
  await page.goto("/about");
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
});

test("sitemap.xml lists the indexable pages and the open postings, and robots.txt points at it", async ({
  request,
  openPostings,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toMatch(/xml/);
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(locations).toEqual(
    [
      "/",
      "/about",
      "/features",
      "/careers",
      "/contact",
      "/download",
      "/privacy",
      ...openPostings.map((job) => `/careers/${job.slug}`),
    ].map((path) => `${config.siteUrl}${path}`),
  );
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain(`Sitemap: ${config.siteUrl}/sitemap.xml`);
});

// A closed posting's address: careers-closed.spec.ts and postings.spec.ts.
test("an address that is no page has the error page's head only: one title, noindex, nothing to share", async ({
  request,
}) => {
  for (const path of ["/careers/no-such-job", "/careers/no-such-job/apply", "/no-such-page"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html.match(/<title>/g), path).toHaveLength(1);
    expect(html, path).toMatch(/<title>(Page not found|This position is closed)[^<]* \| [^<]+<\/title>/);
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    expect(html, path).not.toMatch(/rel="canonical"|property="og:|name="description"/);
  }
});
