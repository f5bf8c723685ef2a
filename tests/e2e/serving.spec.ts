import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { startServer, instancePort } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";

test("prerendered pages answer at both spellings of their path without a redirect", async ({ request }) => {
  for (const path of ["/about", "/about/", "/features", "/careers/"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=5");
    expect(response.headers().vary).toBe("Cookie, Accept-Encoding");
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

test("prerendered pages and build files are sent precompressed: brotli, else gzip, else as they are", async ({
  request,
}) => {
  for (const path of ["/", "/features", "/sitemap.xml"]) {
    const brotli = await request.get(path, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    const gzip = await request.get(path, { headers: { "Accept-Encoding": "gzip" } });
    const plain = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
    expect(brotli.headers()["content-encoding"], path).toBe("br");
    expect(gzip.headers()["content-encoding"], path).toBe("gzip");
    expect(plain.headers()["content-encoding"], path).toBeUndefined();
    expect(brotli.headers().vary, path).toContain("Accept-Encoding");
    expect(brotli.headers()["content-type"], path).toBe(plain.headers()["content-type"]);
    // The same document whichever way it travelled.
    expect(await brotli.text(), path).toBe(await plain.text());
    expect(await gzip.text(), path).toBe(await plain.text());
  }
});

test("hashed scripts are sent precompressed and cached for a year", async ({ page, request, hydrated }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/contact");
  await hydrated();
  const script = scripts[0];
  expect(script).toMatch(/^\/assets\/[\w.-]+\.js$/);
  const brotli = await request.get(script ?? "", { headers: { "Accept-Encoding": "br" } });
  expect(brotli.headers()["content-encoding"]).toBe("br");
  expect(brotli.headers()["content-type"]).toMatch(/javascript/);
  expect(brotli.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(await brotli.text()).toBe(
    await (await request.get(script ?? "", { headers: { "Accept-Encoding": "identity" } })).text(),
  );
});

test("/favicon.ico, which browsers and feed readers ask for whatever the page links, is the site's mark", async ({
  request,
}) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const icon = await response.body();
  // An icon directory (reserved 0, type 1) of three PNG images: 16, 32 and 48 px.
  expect([icon.readUInt16LE(0), icon.readUInt16LE(2), icon.readUInt16LE(4)]).toEqual([0, 1, 3]);
  const sizes = [0, 1, 2].map((index) => icon.readUInt8(6 + 16 * index));
  expect(sizes).toEqual([16, 32, 48]);
  const firstImage = icon.readUInt32LE(6 + 12);
  expect(icon.subarray(firstImage, firstImage + 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
});

test("a crawler's copy of a page (without the cookie banner) is never kept by a shared cache", async ({ request }) => {
  const crawler = await request.get("/about", {
    headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  });
  expect(crawler.headers()["cache-control"]).toBe("private, no-cache");
  expect(await crawler.text()).not.toContain("Close the privacy notice");
  expect(await (await request.get("/about")).text()).toContain("Close the privacy notice");
});

test("a prerendered page's files are not addresses of their own: they point to the page", async ({ page, request }) => {
  const cases = [
    ["/index.html", "/"],
    ["/about/index.html", "/about"],
    ["/careers/index.necessary.html?from=old-link", "/careers?from=old-link"],
    ["/features/index.forms.html.br", "/features"],
    ["/download/index%2Ehtml", "/download"],
  ];
  for (const [file, address] of cases) {
    const response = await request.get(file as string, { maxRedirects: 0 });
    expect(response.status(), file).toBe(301);
    expect(response.headers().location, file).toBe(address);
  }
  // Followed, the visitor lands on the page with its own cache policy.
  await page.goto("/about/index.html");
  expect(new URL(page.url()).pathname).toBe("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Files of addresses that are not pages stay as they were: not found.
  expect((await request.get("/nowhere/index.html", { maxRedirects: 0 })).status()).toBe(404);
});

test("the server says once, in one line, what it serves: the address, the database, where mail goes, the calendar and the webhooks", async () => {
  const port = instancePort(27, test.info());
  const server = await startServer({ port });
  try {
    const startLine = `Serving ${e2eEnv.SITE_URL} at http://127.0.0.1:${port} · database: SQLite at ${path.join(server.dataDir, "site.sqlite")} · mail: files in ${path.join(server.dataDir, "mail")} · calendar: none · webhooks: none`;
    // Log lines are handed over in batches: wait for the line rather than for a moment.
    await expect.poll(() => server.output()).toContain(startLine);
    const messages = server
      .output()
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((message) => message.includes("database") || message.includes("mail:"))).toEqual([
      startLine,
    ]);
  } finally {
    await server.stop();
  }
});
