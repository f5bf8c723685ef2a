import type { Page } from "@playwright/test";
import { careers } from "#app/careers/careers-content.ts";
import { exportSubmissions, expect, mailContaining, type ShownPosting, test } from "./fixtures.ts";

// What a visitor sees follows the postings in the database and the server's clock (the
// postings-closed project runs this file again with every posting closed; careers-closed.spec.ts
// is what that state shows, postings.spec.ts what editing them does).

test("each open posting has its own page with its JobPosting data; the listing has none", async ({
  page,
  openPostings,
}) => {
  for (const job of openPostings) {
    const response = await page.goto(`/careers/${job.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(job.title);
    // The description's sections, written in Markdown.
    await expect(page.getByRole("heading", { level: 2, name: "What you will do" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What we are looking for" })).toBeVisible();
    await expect(page.getByRole("complementary")).toContainText(job.location);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(data).toMatchObject({
      "@type": "JobPosting",
      title: job.title,
      employmentType: "FULL_TIME",
      directApply: true,
    });
    // Open for the seeded window from the database's first start, to the end of its last day.
    expect(data.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59\.999Z$/);
    expect(new Date(data.validThrough).getTime()).toBeGreaterThan(Date.now());
    await expect(page.getByRole("link", { name: `Apply Now for ${job.title}` })).toHaveAttribute(
      "href",
      `/careers/${job.slug}/apply`,
    );
  }
  await page.goto("/careers");
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
});

/** Where a visitor applies: the last open posting, or the general application once none is open. */
function applyTarget(openPostings: ShownPosting[]) {
  const job = openPostings.at(-1);
  return job
    ? {
        link: `Apply Now for ${job.title}`,
        heading: `Apply: ${job.title}`,
        sentHeading: `Application sent: ${job.title}`,
        path: `/careers/${job.slug}/apply`,
        slug: job.slug,
        subject: `Application: ${job.title}`,
      }
    : {
        link: "Send General Application",
        heading: "Send a general application",
        sentHeading: "General application sent",
        path: "/careers/apply",
        slug: null,
        subject: "Application: General application",
      };
}

function applicant() {
  const tag = Math.random().toString(36).slice(2, 10);
  return {
    firstName: "Katherine",
    lastName: `Johnson ${tag}`,
    email: `katherine.${tag}@example.com`,
    phone: "+1 555 0100",
    location: "Hampton, Virginia",
    // As people write it, without https://: stored with it.
    linkedin: `linkedin.com/in/katherine-${tag}`,
    github: `https://github.com/katherine-${tag}`,
    portfolio: "https://katherine.example.com",
    coverNote: "I calculate trajectories.\nAnd I check the computer's work.",
  };
}

const resume = (text: string) => Buffer.from(`%PDF-1.4\n% resume of ${text}\n%%EOF\n`, "latin1");

async function fillApplication(page: Page, person: ReturnType<typeof applicant>) {
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Phone number").fill(person.phone);
  await page.getByLabel("Where you are based").fill(person.location);
  await page.getByLabel("LinkedIn profile").fill(person.linkedin);
  await page.getByLabel("GitHub profile").fill(person.github);
  await page.getByLabel("Portfolio or website").fill(person.portfolio);
  await page.getByLabel("Cover note").fill(person.coverNote);
  await page.getByLabel(/I agree that .* stores and processes my application/).check();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an application to a posting (the general one once none is open) is stored with its resume and notified", async ({
      page,
      storage,
      hydrated,
      openPostings,
    }) => {
      const person = applicant();
      const target = applyTarget(openPostings);
      await page.goto("/careers");
      await page.getByRole("link", { name: target.link }).click();
      await hydrated();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
      await fillApplication(page, person);
      await page
        .getByLabel("Resume")
        .setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: resume(person.email) });
      await page.getByRole("button", { name: "Send application" }).click();
      await expect(page).toHaveURL(`${target.path}?sent=1#confirmation`);
      await expect(page.getByRole("heading", { name: "Thank you, your application is on its way" })).toBeVisible();
      // The heading says it is sent; what was received and what happens next are said once.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.sentHeading);
      await expect(page.getByText(careers.application.introGeneral)).toHaveCount(0);
      await expect(page.getByText(careers.application.confirmation.message)).toHaveCount(1);
      await page.reload();
      await expect(page.getByRole("heading", { name: "Thank you, your application is on its way" })).toBeVisible();

      const stored = exportSubmissions(storage, "application").filter(
        (submission) => submission.fields.email === person.email,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        kind: "application",
        job: target.slug,
        status: "received",
        fields: { ...person, linkedin: `https://${person.linkedin}`, consent: "yes", futureConsent: "no" },
        attachments: [{ name: "resume.pdf", size: resume(person.email).length, type: "application/pdf" }],
      });
      const [eml] = await mailContaining(storage, person.lastName);
      expect(eml).toMatch(new RegExp(`^Subject: ${target.subject}, Katherine Johnson`, "m"));
      expect(eml).toContain(`Reply-To: ${person.email}`);
      expect(eml).toContain("resume.pdf");
    });

    test("invalid links and a disguised resume are explained, and every value is kept", async ({
      page,
      storage,
      hydrated,
      openPostings,
    }) => {
      const person = { ...applicant(), github: "javascript:alert(1)" };
      await page.goto(applyTarget(openPostings).path);
      await hydrated();
      await fillApplication(page, person);
      await page.getByLabel("Keep my application for up to 12 months").check();
      await page.getByLabel("Resume").setInputFiles({
        name: "resume.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00", "latin1"),
      });
      await page.getByRole("button", { name: "Send application" }).click();
      const github = page.getByLabel("GitHub profile");
      await expect(github).toHaveAttribute("aria-invalid", "true");
      await expect(
        page.getByText("Please enter a web address, like linkedin.com/in/your-name, or leave this empty."),
      ).toBeVisible();
      await expect(github).toBeFocused();
      for (const [label, value] of [
        ["First name", person.firstName],
        ["Last name", person.lastName],
        ["Email", person.email],
        ["Where you are based", person.location],
        ["LinkedIn profile", person.linkedin],
        ["GitHub profile", person.github],
        ["Cover note", person.coverNote],
      ] as const) {
        await expect(page.getByLabel(label)).toHaveValue(value);
      }
      await expect(page.getByLabel(/I agree that/)).toBeChecked();
      await expect(page.getByLabel("Keep my application for up to 12 months")).toBeChecked();
      expect(
        exportSubmissions(storage, "application").filter((submission) => submission.fields.email === person.email),
      ).toEqual([]);

      // With the link corrected, the server checks the file itself.
      await page.getByLabel("GitHub profile").fill("https://github.com/katherine");
      await page.getByLabel("Resume").setInputFiles({
        name: "resume.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00", "latin1"),
      });
      await page.getByRole("button", { name: "Send application" }).click();
      await expect(page.getByText("resume.pdf is not a file type we accept")).toBeVisible();
      await expect(page.getByLabel("Last name")).toHaveValue(person.lastName);
    });
  });
}

test("a general application has no posting and reaches the same list", async ({ page, storage }) => {
  const person = applicant();
  await page.goto("/careers");
  await page.getByRole("link", { name: "Send General Application" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Send a general application");
  await fillApplication(page, person);
  await page.getByLabel("Keep my application for up to 12 months").check();
  await page.getByLabel("Resume").setInputFiles({
    name: "cv.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Katherine Johnson\nMathematician\n"),
  });
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your application is on its way" })).toBeVisible();
  const [stored] = exportSubmissions(storage, "application").filter(
    (submission) => submission.fields.email === person.email,
  );
  expect(stored).toMatchObject({
    job: null,
    // The choice kept with the words agreed to (its version); its time is the application's.
    fields: {
      futureConsent: "yes",
      futureConsentWording: "Keep my application for up to 12 months and contact me about future openings.",
    },
    attachments: [{ name: "cv.txt", type: "text/plain" }],
  });
  await mailContaining(storage, "Application: General application");
});

for (const screen of [
  { name: "a phone", width: 390, height: 844 },
  { name: "a wide screen", width: 1280, height: 900 },
]) {
  test(`on ${screen.name} a link near the top jumps to the open positions`, async ({ page, openPostings }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto("/careers");
    const jump = page.getByRole("link", { name: /^See the open positions \(\d+\)$/ });
    if (!openPostings.length) {
      // Nothing to jump to: no link, and the positions' section says so.
      await expect(jump).toHaveCount(0);
      await expect(page.getByText(careers.openings.none)).toBeVisible();
      return;
    }
    await expect(jump).toHaveAccessibleName(`See the open positions (${openPostings.length})`);
    await expect(jump).toBeVisible();
    await jump.click();
    await expect(page).toHaveURL(/#openings-title$/);
    await expect(page.getByRole("heading", { name: "Open positions" })).toBeInViewport();
  });
}

test("each posting's title on its card is an underlined link to the posting", async ({ page, openPostings }) => {
  await page.goto("/careers");
  for (const job of openPostings) {
    const title = page.getByRole("heading", { level: 3, name: job.title }).getByRole("link");
    await expect(title).toHaveAttribute("href", `/careers/${job.slug}`);
    await expect(title).toHaveCSS("text-decoration-line", "underline");
  }
  const job = openPostings[0];
  if (!job) return;
  await page.getByRole("link", { name: job.title, exact: true }).click();
  await expect(page).toHaveURL(`/careers/${job.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(job.title);
});
