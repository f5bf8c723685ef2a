import { execFileSync } from "node:child_process";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { axe } from "./axe.ts";
import type { BrowserContext, Page } from "@playwright/test";
import { type OpenIdProvider, startOpenIdProvider } from "#tests/helpers/openid-provider.ts";
import { expect, test } from "./fixtures.ts";
import { type RunningServer, startServer, stopAfterLeaving, instancePort } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";

// Signing in to the workspace with the company's accounts (OpenID Connect), against a real
// OpenID provider started here (tests/helpers/openid-provider.ts), never a real one.
//
// The site instance under test is configured for it at start-up and listens on a port of its
// own, while its SITE_URL stays the one the build was made with (the end-to-end server's), so
// its redirect URI names SITE_URL. The browser's requests for SITE_URL reach the instance through
// the proxy in front of the site (site-proxy.ts): the workspace takes posts only from its pages at
// SITE_URL.

const callbackPath = "/workspace/sign-in/openid/callback";
const refused = "This account cannot open the workspace. Use your work account, or ask an admin for an invitation.";
const failed = "Signing in did not finish: it was cancelled, took too long, or was started in another tab. Try again.";

const site = e2eEnv.SITE_URL;
test.use({ proxy: async ({ siteProxy }, use) => use(siteProxy.settings) });
const tag = () => Math.random().toString(36).slice(2, 10);
/** `npm run staff -- ...` against the instance's data, as an operator runs it. */
function staff(server: RunningServer, ...args: string[]) {
  return execFileSync(process.execPath, ["scripts/staff.ts", ...args], {
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "", SITE_URL: e2eEnv.SITE_URL },
    encoding: "utf8",
  });
}

/** The audit trail as the instance stored it. */
function auditTrail(server: RunningServer) {
  const database = new DatabaseSync(path.join(server.dataDir, "site.sqlite"), { readOnly: true });
  try {
    return database.prepare("select action, actor_email, target, detail from audit_events order by id").all() as Array<
      Record<string, string | null>
    >;
  } finally {
    database.close();
  }
}

/**
 * On the sign-in page: the company-account button, then the provider's page as `login`. The
 * provider is met afresh each time (its own session forgotten), or it would sign the browser's
 * previous person in again without asking.
 */
async function signInWithProvider(page: Page, login: string) {
  await page.context().clearCookies({ domain: "127.0.0.1" });
  await page.getByRole("button", { name: "Sign in with your company account" }).click();
  await expect(page.getByRole("heading", { name: "Test provider" })).toBeVisible();
  await page.getByLabel("Login name").fill(login);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function signedInCookies(context: BrowserContext) {
  return (await context.cookies("http://localhost/"))
    .map((cookie) => cookie.name)
    .filter((name) => name.startsWith("workspace"));
}

test.describe("with the company's accounts configured", () => {
  let provider: OpenIdProvider;
  let server: RunningServer;

  test.beforeAll(async () => {
    const port = instancePort(33, test.info());
    provider = await startOpenIdProvider({ redirectUri: `${site}${callbackPath}` });
    server = await startServer({
      port,
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ALLOWED_DOMAIN: "company.example",
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await provider?.stop();
  });
  test.beforeEach(({ siteProxy }) => {
    siteProxy.sendTo(server);
  });

  test("an invited person signs in with their company account and lands on the page they asked for", async ({
    page,
    context,
  }) => {
    const email = `lead.${tag()}@partner.example`;
    staff(server, "invite", email);
    provider.setPerson(`lead-${email}`, { email: email.toUpperCase(), email_verified: true });

    await page.goto(`${site}/workspace?state=done`);
    await expect(page).toHaveURL(/\/workspace\/sign-in\?next=/);
    await signInWithProvider(page, `lead-${email}`);
    await expect(page).toHaveURL(`${site}/workspace?state=done`);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    // The session cookie, and the attempt's cookie gone.
    expect(await signedInCookies(context)).toEqual(["workspace"]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to the workspace" })).toBeVisible();
    expect(auditTrail(server).filter((event) => event.actor_email === email)).toEqual([
      { action: "sign-in", actor_email: email, target: null, detail: "openid" },
      { action: "sign-out", actor_email: email, target: null, detail: null },
    ]);
  });

  test.describe("in Kolkata", () => {
    test.use({ timezoneId: "Asia/Kolkata" });

    test("the first page after the provider's shows times in the zone the browser gave", async ({ page, context }) => {
      const email = `zone.${tag()}@partner.example`;
      staff(server, "invite", email);
      provider.setPerson(`zone-${email}`, { email, email_verified: true });
      await page.goto(`${site}/workspace/sign-in?next=${encodeURIComponent("/workspace/passkeys")}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await signInWithProvider(page, `zone-${email}`);
      await expect(page).toHaveURL(`${site}/workspace/passkeys`);
      // Chromium says Asia/Calcutta; the workspace names it by its current name.
      await expect(page.locator('select[name="zone"]')).toHaveValue("Asia/Kolkata");
      await expect(page.getByText("It was taken from your browser")).toBeVisible();
      // The zone's cookie went with the attempt's.
      expect(await signedInCookies(context)).toEqual(["workspace"]);
    });
  });

  test("a person of the allowed domain gets in as a member; another domain and an unverified address are refused alike", async ({
    page,
    context,
  }) => {
    const id = tag();
    const newcomer = `new.${id}@company.example`;
    provider.setPerson(`new-${id}`, { email: newcomer, email_verified: true });
    provider.setPerson(`outsider-${id}`, { email: `outsider.${id}@elsewhere.example`, email_verified: true });
    provider.setPerson(`unverified-${id}`, { email: `unverified.${id}@company.example`, email_verified: false });

    await page.goto(`${site}/workspace/sign-in`);
    await signInWithProvider(page, `new-${id}`);
    await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${newcomer}`)).toBeVisible();
    expect(staff(server, "list")).toMatch(new RegExp(`${newcomer.replace(/\./g, "\\.")}\\s+member\\s+0`));
    await page.getByRole("button", { name: "Sign out" }).click();

    for (const login of [`outsider-${id}`, `unverified-${id}`]) {
      await page.goto(`${site}/workspace/sign-in`);
      await signInWithProvider(page, login);
      await expect(page).toHaveURL(/\/workspace\/sign-in\?next=%2Fworkspace&problem=refused$/);
      await expect(page.getByRole("alert")).toHaveText(refused);
      expect(await signedInCookies(context)).toEqual([]);
      expect((await page.goto(`${site}/workspace`))?.url()).toMatch(/\/workspace\/sign-in\?next=/);
    }
    expect(staff(server, "list")).not.toMatch(/outsider|unverified/);
    // The page with its company-account button and the message: axe finds nothing.
    await page.goto(`${site}/workspace/sign-in?problem=refused`);
    const results = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    const trail = auditTrail(server);
    expect(
      trail.filter((event) => event.actor_email === newcomer).map((event) => [event.action, event.detail]),
    ).toEqual([
      ["admit", "openid: domain company.example"],
      ["sign-in", "openid"],
      ["sign-out", null],
    ]);
    expect(trail.map((event) => [event.action, event.detail])).toEqual(
      expect.arrayContaining([
        ["sign-in-refused", "openid: not staff, not of the allowed domain"],
        ["sign-in-refused", "openid: no verified address"],
      ]),
    );
    // Nobody's address who is not staff is kept.
    expect(JSON.stringify(trail)).not.toMatch(/outsider|unverified/);
  });

  test("the provider's answer counts once, in the browser that began the sign-in, with its state intact", async ({
    page,
    context,
    browser,
    siteProxy,
  }) => {
    const email = `once.${tag()}@partner.example`;
    staff(server, "invite", email);
    provider.setPerson(email, { email, email_verified: true });

    // Hold the provider's answer back, to bring it later, changed or elsewhere.
    const held = provider.holdAnswer();
    await page.goto(`${site}/workspace/sign-in`);
    await signInWithProvider(page, email);
    await expect(page.getByRole("heading", { name: "Answer held" })).toBeVisible();
    const answer = await held;

    // In another browser (a link sent to someone else), it signs nobody in.
    const elsewhere = await browser.newContext({
      proxy: siteProxy.settings,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.201" },
    });
    try {
      const other = await elsewhere.newPage();
      await other.goto(answer);
      await expect(other.getByRole("alert")).toHaveText(failed);
      expect(await signedInCookies(elsewhere)).toEqual([]);
    } finally {
      await elsewhere.close();
    }

    // With its state changed, it is refused (and spends the attempt).
    await page.goto(answer.replace(/([?&]state=)[^&]+/, "$1forged"));
    await expect(page.getByRole("alert")).toHaveText(failed);
    expect(await signedInCookies(context)).toEqual([]);

    // A new attempt in this browser, answered as it should be, signs in; the same answer again does not.
    await signInWithProvider(page, email);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto(answer);
    await expect(page.getByRole("alert")).toHaveText(failed);
    expect(await signedInCookies(context)).toEqual([]);
  });

  test("the sign-in page allows posting to the provider, and its button needs no JavaScript", async ({
    browser,
    siteProxy,
  }) => {
    const email = `noscript.${tag()}@partner.example`;
    staff(server, "invite", email);
    provider.setPerson(email, { email, email_verified: true });
    const context = await browser.newContext({
      proxy: siteProxy.settings,
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.202" },
    });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${site}/workspace/sign-in`);
      expect(response?.headers()["content-security-policy"]).toContain(`form-action 'self' ${provider.issuer}`);
      expect(await response?.text()).toMatch(
        /<noscript><p[^>]*>Passkeys need JavaScript, which is off for this site\. Signing in with your company account, below, works without it\./,
      );
      await signInWithProvider(page, email);
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("sign-in attempts are rate-limited per client, and a post from another site begins none", async () => {
    const post = (
      address: string,
      headers: Record<string, string> = { Origin: site, "X-Forwarded-Host": new URL(site).host },
    ) =>
      fetch(`${server.url}/workspace/sign-in?next=%2Fworkspace`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, "X-Forwarded-For": address, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=openid",
      });
    const address = `198.51.100.${Math.floor(Math.random() * 100) + 1}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= Number(e2eEnv.RATE_LIMIT_MAX); attempt += 1) {
      const response = await post(address);
      statuses.push(response.status);
      if (response.status === 303)
        expect(response.headers.get("location")).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    const forged = await post("198.51.100.203", { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" });
    expect([400, 403]).toContain(forged.status);
  });
});

test("a provider that cannot be reached: the sign-in page says so (503) and passkeys still work", async ({
  page,
  siteProxy,
}) => {
  const server = await startServer({
    port: instancePort(34, test.info()),
    // Nothing listens on port 9 of this machine.
    env: { OIDC_ISSUER: "http://127.0.0.1:9", OIDC_CLIENT_ID: "workspace", OIDC_CLIENT_SECRET: "secret" },
  });
  try {
    siteProxy.sendTo(server);
    await page.goto(`${site}/workspace/sign-in`);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Sign in with your company account" }).click();
    expect((await answer).status()).toBe(503);
    await expect(page.getByRole("alert")).toHaveText(
      "Your company's sign-in cannot be reached right now. Try again in a few minutes, or use your passkey.",
    );
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
    expect(server.output()).toContain("OpenID provider discovery failed");
  } finally {
    await stopAfterLeaving(page, server);
  }
});

test("without the company's accounts configured, the sign-in page offers passkeys only", async ({ request }) => {
  const response = await request.get("/workspace/sign-in");
  const html = await response.text();
  expect(html).toContain("Sign in with a passkey");
  expect(html).not.toContain("company account");
  expect(response.headers()["content-security-policy"]).toMatch(/form-action 'self'(;|$)/);
  expect((await request.get(callbackPath, { maxRedirects: 0 })).status()).toBe(404);
});
