import { expect, test } from "./fixtures.ts";

test("prerendered pages answer at both spellings of their path without a redirect", async ({ request }) => {
  for (const path of ["/about", "/about/", "/features", "/careers/"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expect(response.headers()["x-powered-by"]).toBeUndefined();
    expect(await response.text()).toContain('<link rel="canonical"');
  }
});

test("responses are compressed and hashed assets are cached for a year", async ({ page, request }) => {
  const html = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(html.headers()["content-encoding"]).toBe("gzip");
  await page.goto("/");
  const stylesheet = await page.locator('link[rel="stylesheet"]').getAttribute("href");
  expect(stylesheet).toMatch(/^\/assets\/app-[\w-]+\.css$/);
  const asset = await request.get(stylesheet ?? "");
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const missing = await request.get("/assets/does-not-exist.js");
  expect(missing.status()).toBe(404);
});
