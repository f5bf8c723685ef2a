import { observatoryScore } from "#tests/helpers/observatory.ts";
import { expect, test, postingPages } from "./fixtures.ts";

// Every response carries the security headers; pages carry a Content-Security-Policy that allows
// only their own scripts (a nonce when rendered, hashes when prerendered). A violation would show
// as a console error, which fails any test (fixtures.ts).

const required = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "x-frame-options": "DENY",
};

function directives(csp: string | undefined) {
  return new Map(
    (csp ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

test("pages, files, errors and posts all carry the security headers and a strict CSP", async ({ request, page }) => {
  await page.goto("/");
  const stylesheet = (await page.locator('link[rel="stylesheet"]').getAttribute("href")) ?? "";
  const responses = [
    await request.get("/"),
    await request.get("/about"),
    ...(await Promise.all(postingPages.map((path) => request.get(path)))),
    await request.get("/contact"),
    await request.get("/no-such-page"),
    await request.get("/favicon.svg"),
    await request.get(stylesheet),
    await request.post("/consent", { form: { choice: "necessary" }, maxRedirects: 0 }),
  ];
  for (const response of responses) {
    const headers = response.headers();
    for (const [name, value] of Object.entries(required))
      expect(headers[name], `${name} on ${response.url()}`).toBe(value);
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["strict-transport-security"]).toBeUndefined(); // plain http here: HSTS only over https
    const csp = directives(headers["content-security-policy"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("frame-src")).toEqual(["https://forms.embed.example"]);
    const scripts = csp.get("script-src") ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(
      scripts.slice(1).every((source) => /^'(nonce-|sha256-)[\w+/=]+'$/.test(source)),
      scripts.join(" "),
    ).toBe(true);
  }
});

test("files that are documents but not HTML get a policy of their own: nothing loads or runs, the XML viewer may style itself", async ({
  page,
  request,
}) => {
  for (const [file, viewer] of [
    ["/sitemap.xml", true],
    ["/robots.txt", false],
  ] as const) {
    const response = await request.get(file);
    for (const [name, value] of Object.entries(required))
      expect(response.headers()[name], `${name} on ${file}`).toBe(value);
    const csp = directives(response.headers()["content-security-policy"]);
    expect(csp.get("default-src"), file).toEqual(["'none'"]);
    expect(csp.get("script-src"), file).toBeUndefined();
    expect(csp.get("style-src"), file).toEqual(viewer ? ["'unsafe-inline'"] : undefined);
    expect(csp.get("img-src"), file).toEqual(viewer ? ["data:"] : undefined);
    expect(csp.get("frame-ancestors"), file).toEqual(["'none'"]);
  }
  // Chromium's XML viewer shows the sitemap without a policy violation (a console error fails the test).
  await page.goto("/sitemap.xml");
  await expect(page.getByText("This XML file does not appear to have any style information")).toBeVisible();
});

test("a rendered page's inline scripts carry the nonce of its policy", async ({ request }) => {
  const response = await request.get("/contact");
  const nonce = directives(response.headers()["content-security-policy"])
    .get("script-src")?.[1]
    ?.match(/^'nonce-(.+)'$/)?.[1];
  expect(nonce).toBeTruthy();
  const html = await response.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1] ?? "");
  expect(inline.length).toBeGreaterThan(0);
  for (const attributes of inline) {
    // Data, which the browser never runs: structured data, an island's props.
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    expect(attributes).toContain(`nonce="${nonce}"`);
  }
  const again = await request.get("/contact");
  expect(again.headers()["content-security-policy"]).not.toBe(response.headers()["content-security-policy"]);
});

test("HSTS is sent when the request came over https through the trusted proxy", async ({ request }) => {
  const response = await request.get("/about", { headers: { "X-Forwarded-Proto": "https" } });
  expect(response.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
});

test("every route scores A+ on Mozilla's HTTP Observatory scale when served over https", async ({ request }) => {
  const routes = [
    "/",
    "/about",
    "/features",
    "/careers",
    ...postingPages,
    "/careers/apply",
    "/login",
    "/contact",
    "/download",
    "/cookie-settings",
    "/no-such-page",
    "/sitemap.xml",
  ];
  for (const route of routes) {
    const response = await request.get(route, { headers: { "X-Forwarded-Proto": "https" } });
    const headers = response.headers();
    const html = headers["content-type"]?.startsWith("text/html") ? await response.text() : null;
    const result = observatoryScore(headers, { https: true, html, origin: "https://localhost" });
    expect(result.grade, `${route}: ${JSON.stringify(result.modifiers.filter((entry) => entry.modifier < 0))}`).toBe(
      "A+",
    );
    expect(result.score).toBe(110);
  }
  // The consent cookie, set over https, is Secure and SameSite, which the scale rewards.
  expect(
    observatoryScore(
      {},
      { https: true, html: null, origin: "", setCookies: ["site_consent=x; Path=/; SameSite=Lax; Secure"] },
    ).modifiers[1]?.modifier,
  ).toBe(5);
});
