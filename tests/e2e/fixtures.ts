import { test as base, expect } from "@playwright/test";
import { parseEnv, publicConfig } from "#app/config/env.ts";

import { e2eEnv } from "./server-env.ts";

/** What the server under test was configured with. */
export const config = publicConfig(parseEnv(e2eEnv));

export const sitePages = ["/", "/about", "/features", "/careers", "/login", "/contact", "/download"] as const;

/**
 * Every test fails on a console error, an uncaught page error or a failed request:
 * what a visitor's browser complains about is a bug even when the page looks fine.
 */
export const test = base.extend<{ browserProblems: string[] }>({
  browserProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // A page or data request may rightly answer 4xx (a 404 page); Chromium still logs it as an error.
      const expectedErrorUrls = new Set<string>();
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const isExpectedStatus = message.text().startsWith("Failed to load resource") && expectedErrorUrls.has(message.location().url);
        if (!isExpectedStatus) problems.push(`console error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("requestfailed", (request) => {
        const reason = request.failure()?.errorText;
        // Leaving a page cancels its pending requests; that is the browser's doing, not a failure.
        if (reason !== "net::ERR_ABORTED") problems.push(`request failed: ${request.url()} (${reason})`);
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
