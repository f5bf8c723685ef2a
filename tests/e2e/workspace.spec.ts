import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, mailContaining, closePrivacyBanner, test } from "./fixtures.ts";
import { startServer, stopAfterLeaving } from "./production-server.ts";
import { e2eEnv, servers } from "./server-env.ts";
import { addAuthenticator, enrol, expectNoAxeViolations, invite, signOut, staff } from "./workspace-helpers.ts";

// The staff workspace as its users meet it: an invitation from the command line, a passkey made
// and used in Chromium's virtual authenticator (WebAuthn over CDP), and the inbox.

/** The local outbox's files as they are now. */
const mailFiles = (storage: { DATA_DIR: string }) => {
  const folder = path.join(storage.DATA_DIR, "mail");
  return existsSync(folder) ? readdirSync(folder).map((file) => readFileSync(path.join(folder, file), "utf8")) : [];
};

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, "latin1");

async function sendInquiry(
  page: Page,
  hydrated: () => Promise<void>,
  company: string,
  email: string,
  attachment: Buffer,
  project = "Trajectories for a launch window.",
) {
  await page.goto("/contact");
  await closePrivacyBanner(page);
  await hydrated();
  await page.getByLabel("Your Name").fill("Katherine Johnson");
  await page.getByLabel("Your Email").fill(email);
  await page.getByLabel("Company Name or Website").fill(company);
  await page.getByLabel("Describe Your Project Briefly").fill(project);
  await page.getByLabel("Please Choose the Budget").selectOption("25k-50k");
  await page
    .getByLabel("Upload Files")
    .setInputFiles([{ name: "orbit.pdf", mimeType: "application/pdf", buffer: attachment }]);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1#confirmation$/);
}

const tag = () => Math.random().toString(36).slice(2, 10);

test("invite, enrol, sign in, find an inquiry, download its file, mark it done, sign out", async ({
  page,
  context,
  storage,
  hydrated,
}) => {
  const id = tag();
  const company = `Orbital Mechanics ${id}`;
  const attachment = pdf(`launch window ${id}`);
  const visitorEmail = `katherine.${id}@example.com`;
  await sendInquiry(page, hydrated, company, visitorEmail, attachment);
  // The notification links to the inquiry's page in the workspace (quoted-printable lines unfolded).
  // Found by the company, which the visitor's receipt never repeats.
  const [notification] = await mailContaining(storage, company);
  const link = notification
    ?.replace(/=\r?\n/g, "")
    .match(/https?:\/\/\S+?\/workspace\/submissions\/[0-9a-f-]{36}/)?.[0];
  expect(link).toBeTruthy();

  const email = `lead.${id}@company.example`;
  const enrolment = invite(storage, email);
  await addAuthenticator(context, page);
  await enrol(page, enrolment, email);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Signing out ends the session; the passkey signs in again, with no address typed.
  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();

  await page.getByLabel("Search name, e-mail, company or text").fill(company);
  await page.getByRole("button", { name: "Show" }).click();
  const rows = page.getByRole("row").filter({ hasText: company });
  await expect(rows).toHaveCount(1);
  // The search's export: this inquiry only, as a spreadsheet file.
  const exporting = page.waitForEvent("download");
  await page.getByRole("link", { name: "Inquiries as CSV (spreadsheet)" }).click();
  const exported = await exporting;
  expect(exported.suggestedFilename()).toMatch(/^inquiries-\d{4}-\d\d-\d\d\.csv$/);
  const sheet = readFileSync((await exported.path())!);
  expect([...sheet.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 with a BOM, for Excel
  const csv = sheet.toString("utf8").trim().split(/\r\n/);
  expect(csv).toHaveLength(2);
  expect(csv[0]).toMatch(/^Id,Received \(UTC\),State,Name,E-mail,/);
  expect(csv[1]).toContain("$25k–$50k");
  expect(csv[1]).toContain(company);
  expect(csv[1]).toContain(visitorEmail);
  await rows.getByRole("link", { name: "Katherine Johnson" }).click();

  await expect(page.getByRole("heading", { name: "Inquiry: Katherine Johnson" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: company })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "$25k–$50k" })).toBeVisible();
  const submissionUrl = page.url();
  expect(submissionUrl).toBe(link);
  // An address that holds no submission says so under its own title (one title, not the inbox's).
  const missing = await page.goto(submissionUrl.replace(/[0-9a-f-]{36}$/, "00000000-0000-7000-8000-000000000000"));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not found");
  await expect(page).toHaveTitle(/^Not found \| /);
  await expect(page.locator("title")).toHaveCount(1);
  await page.goto(submissionUrl);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download orbit.pdf" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("orbit.pdf");
  expect(readFileSync((await download.path())!)).toEqual(attachment);

  await page.getByLabel("Status").selectOption("done");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status set to Done.");
  await expect(page.getByLabel("Status")).toHaveValue("done");

  // Done leaves the default view ("Not done") and shows under Done.
  await page.goto(`/workspace?q=${encodeURIComponent(company)}`);
  await expect(page.getByText("Nothing here with these filters.")).toBeVisible();
  await page.goto(`/workspace?state=done&q=${encodeURIComponent(company)}`);
  await expect(page.getByRole("row").filter({ hasText: company })).toHaveCount(1);

  await signOut(page);
  await page.goto(submissionUrl);
  await expect(page).toHaveURL(/\/workspace\/sign-in\?next=/);
  await expect(page.getByText(company)).toHaveCount(0);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in page says that passkeys need JavaScript, and its button does nothing", async ({ page }) => {
    const response = await page.goto("/workspace/sign-in");
    // A browser with JavaScript off shows the <noscript> note; Playwright's switch only stops
    // scripts (its parser still reads <noscript> as text), so the page's HTML is checked.
    expect(await response?.text()).toMatch(
      /<noscript><p[^>]*>Signing in needs JavaScript, because passkeys work through the browser\./,
    );
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeDisabled();
  });
});

test("signed out, every workspace address leads to sign-in or is refused, and shows nothing", async ({ request }) => {
  const someId = "0190f0f0-0000-7000-8000-000000000000";
  for (const path of [
    "/workspace",
    `/workspace/submissions/${someId}`,
    `/workspace/submissions/${someId}/files/0`,
    "/workspace?state=spam",
    "/workspace/passkeys",
    "/workspace/people",
    "/workspace/audit",
    "/workspace/requests",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(303);
    expect(response.headers().location, path).toMatch(/^\/workspace\/sign-in\?next=/);
  }
  const origin = { Origin: e2eEnv.SITE_URL };
  // Each with the kind of body its address takes: JSON for a passkey ceremony's step, else a form.
  const body = (path: string) =>
    path.endsWith("/passkeys/new") ? { data: { step: "options" } } : { form: { intent: "spam" } };
  for (const path of [
    `/workspace/submissions/${someId}`,
    "/workspace/sign-out",
    "/workspace/people",
    "/workspace/passkeys",
    "/workspace/passkeys/new",
    "/workspace/requests",
    "/workspace/requests/export",
  ]) {
    const response = await request.post(path, { headers: origin, ...body(path), maxRedirects: 0 });
    expect(response.status(), path).toBe(401);
    // No address but the site's own public one.
    expect((await response.text()).replaceAll(e2eEnv.CONTACT_EMAIL, ""), path).not.toContain("@");
  }
  const signInPage = await request.get("/workspace/sign-in");
  expect(signInPage.headers()["cache-control"]).toBe("no-store");
  expect(signInPage.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  // Not in the sitemap.
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/workspace");
});

test("a cross-site post is refused even with a session, and a removed person's session stops at once", async ({
  page,
  context,
  storage,
  hydrated,
}) => {
  const id = tag();
  const company = `Cross Site ${id}`;
  await sendInquiry(page, hydrated, company, `ada.${id}@example.com`, pdf(id));
  const email = `member.${id}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email), email);
  await page.goto(`/workspace?q=${encodeURIComponent(company)}`);
  await page.getByRole("row").filter({ hasText: company }).getByRole("link", { name: "Katherine Johnson" }).click();
  const submissionPath = new URL(page.url()).pathname;

  const forged = await page.request.post(submissionPath, {
    headers: { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
    form: { intent: "spam" },
    maxRedirects: 0,
  });
  // The server refuses a post from another site before its body is read (server/app.ts).
  expect(forged.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole("button", { name: "Mark as spam" })).toBeVisible();

  staff(storage, "remove", email);
  await page.reload();
  await expect(page).toHaveURL(/\/workspace\/sign-in\?next=/);
  // The passkey went with the person: it no longer signs in.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("That passkey was not accepted");
});

test("an invitation link is good once, and opening it changes nothing", async ({ page, context, storage }) => {
  const email = `once.${tag()}@company.example`;
  const enrolment = invite(storage, email);
  // A mail scanner opening the link first spends nothing.
  expect((await page.request.get(enrolment)).status()).toBe(200);
  await addAuthenticator(context, page);
  await enrol(page, enrolment, email);
  await signOut(page);
  const again = await page.goto(enrolment);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
  expect(staff(storage, "list")).toMatch(new RegExp(`${email.replace(/\./g, "\\.")}\\s+member\\s+1`));
});

test("a second invitation ends the first: its link says so, and the second one enrols", async ({
  page,
  context,
  storage,
}) => {
  const email = `twice.${tag()}@company.example`;
  const first = invite(storage, email);
  const second = invite(storage, email);
  const refused = await page.goto(first);
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
  await expect(
    page.getByText("A newer invitation was sent to this address, and only the newest link works."),
  ).toBeVisible();
  await addAuthenticator(context, page);
  await enrol(page, second, email);
});

test("with PORT set and SITE_URL unset, links name the port the server listens on, and its invitation enrols", async ({
  page,
  context,
  storage,
}) => {
  // The end-to-end server itself is started so (playwright.config.ts), as `PORT=3400 npm start`
  // is; the command line, given the same PORT, writes the same address.
  const port = servers.sqlite.port;
  const email = `newcomer.${tag()}@company.example`;
  const output = execFileSync(process.execPath, ["scripts/staff.ts", "invite", email], {
    env: { ...process.env, ...storage, PORT: String(port), SITE_URL: "" },
    encoding: "utf8",
  });
  const link = output.match(/https?:\/\/\S+\/workspace\/enrol\/\S+/)?.[0];
  expect(link, output).toMatch(new RegExp(`^http://localhost:${port}/workspace/enrol/`));
  await addAuthenticator(context, page);
  await enrol(page, link!, email);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // On another PORT, the build's links would be wrong: the server refuses it and says why
  // (`npm start` rebuilds first).
  const other = spawnSync(process.execPath, ["build/start.js"], {
    env: { ...process.env, ...e2eEnv, ...storage, PORT: String(port + 60), SITE_URL: "" },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(other.status).toBe(1);
  expect(other.stderr).toContain(
    `SITE_URL is "http://localhost:${port + 60}" but the build was made with "http://localhost:${port}"`,
  );
});

test.describe("behind the proxy in front of the site", () => {
  test.use({ proxy: async ({ siteProxy }, use) => use(siteProxy.settings) });

  test("a passkey page opened at another address than SITE_URL's says where to open it, and the log says why", async ({
    page,
    context,
    siteProxy,
  }) => {
    // An instance listening on another port than the one in its SITE_URL (the build's): a changed
    // PORT with SITE_URL left as it was.
    const port = servers.sqlite.port + 50 + test.info().parallelIndex;
    const server = await startServer({ port });
    try {
      await expect
        .poll(() => server.output())
        .toContain(`SITE_URL is ${e2eEnv.SITE_URL} but this server listens on port ${port}`);
      const email = `elsewhere.${tag()}@company.example`;
      const enrolment = invite({ DATA_DIR: server.dataDir, DATABASE_URL: "" }, email);
      await addAuthenticator(context, page);
      await page.goto(`${server.url}${enrolment}`);
      await page.getByRole("button", { name: "Create a passkey" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        `This page was opened at ${server.url}, but the site is configured for ${e2eEnv.SITE_URL}, and passkeys work only there: open it at ${e2eEnv.SITE_URL}${enrolment}. If that address does not open, the site's SITE_URL is wrong: tell whoever runs the site.`,
      );
      await expect
        .poll(() => server.output())
        .toContain(
          `Passkey enrolment refused: the page was opened at ${server.url} but SITE_URL is ${e2eEnv.SITE_URL}`,
        );
      // Nothing was spent: opened at the site's address, the same link enrols.
      siteProxy.sendTo(server);
      await enrol(page, `${e2eEnv.SITE_URL}${enrolment}`, email);
    } finally {
      await stopAfterLeaving(page, server);
    }

    // The site's own server opened by its IP address, not by the name in SITE_URL: the same.
    const numeric = `http://127.0.0.1:${servers.sqlite.port}`;
    await page.goto(`${numeric}/workspace/sign-in`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert")).toContainText(
      `This page was opened at ${numeric}, but the site is configured for ${e2eEnv.SITE_URL}`,
    );
  });
});

test("axe finds nothing on the sign-in page, the inbox, a submission and your passkeys", async ({
  page,
  context,
  storage,
  hydrated,
}) => {
  const id = tag();
  const company = `Accessible ${id}`;
  await sendInquiry(page, hydrated, company, `grace.${id}@example.com`, pdf(id));
  const email = `axe.${id}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email), email);
  const check = () => expectNoAxeViolations(page);
  await page.goto(`/workspace?q=${encodeURIComponent(company)}`);
  await check();
  await page.getByRole("row").filter({ hasText: company }).getByRole("link", { name: "Katherine Johnson" }).click();
  await expect(page.getByRole("heading", { name: "Inquiry: Katherine Johnson" })).toBeVisible();
  await check();
  await page.getByRole("link", { name: "Your passkeys" }).click();
  // Checked once the page has loaded and its script runs (the button waits for it).
  await expect(page.getByRole("button", { name: "Add a passkey" })).toBeEnabled();
  await check();
  await signOut(page);
  await check();
});

test("an admin invites, changes a role and removes a person; a member cannot reach admin pages; the audit trail shows who did it", async ({
  browser,
  baseURL,
  page,
  context,
  storage,
}) => {
  // Two people enrolled, five role changes and the trail with axe: a minute on a loaded two-core host.
  test.setTimeout(90_000);
  const id = tag();
  const adminEmail = `admin.${id}@company.example`;
  const memberEmail = `recruiter.${id}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, adminEmail, "admin"), adminEmail);

  await page.getByRole("link", { name: "People" }).click();
  await expect(page.getByRole("heading", { name: "People" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Work e-mail").fill(memberEmail);
  await page.getByRole("button", { name: "Invite" }).click();
  const invitation = page.getByRole("status");
  await expect(invitation).toContainText(`Invitation for ${memberEmail}, valid for 24 hours:`);
  await expect(invitation).toContainText("send them this link yourself");
  const link = await invitation.locator("code").textContent();
  expect(link).toMatch(/^https?:\/\/\S+\/workspace\/enrol\/[\w-]+$/);

  // The recruiter, on a device of their own.
  const memberContext = await browser.newContext({
    baseURL,
    userAgent: await page.evaluate(() => navigator.userAgent),
  });
  const member = await memberContext.newPage();
  await addAuthenticator(memberContext, member);
  await enrol(member, new URL(link!).pathname, memberEmail);
  await expect(member.getByRole("link", { name: "Your passkeys" })).toBeVisible();
  await expect(member.getByRole("link", { name: "People" })).toHaveCount(0);
  for (const path of ["/workspace/people", "/workspace/audit", "/workspace/requests"]) {
    const refused = await member.goto(path);
    expect(refused?.status(), path).toBe(403);
    await expect(member.getByText("This page is for admins.")).toBeVisible();
  }
  const promoted = await member.request.post("/workspace/people", {
    headers: { Origin: e2eEnv.SITE_URL },
    form: { intent: "role", email: memberEmail, role: "admin" },
    maxRedirects: 0,
  });
  expect(promoted.status()).toBe(403);

  await page.getByRole("link", { name: "People" }).click();
  await page.getByLabel(`Role of ${memberEmail}`).selectOption("admin");
  await page.getByRole("row").filter({ hasText: memberEmail }).getByRole("button", { name: "Save role" }).click();
  await expect(page.getByRole("status")).toHaveText("Role saved.");
  await expect(page.getByRole("row").filter({ hasText: memberEmail })).toContainText("Admin");
  await member.reload();
  await expect(member.getByRole("link", { name: "People" })).toBeVisible();
  // Invited again (a lost passkey) with the form's default role: the role stays.
  await page.getByLabel("Work e-mail").fill(memberEmail);
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation for ${memberEmail}`);
  await expect(page.getByRole("row").filter({ hasText: memberEmail })).toContainText("Admin");

  const row = page.getByRole("row").filter({ hasText: memberEmail });
  await row.getByText("Remove", { exact: true }).click();
  await row.getByRole("button", { name: `Remove ${memberEmail}` }).click();
  await expect(page.getByRole("status")).toHaveText(
    `${memberEmail} was removed; their passkeys and sessions are gone.`,
  );
  await expect(page.getByRole("row").filter({ hasText: memberEmail })).toHaveCount(0);
  await member.reload();
  await expect(member).toHaveURL(/\/workspace\/sign-in\?next=/);
  await memberContext.close();

  await page.getByRole("link", { name: "Audit trail" }).click();
  await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  await expectNoAxeViolations(page);
  const mine = page.getByRole("row").filter({ hasText: adminEmail });
  // Sentences, each person named as they are now: the one removed no longer has an address here.
  await expect(mine.filter({ hasText: "Removed someone no longer in the workspace" })).toHaveCount(1);
  await expect(mine.filter({ hasText: "Made someone no longer in the workspace admin" })).toHaveCount(1);
  await expect(mine.filter({ hasText: "Invited someone no longer in the workspace as member" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: memberEmail }).filter({ hasText: "Signed in" })).toHaveCount(1);
});

test("a person adds a passkey for a second device, signs in with it, and keeps at least one", async ({
  page,
  context,
  storage,
}) => {
  const email = `two.devices.${tag()}@company.example`;
  const laptop = await addAuthenticator(context, page);
  await enrol(page, invite(storage, email), email);
  await page.getByRole("link", { name: "Your passkeys" }).click();
  const passkeys = page.getByRole("table").getByRole("row");
  await expect(passkeys).toHaveCount(2); // the header and one passkey

  // The phone: the laptop's authenticator is away, another one answers.
  await laptop.remove();
  await addAuthenticator(context, page);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toHaveText("Passkey added.");
  await expect(passkeys).toHaveCount(3);

  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
  await page.getByRole("link", { name: "Your passkeys" }).click();

  // The laptop's passkey (never used to sign in) goes; the phone's, just used, is the last and stays.
  await passkeys
    .filter({ hasText: "Not yet" })
    .getByRole("button", { name: /^Remove the passkey / })
    .click();
  await expect(page.getByRole("status")).toHaveText("Passkey removed.");
  await expect(passkeys).toHaveCount(2);
  await passkeys.getByRole("button", { name: /^Remove the passkey / }).click();
  // The page's notice; the add button's form has its own live region, empty.
  await expect(page.getByRole("alert").filter({ hasText: "only passkey" })).toHaveText(
    "This is your only passkey: add another one before you remove it.",
  );
  await expect(passkeys).toHaveCount(2);
});

test("an admin answers a person's request: their data as one download, then erased; another's inquiry that mentions them is listed for review and stays; the trail keeps no address", async ({
  page,
  context,
  storage,
  hydrated,
}) => {
  const id = tag();
  const company = `Request ${id}`;
  const visitorEmail = `ada.${id}@example.com`;
  const attachment = pdf(`request ${id}`);
  await sendInquiry(page, hydrated, company, visitorEmail, attachment);
  // Someone else's inquiry that names the visitor's address in its message.
  const otherCompany = `Referral ${id}`;
  await sendInquiry(
    page,
    hydrated,
    otherCompany,
    `grace.${id}@example.com`,
    pdf(`referral ${id}`),
    `Ada (${visitorEmail}) told us about you.`,
  );
  // Delivered by the local outbox (no SMTP here): the team's notification and the visitor's receipt.
  await mailContaining(storage, company);
  await mailContaining(storage, `To: ${visitorEmail}`);
  await mailContaining(storage, otherCompany);
  const adminEmail = `privacy.${id}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, adminEmail, "admin"), adminEmail);

  await page.getByRole("link", { name: "Data requests" }).click();
  await expect(page.getByRole("heading", { name: "Requests for personal data" })).toBeVisible();
  // The server purged once it listened: the admin sees when, and no warning.
  await expect(page.getByText(/^Last privacy purge: \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC$/)).toBeVisible();
  await expect(page.getByText(/privacy purge has not succeeded/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByLabel("Their e-mail address").fill(visitorEmail.toUpperCase());
  await page.getByRole("button", { name: "Find their data" }).click();
  await expect(page.getByRole("status")).toHaveText("Theirs: 1 submissions and 0 other e-mails.");
  const mentions = page.getByRole("region", { name: "Mentioned in 1 submissions of other people" });
  await expect(mentions.getByRole("link", { name: /^Inquiry received / })).toHaveCount(1);
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download their data (JSON)" }).click();
  const archive = JSON.parse(readFileSync((await (await downloading).path())!, "utf8")) as {
    submissions: Array<{ fields: Record<string, string>; files: Array<{ name: string; contentBase64: string }> }>;
  };
  expect(archive.submissions).toHaveLength(1);
  expect(archive.submissions[0]?.fields).toMatchObject({ email: visitorEmail, company });
  expect(Buffer.from(archive.submissions[0]?.files[0]?.contentBase64 ?? "", "base64")).toEqual(attachment);

  await page.getByText("Erase their data", { exact: true }).click();
  await page.getByRole("button", { name: "Erase everything they sent" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Erased: 1 submissions and 0 other e-mails. The request is recorded without the address.",
  );
  // The e-mails about the erased inquiry went with it, files of the local outbox included.
  expect(mailFiles(storage).filter((eml) => eml.includes(company) || eml.includes(`To: ${visitorEmail}`))).toEqual([]);
  expect(mailFiles(storage).filter((eml) => eml.includes(otherCompany))).toHaveLength(1);
  // The other person's inquiry is whole, one click away.
  await mentions.getByRole("link", { name: /^Inquiry received / }).click();
  await expect(page.getByText(otherCompany)).toBeVisible();
  await expect(page.getByText(`Ada (${visitorEmail}) told us about you.`)).toBeVisible();
  await page.goto(`/workspace?state=open&q=${encodeURIComponent(company)}`);
  await expect(page.getByText("Nothing here with these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Audit trail" }).click();
  const mine = page.getByRole("row").filter({ hasText: adminEmail });
  await expect(mine.filter({ hasText: "Exported a person's data" })).toHaveCount(1);
  await expect(mine.filter({ hasText: "Erased a person's data" })).toHaveCount(1);
  await expect(page.getByText(visitorEmail)).toHaveCount(0);
});

test.describe("in Kolkata", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test("the visitor's receipt and the workspace's first page after enrolment give times in the reader's zone", async ({
    page,
    context,
    storage,
    hydrated,
  }) => {
    const id = tag();
    const company = `Monsoon Analytics ${id}`;
    const visitorEmail = `asha.${id}@example.com`;
    await sendInquiry(page, hydrated, company, visitorEmail, pdf(`monsoon ${id}`));
    // The receipt: the browser's zone, sent with the form, and UTC beside it.
    // The outbox writes the receipt a moment after the answer.
    const receipt = async () =>
      (await mailContaining(storage, `To: ${visitorEmail}`))
        .map((eml) => eml.replace(/=\r?\n/g, ""))
        .find((eml) => eml.includes("arrived on"));
    await expect.poll(receipt, { timeout: 15_000 }).toBeDefined();
    const unfolded = await receipt();
    expect(unfolded).toMatch(
      /Your inquiry arrived on \w+ \d+, \d{4} at \d\d:\d\d India Standard Time \(.*\d\d:\d\d UTC\)/,
    );

    const email = `asha.${id}@company.example`;
    await addAuthenticator(context, page);
    await enrol(page, invite(storage, email), email);
    // The first page after enrolment, before any script could report the zone.
    const received = page.getByRole("row").filter({ hasText: company }).locator("time").first();
    await expect(received).toHaveAttribute("title", / GMT\+5:30 \(/);
    await expect(page.locator("time").filter({ hasText: "UTC" })).toHaveCount(0);
  });
});
