import { execFileSync } from "node:child_process";
import { axe } from "./axe.ts";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { e2eEnv, type StorageEnv } from "./server-env.ts";
import { closePrivacyBanner } from "./fixtures.ts";

// What the workspace's end-to-end tests do again and again: invite through the command line,
// give the browser a passkey device (Chromium's virtual authenticator over CDP), enrol, sign out.

/** `npm run staff -- ...` against the server's data, as an operator runs it. */
export function staff(storage: StorageEnv, ...args: string[]) {
  return execFileSync(process.execPath, ["scripts/staff.ts", ...args], {
    env: { ...process.env, ...storage, SITE_URL: e2eEnv.SITE_URL },
    encoding: "utf8",
  });
}

export function invite(storage: StorageEnv, email: string, role = "member") {
  const output = staff(storage, "invite", email, "--role", role);
  const link = output.match(/https?:\/\/\S+\/workspace\/enrol\/\S+/)?.[0];
  expect(link, output).toBeTruthy();
  return new URL(link!).pathname;
}

/** A platform authenticator with user verification, like a laptop's fingerprint reader; removing it is losing the device. */
export async function addAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { remove: () => cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId }) };
}

export async function enrol(page: Page, path: string, email: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Create your passkey" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Create a passkey" }).click();
  // Creating the passkey and signing in take a few round trips: longer on a loaded machine.
  await expect(page).toHaveURL(/\/workspace$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
}

export async function expectNoAxeViolations(page: Page) {
  // Measured once the page has loaded and its fonts are in: target sizes are read from the layout.
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const results = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`),
  ).toEqual([]);
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the workspace" })).toBeVisible();
}

/** A visitor books the first free time of the first bookable day, in UTC, as the booking page offers it. */
export async function bookMeeting(page: Page, person: { name: string; email: string; company: string; topic: string }) {
  await page.goto("/contact/meeting?tz=UTC");
  await closePrivacyBanner(page);
  await page
    .getByRole("link", { name: /: \d+ free times?$/ })
    .first()
    .click();
  await page.getByRole("radio").first().check();
  await page.getByLabel("Your Name").fill(person.name);
  await page.getByLabel("Your Email").fill(person.email);
  await page.getByLabel("Company Name or Website").fill(person.company);
  await page.getByLabel("What Would You Like to Discuss").fill(person.topic);
  await page.getByRole("button", { name: "Book this meeting" }).click();
  await expect(page.getByRole("heading", { name: "Your meeting is booked" })).toBeVisible();
}

/** A general application from the careers page, with a résumé, as a visitor sends it. */
export async function applyInGeneral(
  page: Page,
  person: { firstName: string; lastName: string; email: string },
  { coverNote, resumeName = "resume.pdf" }: { coverNote: string; resumeName?: string },
) {
  await page.goto("/careers/apply");
  await closePrivacyBanner(page);
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Phone number").fill("+44 20 7946 0018");
  await page.getByLabel("Cover note").fill(coverNote);
  await page.getByLabel(/I agree that .* stores and processes my application/).check();
  await page.getByLabel("Resume").setInputFiles({
    name: resumeName,
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% resume\n%%EOF\n", "latin1"),
  });
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your application is on its way" })).toBeVisible();
}
