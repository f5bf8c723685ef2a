import { expect, test } from "./fixtures.ts";

// A crawler's walk of the whole site ends (issue 46, decision 045): no address grows hop after
// hop (the cookie settings link once nested its way back in each new address until 414), and no
// link leads to an error.

const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const maxDepth = 5;

/** The same-site addresses an HTML page links to, without their fragment. */
function linksIn(html: string, from: URL) {
  const found = new Set<string>();
  for (const [, href] of html.matchAll(/<a\b[^>]*?\bhref="([^"]*)"/g)) {
    const url = new URL(href!.replaceAll("&amp;", "&"), from);
    if (url.origin !== from.origin) continue;
    url.hash = "";
    found.add(`${url.pathname}${url.search}`);
  }
  return found;
}

test("a crawler following every link to depth 5 meets no address over 200 characters and no error", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const seen = new Map<string, number>([["/", 0]]);
  const problems: string[] = [];
  let frontier = ["/"];
  for (let depth = 0; depth <= maxDepth && frontier.length; depth += 1) {
    const next: string[] = [];
    for (const address of frontier) {
      if (address.length > 200) problems.push(`${address.length} characters: ${address.slice(0, 120)}…`);
      const response = await request.get(address, { headers: { "User-Agent": crawler }, maxRedirects: 0 });
      const status = response.status();
      if (status >= 400) problems.push(`${status}: ${address}`);
      if (status >= 300 && status < 400) {
        const location = response.headers().location;
        if (location && !seen.has(location)) {
          seen.set(location, depth + 1);
          next.push(location);
        }
        continue;
      }
      if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) continue;
      for (const link of linksIn(await response.text(), new URL(address, baseURL))) {
        if (seen.has(link) || link.startsWith("/workspace")) continue;
        seen.set(link, depth + 1);
        next.push(link);
      }
    }
    frontier = next;
  }
  expect(problems).toEqual([]);
  // The walk met the whole site: its pages, the postings and the booking page's days.
  expect([...seen.keys()]).toEqual(
    expect.arrayContaining(["/about", "/careers", "/contact/meeting", "/cookie-settings", "/privacy"]),
  );
  expect([...seen.keys()].some((address) => address.startsWith("/cookie-settings?returnTo="))).toBe(true);
});

test("the cookie settings page is noindex and its links never nest a way back; a status page never links to itself", async ({
  request,
}) => {
  const nested = `/cookie-settings?returnTo=${encodeURIComponent(`/cookie-settings?returnTo=${encodeURIComponent("/about#cookie-settings")}`)}`;
  const settings = await request.get(nested, { headers: { "User-Agent": crawler } });
  expect(settings.status()).toBe(200);
  const html = await settings.text();
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href!.replaceAll("&amp;", "&"));
  expect(hrefs.filter((href) => href.startsWith("/cookie-settings"))).toEqual(["/cookie-settings"]);
  expect(hrefs.filter((href) => /returnTo=[^&]*returnTo/i.test(decodeURIComponent(href)))).toEqual([]);

  // An address over the server's limit answers 414; its footer's settings link has no way back to it.
  const tooLong = await request.get(`/about?${"x".repeat(2100)}`, { headers: { "User-Agent": crawler } });
  expect(tooLong.status()).toBe(414);
  const statusHrefs = [...(await tooLong.text()).matchAll(/href="([^"]*)"/g)].map(([, href]) => href!);
  expect(statusHrefs).toContain("/cookie-settings");
  expect(statusHrefs.filter((href) => href.includes("__status"))).toEqual([]);
});
