import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { runScript } from "#tests/helpers/run-script.ts";
import { type ReceivedWebhook, startReceiver, testSecret, verify } from "#tests/helpers/webhook-receiver.ts";
import { expect, exportSubmissions, closePrivacyBanner, test } from "./fixtures.ts";
import { type RunningServer, startServer, stopAfterLeaving, instancePort } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";
import { addAuthenticator, enrol, expectNoAxeViolations, invite } from "./workspace-helpers.ts";

// A new user's try of issue 21: the production server with one webhook endpoint configured to a
// receiver this test starts on a loopback port (allowed explicitly, as a local service would be).
// Inquiries sent from Chromium reach it once, correctly signed; the visitor's receipt is in the
// mail folder; a receiver that is down when an inquiry arrives gets it once it is back; the
// workspace shows the delivery log and sends again.

const tag = () => Math.random().toString(36).slice(2, 10);

function visitor() {
  const id = tag();
  return {
    id,
    name: `Dorothy Vaughan ${id}`,
    email: `dorothy.${id}@example.com`,
    company: `Fortran Works ${id}`,
    project: `Teach the machines to compute ${id}.`,
  };
}

async function sendInquiry(
  page: Page,
  hydrated: () => Promise<void>,
  server: RunningServer,
  person: ReturnType<typeof visitor>,
) {
  await page.goto(`${server.url}/contact`);
  await closePrivacyBanner(page);
  await hydrated();
  await page.getByLabel("Your Name").fill(person.name);
  await page.getByLabel("Your Email").fill(person.email);
  await page.getByLabel("Company Name or Website").fill(person.company);
  await page.getByLabel("Describe Your Project Briefly").fill(person.project);
  await page.getByLabel("Please Choose the Budget").selectOption("25k-50k");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1#confirmation$/);
}

/** The e-mails the server wrote to its mail folder (no SMTP configured) that contain `text`. */
function mailWith(server: RunningServer, text: string) {
  const folder = path.join(server.dataDir, "mail");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((file) => readFileSync(path.join(folder, file), "utf8"))
    .filter((eml) => eml.includes(text));
}

const storageOf = (server: RunningServer) => ({ DATA_DIR: server.dataDir, DATABASE_URL: "" });

// The browser reaches the instance's workspace through the proxy in front of the site (site-proxy.ts).
test.use({ proxy: async ({ siteProxy }, use) => use(siteProxy.settings) });

test("an inquiry from Chromium reaches the webhook once, signed; the visitor's receipt is written; a receiver that was down gets it once back", async ({
  page,
  context,
  hydrated,
  siteProxy,
}) => {
  test.setTimeout(120_000);
  let receiver = await startReceiver();
  const endpoints = [{ name: "crm", url: receiver.url, secret: testSecret, allowPrivate: true }];
  const server = await startServer({
    port: instancePort(30, test.info()),
    env: { WEBHOOK_ENDPOINTS: JSON.stringify(endpoints) },
  });
  try {
    const first = visitor();
    await sendInquiry(page, hydrated, server, first);
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const [stored] = exportSubmissions(storageOf(server)).filter(
      (submission) => submission.fields.email === first.email,
    );
    expect(stored).toBeTruthy();
    const delivery = receiver.received[0] as ReceivedWebhook;
    // verify() throws unless the signature and its timestamp check out with the endpoint's secret.
    expect(verify(delivery)).toEqual({
      type: "submission.created",
      timestamp: stored?.createdAt,
      data: {
        id: stored?.id,
        kind: "contact",
        createdAt: stored?.createdAt,
        url: `${e2eEnv.SITE_URL}/workspace/submissions/${stored?.id}`,
      },
    });
    for (const typed of [first.name, first.email, first.company, first.project, first.id])
      expect(delivery.body).not.toContain(typed);

    // The receipt, beside the team's notification, holds the reference and nothing typed.
    const receipts = mailWith(server, "Subject: We received your inquiry").filter((eml) =>
      eml.includes(`To: ${first.email}`),
    );
    expect(receipts).toHaveLength(1);
    const receipt = (receipts[0] ?? "").replace(/=\r?\n/g, "");
    expect(receipt).toContain(`reference ${stored?.id}`);
    expect(receipt).toContain("We answer every inquiry within 24 hours.");
    const body = receipt
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("\n");
    for (const typed of [first.name, first.company, first.project, first.id]) expect(body).not.toContain(typed);

    // Once: the worker keeps running and sends nothing more.
    await page.waitForTimeout(3000);
    expect(receiver.received).toHaveLength(1);

    // The receiver goes down; an inquiry arrives meanwhile; the first attempt fails and is logged.
    await receiver.close();
    const second = visitor();
    await sendInquiry(page, hydrated, server, second);
    const [waiting] = exportSubmissions(storageOf(server)).filter(
      (submission) => submission.fields.email === second.email,
    );
    // Read straight from the database (a command takes a second to start; the retry comes after 5).
    const attempts = () => {
      const database = new DatabaseSync(path.join(server.dataDir, "site.sqlite"), { readOnly: true });
      try {
        return database
          .prepare("select error from webhook_attempts where error is not null")
          .all()
          .map((row) => String(row.error));
      } finally {
        database.close();
      }
    };
    await expect.poll(attempts, { timeout: 15_000 }).toEqual([expect.stringContaining("ECONNREFUSED")]);
    receiver = await startReceiver({ port: receiver.port });
    const log = async () =>
      (await runScript("submissions.ts", ["webhooks", waiting?.id ?? ""], storageOf(server))).stdout;
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    expect(verify(receiver.received[0] as ReceivedWebhook).data.id).toBe(waiting?.id);
    expect(await log()).toMatch(
      /^crm {2}submission\.created {2}Delivered, .*\n {2}\S+ {2}[^\n]*ECONNREFUSED[^\n]*\n {2}\S+ {2}HTTP 200 /,
    );

    // The workspace shows the log and sends again, with the same webhook-id. The workspace is used
    // at the site's configured address (passkeys and its posts belong to it), which the proxy in
    // front of the site passes on to this server.
    siteProxy.sendTo(server);
    const email = `lead.${tag()}@company.example`;
    const enrolment = invite(storageOf(server), email);
    await addAuthenticator(context, page);
    await enrol(page, `${e2eEnv.SITE_URL}${enrolment}`, email);
    await page.goto(`${e2eEnv.SITE_URL}/workspace/submissions/${waiting?.id}`);
    // One history: the webhook with its attempts beside the e-mails, each named.
    const history = page.getByRole("region", { name: "History" });
    const webhook = history.locator(":scope > ol > li").filter({ hasText: "Webhook submission.created to crm" });
    await expect(webhook).toContainText("Delivered");
    await expect(webhook.getByRole("listitem")).toHaveCount(2);
    await expect(webhook.getByRole("listitem").last()).toContainText("HTTP 200");
    await expect(
      history.locator(":scope > ol > li").filter({ hasText: "E-mail: Receipt to the visitor" }),
    ).toContainText("Sent");
    await expectNoAxeViolations(page);
    await history.getByRole("button", { name: "Send the webhooks again" }).click();
    await expect(page.getByRole("status")).toHaveText("The webhooks are on their way again.");
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    expect(receiver.received[1]?.headers["webhook-id"]).toBe(receiver.received[0]?.headers["webhook-id"]);
    expect(verify(receiver.received[1] as ReceivedWebhook).data.id).toBe(waiting?.id);
  } finally {
    await stopAfterLeaving(page, server);
    await receiver.close().catch(() => {});
  }
});
