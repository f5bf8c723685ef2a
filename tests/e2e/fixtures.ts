import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Page, test as base, expect } from "@playwright/test";
import { parseConfig, siteConfig } from "#app/config.ts";
import { formatSalaryRange } from "#app/careers/salary-range.ts";
import { initialOpenDays, initialPostings } from "#app/platform/migrations/initial-postings.ts";
import { e2eEnv, embedOrigin, type StorageEnv, servers } from "./server-env.ts";
import { type SiteProxy, startSiteProxy } from "./site-proxy.ts";

/** What the server under test was configured with. */
export const config = siteConfig(parseConfig(e2eEnv));

export const sitePages = [
  "/",
  "/about",
  "/features",
  "/careers",
  "/login",
  "/contact",
  "/download",
  "/privacy",
] as const;

/** A posting as the careers page shows it. */
export type ShownPosting = { slug: string; title: string; location: string; type: string; salary: string };

/**
 * The postings open on a server whose clock reads `at`: the brief's six, which a fresh database
 * gets open for `initialOpenDays` from its first start (migration 0016), none past that. The
 * shared servers' databases are fresh for each run; tests that change postings start their own.
 */
export function postingsOpenAt(at: Date): ShownPosting[] {
  if (at.getTime() > Date.now() + initialOpenDays * 86_400_000) return [];
  return initialPostings.map((posting) => ({
    slug: posting.slug,
    title: posting.title,
    location: posting.location === "remote" ? "Remote" : "San Francisco CA",
    type: "Full-time",
    salary: formatSalaryRange({
      salaryMin: posting.salary.min,
      salaryMax: posting.salary.max,
      salaryCurrency: "USD",
      salaryPeriod: "YEAR",
    }),
  }));
}

// A posting open at the time of the run and its application page, for the specs that visit one
// (none once every posting has closed: the postings-closed project tests that state).
const postingOpenNow = postingsOpenAt(new Date())[0];
export const postingPages: string[] = postingOpenNow ? [`/careers/${postingOpenNow.slug}`] : [];
export const postingApplyPages: string[] = postingOpenNow ? [`/careers/${postingOpenNow.slug}/apply`] : [];

/**
 * Every test fails on a console error, an uncaught page error or a failed request:
 * what a visitor's browser complains about is a bug even when the page looks fine.
 */
export const test = base.extend<{
  browserProblems: string[];
  storage: StorageEnv;
  /** The time of the server under test (a project may start its clock elsewhere: playwright.config.ts). */
  serverNow: Date;
  /** The postings open at the server's time, in the order of the content. */
  openPostings: ShownPosting[];
  embedRequests: string[];
  hydrated: () => Promise<void>;
  siteProxy: SiteProxy;
}>({
  storage: [servers.sqlite.storage, { option: true }],
  serverNow: [new Date(), { option: true }],
  openPostings: async ({ serverNow }, use) => use(postingsOpenAt(serverNow)),
  // The public forms start their scripts at the visitor's first interaction (app/site/island.tsx):
  // moves the pointer as a visitor would, then waits until React has taken over, when JavaScript is on.
  hydrated: async ({ page, javaScriptEnabled }, use) => {
    await use(async () => {
      if (!javaScriptEnabled) return;
      // Moved again until React has taken over: a page that has just come again (after a cookie
      // choice, a posted form) may not have run its island's starter when the first move arrives.
      await expect(async () => {
        await page.mouse.move(1, 1);
        await page.mouse.move(2, 2);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
    });
  },
  // The embed provider answers with a small form page; every request to it is recorded.
  embedRequests: [
    async ({ context }, use) => {
      const requests: string[] = [];
      await context.route(`${embedOrigin}/**`, (route) => {
        requests.push(route.request().url());
        return route.fulfill({
          contentType: "text/html",
          body: "<!doctype html><title>Signup</title><form><input aria-label=Email></form>",
        });
      });
      await use(requests);
    },
    { auto: true },
  ],
  // The proxy in front of the site, for a test's own instance (site-proxy.ts); a spec opts in with
  // test.use({ proxy: ({ siteProxy }, use) => use(siteProxy.settings) }).
  siteProxy: async ({}, use) => {
    const proxy = await startSiteProxy();
    await use(proxy);
    await proxy.stop();
  },
  // Each test is its own client (X-Forwarded-For through the trusted loopback proxy), so the
  // per-client rate limit of one test never affects another.
  extraHTTPHeaders: async ({}, use) => {
    const octet = () => Math.floor(Math.random() * 254) + 1;
    await use({ "X-Forwarded-For": `198.51.${octet()}.${octet()}` });
  },
  browserProblems: [
    async ({ page, javaScriptEnabled }, use) => {
      const problems: string[] = [];
      // A page or data request may rightly answer 4xx (a 404 page); Chromium still logs it as an error.
      const expectedErrorUrls = new Set<string>();
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // The page's address may carry a fragment (a form posted from /contact/meeting?day=…#times); its response's does not.
        const isExpectedStatus =
          message.text().startsWith("Failed to load resource") &&
          expectedErrorUrls.has(message.location().url.replace(/#.*$/, ""));
        if (!isExpectedStatus) problems.push(`console error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      // Any Content-Security-Policy violation on any page fails the test that saw it.
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      page.on("requestfailed", (request) => {
        const reason = request.failure()?.errorText;
        // Leaving a page cancels its pending requests, and with JavaScript off the browser blocks
        // every script: neither is the site failing.
        const expected = reason === "net::ERR_ABORTED" || (!javaScriptEnabled && reason === "csp");
        if (!expected) problems.push(`request failed: ${request.url()} (${reason})`);
      });
      page.on("response", (response) => {
        if (response.status() < 400) return;
        const type = response.request().resourceType();
        if (type === "document" || type === "fetch") expectedErrorUrls.add(response.url());
        else problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      await use(problems);
      expect(problems, "the browser reported problems").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export type ExportedSubmission = {
  id: string;
  kind: string;
  createdAt: string;
  status: string;
  spamReason?: string;
  job?: string | null;
  fields: Record<string, string | null>;
  attachments: Array<{ name: string; size: number; type: string }>;
};

/** What the server stored, read the way an operator reads it: `npm run submissions -- export`. */
export function exportSubmissions(storage: StorageEnv, kind?: string): ExportedSubmission[] {
  const args = ["scripts/submissions.ts", "export", "--format", "json", ...(kind ? ["--kind", kind] : [])];
  const output = execFileSync(process.execPath, args, { env: { ...process.env, ...storage }, encoding: "utf8" });
  return JSON.parse(output) as ExportedSubmission[];
}

/** The .eml notifications the server wrote (no SMTP configured), waiting for the outbox worker. */
export async function mailContaining(storage: StorageEnv, text: string) {
  const folder = path.join(storage.DATA_DIR, "mail");
  const read = () =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((file) => file.endsWith(".eml"))
          .map((file) => readFileSync(path.join(folder, file), "utf8"))
          .filter((eml) => eml.includes(text))
      : [];
  await expect
    .poll(() => read().length, { message: `an e-mail containing ${text}`, timeout: 15_000 })
    .toBeGreaterThan(0);
  return read();
}

/** Closes the privacy banner if it shows. Closing is a form's answer: the page comes again, without it. */
export async function closePrivacyBanner(page: Page) {
  const banner = page.getByRole("region", { name: "We value your privacy" });
  if (await banner.isVisible()) await banner.getByRole("button", { name: /^Close the privacy notice/ }).click();
  await expect(banner).toBeHidden();
}
