import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { type RunningServer, startServer, stopAfterLeaving, instancePort } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";
import { addAuthenticator, enrol, expectNoAxeViolations, invite } from "./workspace-helpers.ts";
import { hostileSvgLogo, jpegWithLocation, pngLogo } from "#tests/helpers/proof-fixtures.ts";

// Proof edited in the workspace (issue 30): an editor adds a case study, two logos, a testimonial
// and a team member with their consent; home and about show them within seconds, still answered
// from memory; an entry without consent is not published; an SVG logo carrying a script comes out
// clean; a photo loses its location; who may edit; axe on the editor's pages.

const consentFrom = "Dana Example, Head of Platform, by e-mail";

test.describe("on an instance of its own", () => {
  test.use({ proxy: async ({ siteProxy }, use) => use(siteProxy.settings), timezoneId: "Europe/Berlin" });

  test("an editor publishes a case study, two logos, a testimonial and a team member with consent: home and about show them within seconds", async ({
    page,
    context,
    siteProxy,
  }) => {
    test.setTimeout(180_000);
    const port = instancePort(20, test.info());
    let server: RunningServer | undefined;
    try {
      server = await startServer({ port });
      siteProxy.sendTo(server);
      const instance = server;
      const text = async (path: string) => (await fetch(`${instance.url}${path}`)).text();
      expect(await text("/")).not.toContain("Selected work");

      const email = `marketing.${Date.now()}@company.example`;
      // The editor's browser gives the workspace its zone (Berlin) with the enrolment.
      await addAuthenticator(context, page);
      await enrol(
        page,
        `${e2eEnv.SITE_URL}${invite({ DATA_DIR: server.dataDir, DATABASE_URL: "" }, email, "admin")}`,
        email,
      );
      await page.getByRole("link", { name: "Proof" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Proof" })).toBeVisible();
      await expectNoAxeViolations(page);

      // A case study, published with its consent.
      await page.getByRole("link", { name: "Add a case study" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("New: a case study");
      await page.getByRole("textbox", { name: "Client", exact: true }).fill("Northwind Freight");
      await page.getByLabel("Industry").fill("Logistics");
      await page.getByLabel("Title").fill("From nightly batches to live tracking");
      await page.getByLabel("The problem").fill("Shipment status reached customers a day late.");
      await page.getByLabel("Our approach").fill("Two of our engineers joined their platform team for a quarter.");
      await page.getByLabel("The outcome").fill("Customers see a parcel's status within a minute.");
      await page.getByLabel("Figure 1: Value").fill("< 1 min");
      await page.getByLabel("Figure 1: What it measures").fill("from scan to customer");
      await page.getByLabel("Consent from").fill(consentFrom);
      await page.getByLabel("Consent given on").fill("2026-03-02");
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect(page.getByText("Published: it is on the site within seconds.")).toBeVisible();
      await expect(page.getByText("Now: Published")).toBeVisible();
      // It has no page of its own: its share image is linked here, a PNG of the published words.
      const shareLink = page.getByRole("link", { name: "Share image (1200×630, for posts about it)" });
      const shareImage = await shareLink.getAttribute("href");
      expect(shareImage).toMatch(/^\/media\/share\/case-studies\/[\w-]+\/[0-9a-f]{32}\.png$/);
      const shared = await page.request.get(shareImage ?? "");
      expect([shared.status(), shared.headers()["content-type"]]).toEqual([200, "image/png"]);
      expect(shared.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      const png = await shared.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      // Saved and published at once: one version, its time in the editor's zone (UTC on hover).
      const versions = page.getByRole("region", { name: "Earlier versions" }).getByRole("listitem");
      await expect(versions).toHaveCount(1);
      await expect(versions.first()).toContainText("Version 1, ");
      const savedAt = versions.first().locator("time");
      await expect(savedAt).toHaveText(/CES?T$/);
      await expect(savedAt).toHaveAttribute("title", /\(.*UTC\)$/);
      await expectNoAxeViolations(page);

      // Two logos: an SVG carrying a script, an onload handler and outside references; a PNG.
      const addLogo = async (name: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
        await page.getByRole("link", { name: "All proof" }).click();
        await page.getByRole("link", { name: "Add a client logo" }).click();
        await page.getByLabel("Client's name").fill(name);
        await page.getByLabel("Logo file").setInputFiles(file);
        await page.getByLabel("Consent from").fill(consentFrom);
        await page.getByLabel("Consent given on").fill("2026-03-02");
        await page.getByRole("button", { name: "Save and publish" }).click();
        await expect(page.getByText("Published: it is on the site within seconds.")).toBeVisible();
      };
      await addLogo("Northwind Freight", {
        name: "northwind.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from(hostileSvgLogo),
      });
      await addLogo("Contoso Health", { name: "contoso.png", mimeType: "image/png", buffer: await pngLogo() });

      // A testimonial without its consent: kept as a draft, refused publishing with the reason.
      await page.getByRole("link", { name: "All proof" }).click();
      await page.getByRole("link", { name: "Add a testimonial" }).click();
      await page.getByLabel("Quote").fill("They worked inside our team, not beside it.");
      await page.getByLabel("Name").fill("Dana Example");
      await page.getByLabel("Role").fill("Head of Platform");
      await page.getByLabel("Company").fill("Northwind Freight");
      await page.getByRole("button", { name: "Create (not published)" }).click();
      await expect(page.getByText("Created. It is not public until you publish it.")).toBeVisible();
      await page.getByRole("link", { name: "All proof" }).click();
      await page.getByRole("button", { name: "Publish Dana Example, Northwind Freight" }).click();
      await expect(page.getByRole("alert")).toContainText("cannot be published without its consent");
      await expect(page.getByRole("row", { name: /^Dana Example, Northwind Freight/ })).toContainText("Not recorded");
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: "Dana Example, Northwind Freight" }).click();
      await page.getByRole("button", { name: "Save and publish" }).click();
      // The reason once, at the consent it needs; the summary at the top points there.
      const summary = "Not published: see what it needs under Consent, below.";
      await expect(page.getByRole("alert")).toHaveText(summary);
      await expect(page.getByText("cannot be published without its consent")).toHaveCount(1);
      await expect(page.getByRole("group", { name: "Consent" })).toHaveAccessibleDescription(
        /cannot be published without its consent/,
      );
      await page.getByRole("link", { name: summary }).click();
      await expect(page).toHaveURL(/#proof-form-consent$/);
      await expectNoAxeViolations(page);
      await page.getByLabel("Consent from").fill(consentFrom);
      await page.getByLabel("Consent given on").fill("2026-03-02");
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect(page.getByText("Published: it is on the site within seconds.")).toBeVisible();

      // A team member whose photo carries the camera and the place it was taken.
      await page.getByRole("link", { name: "All proof" }).click();
      await page.getByRole("link", { name: "Add a team member" }).click();
      await page.getByLabel("Name").fill("Ada Example");
      await page.getByLabel("Role").fill("Principal engineer");
      await page
        .getByLabel("Photo")
        .setInputFiles({ name: "ada.jpg", mimeType: "image/jpeg", buffer: await jpegWithLocation() });
      await page.getByLabel("Consent from").fill("Ada Example herself, in writing");
      await page.getByLabel("Consent given on").fill("2026-03-02");
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect(page.getByText("Published: it is on the site within seconds.")).toBeVisible();
      await expectNoAxeViolations(page);

      // At once on the instance the change was made on (it rendered the pages before answering),
      // from memory (a hash for each inline script, no per-request nonce).
      expect(await text("/about")).toContain("Ada Example");
      const home = await fetch(`${server.url}/`);
      expect(home.headers.get("content-security-policy")).not.toContain("nonce-");
      const html = await home.text();
      for (const shown of [
        "Selected work",
        "From nightly batches to live tracking",
        'alt="Northwind Freight"',
        'alt="Contoso Health"',
        "They worked inside our team, not beside it.",
      ])
        expect(html, shown).toContain(shown);
      expect(await text("/about")).toContain("They worked inside our team, not beside it.");
      await page.goto(`${e2eEnv.SITE_URL}/`);
      const logos = page.getByRole("region", { name: "Clients we work with" }).getByRole("img");
      await expect(logos).toHaveCount(2);
      for (const logo of await logos.all()) {
        await expect(logo).toHaveAttribute("loading", "lazy");
        await expect(logo).toHaveAttribute("width", /^\d+$/);
        await expect(logo).toHaveAttribute("height", /^\d+$/);
      }

      // The SVG logo as served: clean, an image that runs and loads nothing, cached for a year.
      const svgPath = html.match(/src="(\/media\/[0-9a-f]{32}\.svg)"/)?.[1];
      expect(svgPath).toBeTruthy();
      const svg = await fetch(`${server.url}${svgPath}`);
      expect(svg.headers.get("content-type")).toBe("image/svg+xml");
      expect(svg.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(svg.headers.get("x-content-type-options")).toBe("nosniff");
      expect(svg.headers.get("content-security-policy")).toContain("default-src 'none'");
      const body = await svg.text();
      for (const gone of ["<script", "onload", "onclick", "foreignObject", "tracker.example", "javascript:"])
        expect(body, gone).not.toContain(gone);
      expect(body).toContain("Northwind &amp; Co");

      // The photo as served, for ordinary and for sharp screens: WebP, square, without EXIF (no
      // camera, no place).
      const srcSet = (await text("/about")).match(/srcSet="([^"]+)"/i)?.[1] ?? "";
      const sources = [...srcSet.matchAll(/(\/media\/[0-9a-f]{32}(?:-1x)?\.webp) ([12])x/g)];
      expect(sources.map((source) => source[2])).toEqual(["1", "2"]);
      for (const [, path, density] of sources) {
        const photo = Buffer.from(await (await fetch(`${server.url}${path}`)).arrayBuffer());
        const metadata = await sharp(photo).metadata();
        const side = density === "1" ? 80 : 160;
        expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
          "webp",
          side,
          side,
          undefined,
        ]);
      }

      // Every change is in the audit trail.
      await page.goto(`${e2eEnv.SITE_URL}/workspace/audit`);
      // Read as sentences, each entry named as the proof list names it.
      for (const sentence of [
        /^Added the (client logo|case study|testimonial|team member) .+ to the proof$/,
        /^Published the .+/,
      ])
        await expect(page.getByRole("cell", { name: sentence }).first()).toBeVisible();
    } finally {
      await stopAfterLeaving(page, ...(server ? [server] : []));
    }
  });
});

test("a member without the right gets 403 on every proof page and action", async ({
  page,
  context,
  browser,
  storage,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const adminEmail = `proof-admin.${stamp}@company.example`;
  const memberEmail = `proof-member.${stamp}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, memberEmail, "member"), memberEmail);
  await expect(page.getByRole("link", { name: "Proof" })).toHaveCount(0);

  // An admin keeps a draft (never public) for the member to try.
  const admin = await browser.newContext();
  try {
    const adminPage = await admin.newPage();
    await addAuthenticator(admin, adminPage);
    await enrol(adminPage, `${e2eEnv.SITE_URL}${invite(storage, adminEmail, "admin")}`, adminEmail);
    await adminPage.goto(`${e2eEnv.SITE_URL}/workspace/proof/new/testimonial`);
    await adminPage.getByLabel("Quote").fill("A draft nobody else may see.");
    await adminPage.getByLabel("Name").fill("Draft Example");
    await adminPage.getByLabel("Role").fill("Tester");
    await adminPage.getByLabel("Company").fill("Example");
    await adminPage.getByRole("button", { name: "Create (not published)" }).click();
    await expect(adminPage.getByText("Created.")).toBeVisible();
    const entry = new URL(adminPage.url()).pathname;

    for (const address of ["/workspace/proof", "/workspace/proof/new/logo", entry, `${entry}/preview`]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(403);
    }
    const posts: Array<[string, Record<string, string>]> = [
      ["/workspace/proof", { intent: "publish", id: entry.split("/").pop()! }],
      ["/workspace/proof/new/logo", { intent: "save", name: "Sneaky" }],
      [entry, { intent: "delete" }],
    ];
    for (const [address, form] of posts) {
      const response = await page.request.post(address, {
        form,
        headers: { Origin: e2eEnv.SITE_URL, "Sec-Fetch-Site": "same-origin" },
      });
      expect(response.status(), address).toBe(403);
    }
    // Nothing changed: the draft is still there, unpublished.
    await adminPage.goto(`${e2eEnv.SITE_URL}${entry}`);
    await expect(adminPage.getByText("Now: Not published")).toBeVisible();
  } finally {
    await admin.close();
  }
});

test("deleting an entry asks first, with JavaScript off: Cancel keeps it, only the confirmation deletes", async ({
  page,
  context,
  browser,
  storage,
}) => {
  test.setTimeout(120_000);
  const email = `proof-delete.${Date.now()}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email, "admin"), email);
  await page.goto("/workspace/proof/new/case-study");
  const client = `Delete Example ${Date.now()}`;
  await page.getByRole("textbox", { name: "Client", exact: true }).fill(client);
  await page.getByLabel("Title").fill("A study to delete");
  await page.getByLabel("The problem").fill("A problem.");
  await page.getByLabel("Our approach").fill("An approach.");
  await page.getByLabel("The outcome").fill("An outcome.");
  await page.getByRole("button", { name: "Create (not published)" }).click();
  await expect(page.getByText("Created.")).toBeVisible();
  const entry = new URL(page.url()).pathname;

  // A delete posted without the confirmation (an old page, a script) only leads to it.
  const unconfirmed = await page.request.post(entry, {
    form: { intent: "delete" },
    headers: { Origin: e2eEnv.SITE_URL, "Sec-Fetch-Site": "same-origin" },
  });
  expect(new URL(unconfirmed.url()).search).toBe("?delete");

  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  try {
    const plain = await noScript.newPage();
    await plain.goto(`${e2eEnv.SITE_URL}${entry}`);
    const question = `Delete the case study “${client}: A study to delete”? This cannot be undone.`;
    await expect(plain.getByRole("heading", { name: question })).toHaveCount(0);
    await plain.getByRole("button", { name: "Delete this entry" }).click();
    await expect(plain.getByRole("heading", { name: question })).toBeVisible();
    await plain.getByRole("link", { name: "Cancel" }).click();
    await expect(plain.getByRole("heading", { name: question })).toHaveCount(0);
    await expect(plain.getByText("Now: Not published")).toBeVisible();

    await plain.getByRole("button", { name: "Delete this entry" }).click();
    await plain.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(plain.getByText("Deleted.")).toBeVisible();
    await expect(plain.getByRole("link", { name: `${client}: A study to delete` })).toHaveCount(0);
    expect((await plain.goto(`${e2eEnv.SITE_URL}${entry}`))?.status()).toBe(404);
  } finally {
    await noScript.close();
  }
});
