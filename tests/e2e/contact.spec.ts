import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { exportSubmissions, expect, mailContaining, closePrivacyBanner, test } from "./fixtures.ts";

// Runs against the SQLite server, and every test that stores data (a submission, its files, the
// spam verdict, the rate limit's counts) against the PostgreSQL server too (playwright.config.ts
// projects). A test tagged @no-storage is answered by the browser or refused before its submission
// is stored (its post's one write, the rate limit's count, is the 429 test's on both engines): the
// same code on either engine, so it runs on SQLite only (docs/decisions/039-e2e-scope.md).
const noStorage = { tag: "@no-storage" };

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, "latin1");

/**
 * A PDF of `name` padded to `megabytes`, written to the test's output folder: set from disk, a
 * large file does not cross Playwright's protocol base64-encoded (over 30 s on a slow host).
 */
function largePdf(name: string, megabytes: number) {
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, Buffer.concat([pdf(name), Buffer.alloc(megabytes * 1024 * 1024)]));
  return file;
}
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function visitor() {
  const tag = Math.random().toString(36).slice(2, 10);
  return {
    name: `Grace Hopper ${tag}`,
    email: `grace.${tag}@example.com`,
    phone: "+1 (555) 010-2030",
    company: "Compilers & Co",
    project: `We need a compiler for business programs.\nSecond line, with <b>markup</b> & symbols. ${tag}`,
    budget: "25k-50k",
    source: "A conference talk",
  };
}

async function openContact(page: Page, hydrated: () => Promise<void>) {
  await page.goto("/contact");
  await closePrivacyBanner(page);
  await hydrated();
}

async function fillForm(page: Page, person: ReturnType<typeof visitor>) {
  await page.getByLabel("Your Name").fill(person.name);
  await page.getByLabel("Your Email").fill(person.email);
  await page.getByLabel("Your Phone Number").fill(person.phone);
  await page.getByLabel("Company Name or Website").fill(person.company);
  await page.getByLabel("Describe Your Project Briefly").fill(person.project);
  await page.getByLabel("Please Choose the Budget").selectOption(person.budget);
  await page.getByLabel("How Did You Hear About Us").fill(person.source);
}

async function expectFormKeeps(page: Page, person: ReturnType<typeof visitor>, except: string[] = []) {
  const fields: Array<[string, string]> = [
    ["Your Name", person.name],
    ["Your Email", person.email],
    ["Your Phone Number", person.phone],
    ["Company Name or Website", person.company],
    ["Describe Your Project Briefly", person.project],
    ["Please Choose the Budget", person.budget],
    ["How Did You Hear About Us", person.source],
  ];
  for (const [label, value] of fields)
    if (!except.includes(label)) await expect(page.getByLabel(label)).toHaveValue(value);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an inquiry with two files is stored, confirmed and notified, and a reload sends nothing again", async ({
      page,
      storage,
      hydrated,
    }) => {
      const person = visitor();
      await openContact(page, hydrated);
      await fillForm(page, person);
      await page.getByLabel("Upload Files").setInputFiles([
        { name: "brief.pdf", mimeType: "application/pdf", buffer: pdf(person.email) },
        { name: "wireframe.png", mimeType: "image/png", buffer: png },
      ]);
      await page.getByRole("button", { name: "Send message" }).click();

      await expect(page).toHaveURL(/\/contact\?sent=1#confirmation$/);
      const confirmation = page.getByRole("heading", { name: "Thank you, your message is on its way" });
      await expect(confirmation).toBeVisible();
      await expect(
        page.getByText("We have received your inquiry and will get back to you within 24 hours."),
      ).toBeVisible();
      // The heading takes focus, so it is read out, and is in view, clear of the sticky header.
      await expect(confirmation).toBeFocused();
      await expect(confirmation).toBeInViewport();
      const header = await page.getByRole("banner").boundingBox();
      await expect
        .poll(async () => (await confirmation.boundingBox())?.y)
        .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
      // The page says what happens next once, under a hero that no longer asks for details.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your project is with us");
      await expect(page.getByText("Share a few details")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "What will happen next?" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
      for (const step of ["Free technical consultation", "Connect with our tech team", "Onboarding the team"])
        await expect(page.getByRole("heading", { name: step })).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Select a day" })).toBeVisible();
      await page.reload();
      await expect(page.getByRole("heading", { name: "Thank you, your message is on its way" })).toBeVisible();

      const stored = exportSubmissions(storage).filter((submission) => submission.fields.email === person.email);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        kind: "contact",
        status: "received",
        fields: {
          name: person.name,
          email: person.email,
          phone: person.phone,
          company: person.company,
          project: person.project,
          budget: person.budget,
          source: person.source,
        },
        attachments: [
          { name: "brief.pdf", size: pdf(person.email).length, type: "application/pdf" },
          { name: "wireframe.png", size: png.length, type: "image/png" },
        ],
      });
      expect(stored[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const [eml] = await mailContaining(storage, person.name);
      expect(eml).toMatch(/^To: hello@example\.com$/m);
      expect(eml).toContain(`Reply-To: ${person.email}`);
      expect(eml).toContain("brief.pdf");
      expect(eml).toContain("&lt;b&gt;markup&lt;/b&gt;"); // the visitor's text is escaped in the HTML part
    });

    test(
      "invalid input is explained beside each field and every value is kept",
      noStorage,
      async ({ page, storage, hydrated }) => {
        const person = { ...visitor(), phone: "call me maybe" };
        await openContact(page, hydrated);
        await fillForm(page, person);
        await page.getByLabel("Your Name").fill("   "); // passes the browser's `required`, not ours
        await page.getByRole("button", { name: "Send message" }).click();

        const name = page.getByLabel("Your Name");
        await expect(name).toHaveAttribute("aria-invalid", "true");
        const nameError = page.locator(`#${await name.getAttribute("aria-describedby")}`);
        await expect(nameError).toHaveText("Please enter your name.");
        const phone = page.getByLabel("Your Phone Number");
        await expect(phone).toHaveAttribute("aria-invalid", "true");
        await expect(page.locator(`#${await phone.getAttribute("aria-describedby")}`)).toHaveText(
          "Please enter a phone number using digits, spaces and + ( ) - . only.",
        );
        await expect(name).toBeFocused();
        await expectFormKeeps(page, person, ["Your Name"]);
        await expect(page).toHaveURL(/\/contact$/);
        expect(exportSubmissions(storage).filter((submission) => submission.fields.email === person.email)).toEqual([]);
      },
    );

    test(
      "a disguised file is refused by its content, with the rest of the form kept",
      noStorage,
      async ({ page, storage, hydrated }) => {
        const person = visitor();
        await openContact(page, hydrated);
        await fillForm(page, person);
        await page.getByLabel("Upload Files").setInputFiles({
          name: "invoice.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
        });
        await page.getByRole("button", { name: "Send message" }).click();
        const files = page.getByLabel("Upload Files");
        await expect(files).toHaveAttribute("aria-invalid", "true");
        await expect(
          page.locator(`#${(await files.getAttribute("aria-describedby"))?.split(" ").at(-1)}`),
        ).toContainText("invoice.pdf is not a file type we accept");
        await expectFormKeeps(page, person);
        expect(exportSubmissions(storage).filter((submission) => submission.fields.email === person.email)).toEqual([]);
      },
    );

    test(
      "a text file named to run as a program is refused by its name, the kinds accepted named beside the field, the rest kept",
      noStorage,
      async ({ page, storage, hydrated }) => {
        const person = visitor();
        await openContact(page, hydrated);
        await fillForm(page, person);
        await page.getByLabel("Upload Files").setInputFiles({
          name: "project-brief.hta",
          mimeType: "application/hta",
          buffer: Buffer.from("<script>alert(1)</script>\n"),
        });
        await page.getByRole("button", { name: "Send message" }).click();
        const files = page.getByLabel("Upload Files");
        await expect(files).toHaveAttribute("aria-invalid", "true");
        await expect(page.locator(`#${(await files.getAttribute("aria-describedby"))?.split(" ").at(-1)}`)).toHaveText(
          "project-brief.hta is not a file type we accept: please attach PDF, Word, PowerPoint, Excel, text (TXT, MD or CSV), PNG, JPG or ZIP files, each with its usual ending.",
        );
        await expectFormKeeps(page, person);
        expect(exportSubmissions(storage).filter((submission) => submission.fields.email === person.email)).toEqual([]);
      },
    );

    test(
      "six files are answered with the limit of five, beside the field, the rest kept",
      noStorage,
      async ({ page, storage, hydrated }) => {
        const person = visitor();
        await openContact(page, hydrated);
        await fillForm(page, person);
        await page.getByLabel("Upload Files").setInputFiles(
          ["a", "b", "c", "d", "e", "f"].map((letter) => ({
            name: `part-${letter}.txt`,
            mimeType: "text/plain",
            buffer: Buffer.from(`Part ${letter}\n`),
          })),
        );
        await page.getByRole("button", { name: "Send message" }).click();
        const files = page.getByLabel("Upload Files");
        await expect(files).toHaveAttribute("aria-invalid", "true");
        await expect(page.locator(`#${(await files.getAttribute("aria-describedby"))?.split(" ").at(-1)}`)).toHaveText(
          "Please attach at most 5 files.",
        );
        await expect(page.getByText("10 MB in total).")).toHaveCount(0);
        await expectFormKeeps(page, person);
        expect(exportSubmissions(storage).filter((submission) => submission.fields.email === person.email)).toEqual([]);
      },
    );
  });
}

test("a file name's direction controls are gone wherever it is shown: stored, listed and in the team's e-mail", async ({
  page,
  storage,
  hydrated,
}) => {
  const person = visitor();
  await openContact(page, hydrated);
  await fillForm(page, person);
  // Reads as "brieftxt.pdf" with the override in place.
  await page.getByLabel("Upload Files").setInputFiles({
    name: "brief\u202Efdp.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(`Plan for ${person.email}\n`),
  });
  const sent = page.waitForRequest((request) => request.method() === "POST");
  await page.getByRole("button", { name: "Send message" }).click();
  // The browser sends the name as chosen, override included: the server is what cleans it.
  expect((await sent).postDataBuffer()?.includes(Buffer.from('filename="brief\u202Efdp.txt"'))).toBe(true);
  await expect(page.getByRole("heading", { name: "Thank you, your message is on its way" })).toBeVisible();
  const [stored] = exportSubmissions(storage).filter((submission) => submission.fields.email === person.email);
  expect(stored?.attachments).toEqual([
    { name: "brieffdp.txt", size: Buffer.byteLength(`Plan for ${person.email}\n`), type: "text/plain" },
  ]);
  const [eml] = await mailContaining(storage, person.name);
  expect(eml).toContain("brieffdp.txt");
  expect(eml).not.toContain("\u202E");
  expect(eml).not.toContain("=E2=80=AE"); // nor quoted-printable
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "files over 10 MB answer 413 with a clear message and the form kept",
    noStorage,
    async ({ page, storage, hydrated }) => {
      const person = visitor();
      await openContact(page, hydrated);
      await fillForm(page, person);
      // Just over: within the megabyte the request may carry beyond its files (server/body-limit.ts).
      await page.getByLabel("Upload Files").setInputFiles(largePdf("huge", 10));
      const response = page.waitForResponse((res) => res.request().method() === "POST");
      await page.getByRole("button", { name: "Send message" }).click();
      expect((await response).status()).toBe(413);
      await expect(page.getByRole("alert")).toContainText("Your files were too large to upload (10 MB in total).");
      await expect(page.getByText("Your files add up to more than 10 MB")).toBeVisible();
      await expectFormKeeps(page, person);
      expect(exportSubmissions(storage).filter((submission) => submission.fields.email === person.email)).toEqual([]);
    },
  );

  test(
    "a request far over the limit is refused while it is sent, with the site's 413 page",
    noStorage,
    async ({ page, storage, hydrated }) => {
      const person = visitor();
      await openContact(page, hydrated);
      await fillForm(page, person);
      await page.getByLabel("Upload Files").setInputFiles(largePdf("video", 40));
      const response = page.waitForResponse((res) => res.request().method() === "POST");
      await page.getByRole("button", { name: "Send message" }).click();
      expect((await response).status()).toBe(413);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("That was too much to send");
      expect(exportSubmissions(storage).filter((submission) => submission.fields.email === person.email)).toEqual([]);
    },
  );

  test("a bot that fills the hidden field is told 'thank you' and stored as spam, not notified", async ({
    page,
    storage,
    hydrated,
  }) => {
    const person = visitor();
    await openContact(page, hydrated);
    await fillForm(page, person);
    await page.locator('input[name="website"]').fill("http://spam.example", { force: true });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, your message is on its way" })).toBeVisible();
    const [stored] = exportSubmissions(storage).filter((submission) => submission.fields.email === person.email);
    expect(stored).toMatchObject({ status: "spam", spamReason: "honeypot" });
  });
});

test(
  "with JavaScript on, the browser checks the form before sending and focuses the first problem",
  noStorage,
  async ({ page, hydrated }) => {
    await openContact(page, hydrated);
    await page.getByLabel("Your Email").fill("not-an-address");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByLabel("Your Name")).toBeFocused();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(page.getByText("Please enter a valid e-mail address, like name@example.com.")).toBeVisible();
    await expect(page.getByLabel("Your Email")).toHaveValue("not-an-address");
    expect(posted).toBe(false);
  },
);

test("what was typed survives a cookie choice, made in the page", noStorage, async ({ page, hydrated }) => {
  await page.goto("/contact");
  await hydrated();
  await page.getByLabel("Your Name").fill("Grace Hopper");
  await page.getByLabel("Describe Your Project Briefly").fill("A compiler for business data processing.");
  await page.getByRole("region", { name: "We value your privacy" }).getByRole("button", { name: "Accept All" }).click();
  await expect(page.getByRole("region", { name: "We value your privacy" })).toBeHidden();
  await hydrated();
  await expect(page.getByLabel("Your Name")).toHaveValue("Grace Hopper");
  await expect(page.getByLabel("Describe Your Project Briefly")).toHaveValue(
    "A compiler for business data processing.",
  );
});

test(
  "the scripts start when the visitor starts typing, and what was typed before React took over is kept and checked",
  noStorage,
  async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);

    // Typed at once, as fast as a keyboard can: the first key starts the scripts.
    await page.getByLabel("Your Email").pressSequentially("not-an-address");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(scripts.length).toBeGreaterThan(0);
    await expect(page.getByLabel("Your Email")).toHaveValue("not-an-address");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter a valid e-mail address, like name@example.com.")).toBeVisible();
    await expect(page.getByLabel("Your Email")).toHaveValue("not-an-address");
    expect(posted).toBe(false);
  },
);

test("too many posts from one client answer 429 with Retry-After and the form kept", async ({ request }) => {
  const person = visitor();
  const post = () =>
    request.post("/contact", {
      multipart: { name: person.name, email: "not-valid", project: person.project, budget: person.budget },
      maxRedirects: 0,
    });
  for (let attempt = 1; attempt <= 5; attempt += 1) expect((await post()).status()).toBe(400);
  const limited = await post();
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  const html = await limited.text();
  expect(html).toContain("You have sent several messages in a short time.");
  expect(html).toContain(person.name);
});
