import { careers } from "#app/careers/careers-content.ts";
import { config, expect, sitePages, test } from "./fixtures.ts";

// The strings the brief quotes, page by page, verbatim.
const specCopy: Record<string, string[]> = {
  "/": [
    "Top-Rated Custom Software Development Services",
    "Tailored solutions, built for scale.",
    "Trusted by the World's Leading Companies",
    "IT Infrastructure Consulting",
    "Cybersecurity Audits",
    "Software Development Support",
    "Data Analytics & AI Integration",
  ],
  "/about": ["From Cloud to AI—We Help You Engineer with Purpose", "co-engineering delivery model"],
  "/features": [
    "Comprehensive Problem Library",
    "Over 500 problems",
    "AI-Powered Learning Paths",
    "Advanced Analytics",
    "Community & Mentorship",
    "Interview Simulations",
    "Mobile-First Experience",
    "Quick Practice Mode",
    "5-15 minutes",
    "Learning Resources",
    "Real-Time Feedback",
    "Performance Insights",
    "See It in Action",
    "Coding Interview Preparation",
    "System Design Preparation",
    "Download for iOS",
    "Download for Android",
  ],
  // The postings as the brief lists them show while they are open (derived from the content and
  // the server's clock below).
  "/careers": ["Send General Application"],
  "/contact": [
    "What will happen next?",
    "24 hours",
    "Free technical consultation",
    "30 Min Meeting",
    "Select a day",
    "Your Name",
    "Your Email",
    "Your Phone Number",
    "Company Name or Website",
    "Describe Your Project Briefly",
    "Please Choose the Budget",
    "Upload Files",
    "How Did You Hear About Us",
  ],
};

// Tagged @any-date: what does not show the postings is the same on the postings-closed server, so
// it runs on the sqlite project alone (playwright.config.ts, docs/decisions/039-e2e-scope.md).
const anyDate = { tag: "@any-date" };

for (const path of sitePages) {
  // /careers lists the postings open at the server's time.
  const details = path === "/careers" ? {} : anyDate;
  test(`${path} shows its copy inside the navigation bar and footer`, details, async ({ page, openPostings }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const main = page.getByRole("main");
    const postings =
      path === "/careers" ? openPostings.flatMap((job) => [job.title, job.salary, job.location, job.type]) : [];
    for (const text of [...(specCopy[path] ?? []), ...postings])
      await expect(main.getByText(text, { exact: false }).first()).toBeVisible();

    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/download");
    await expect(page.getByRole("banner").getByRole("link", { name: /home/i })).toHaveAttribute("href", "/");

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(footer.getByRole("link", { name: "About", exact: true })).toHaveAttribute("href", "/about");
    await expect(footer.getByRole("link", { name: config.contactEmail })).toHaveAttribute(
      "href",
      `mailto:${config.contactEmail}`,
    );
    await expect(footer.getByRole("link", { name: /linkedin/i })).toHaveAttribute("href", config.socialUrl);
    await expect(footer).toContainText("© 2024");
  });
}

test(
  "/about's figures sit under a heading, each with a label that reads naturally before or after it",
  anyDate,
  async ({ page }) => {
    await page.goto("/about");
    const figures = page.getByRole("region", { name: "Lumen in figures" });
    await expect(figures.getByRole("heading", { level: 2 })).toHaveText("Lumen in figures");
    // Seen, the figure stands above its label; read out, the label comes first (the list's order).
    await expect(figures.getByRole("term")).toHaveText([
      "The year we began engineering with our clients",
      "Industries we serve, from fintech to the public sector",
      "The longest we take to reply to a new inquiry",
    ]);
    await expect(figures.getByRole("definition")).toHaveText(["2018", "6", "24 h"]);
  },
);

test("the About link is marked as the current page only on /about", anyDate, async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.goto("/features");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })).not.toHaveAttribute(
    "aria-current",
    /.*/,
  );
});

test("the careers page lists the open postings, each with Apply Now, or says none is open; the general application is always there", async ({
  page,
  openPostings,
}) => {
  await page.goto("/careers");
  const postings = page
    .getByRole("region", { name: careers.openings.title })
    .getByRole("listitem")
    .getByRole("heading", { level: 3 });
  await expect(postings).toHaveText(openPostings.map((job) => job.title));
  await expect(page.getByRole("link", { name: /^Apply Now/ })).toHaveCount(openPostings.length);
  for (const job of openPostings) {
    await expect(page.getByRole("link", { name: `Apply Now for ${job.title}` })).toHaveAttribute(
      "href",
      `/careers/${job.slug}/apply`,
    );
    await expect(page.getByRole("link", { name: job.title, exact: true })).toHaveAttribute(
      "href",
      `/careers/${job.slug}`,
    );
  }
  await expect(page.getByText(careers.openings.none)).toHaveCount(openPostings.length ? 0 : 1);
  await expect(page.getByRole("link", { name: "Send General Application" })).toHaveAttribute("href", "/careers/apply");
});

test("the contact form has the brief's fields, types and required rules", anyDate, async ({ page }) => {
  await page.goto("/contact");
  const form = page.locator("form#contact-form");
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("enctype", "multipart/form-data");
  const expectations: Array<[string, string, string, boolean]> = [
    ["Your Name", "name", "text", true],
    ["Your Email", "email", "email", true],
    ["Your Phone Number", "phone", "tel", false],
    ["Company Name or Website", "company", "text", false],
    ["How Did You Hear About Us", "source", "text", false],
    ["Upload Files", "attachments", "file", false],
  ];
  for (const [label, name, type, required] of expectations) {
    const field = form.getByLabel(label);
    await expect(field).toHaveAttribute("name", name);
    await expect(field).toHaveAttribute("type", type);
    if (required) await expect(field).toHaveAttribute("required", "");
    else await expect(field).not.toHaveAttribute("required", /.*/);
  }
  const project = form.getByLabel("Describe Your Project Briefly");
  await expect(project).toHaveAttribute("name", "project");
  await expect(project).toHaveAttribute("rows", "4");
  await expect(project).toHaveAttribute("required", "");
  const budget = form.getByLabel("Please Choose the Budget");
  await expect(budget).toHaveAttribute("name", "budget");
  await expect(budget).toHaveAttribute("required", "");
  await expect(budget).toHaveValue("");
  const values = await budget
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(values).toEqual(["", "under-10k", "10k-25k", "25k-50k", "50k-100k", "over-100k"]);
});

test("store buttons link to a configured store and show 'coming soon' for the other", anyDate, async ({ page }) => {
  // The test server configures the App Store link only (tests/e2e/server-env.ts).
  await page.goto("/download");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute(
    "href",
    config.appStoreUrl ?? "",
  );
  await expect(main.getByText("Coming soon to Google Play")).toBeVisible();
  await expect(main.getByRole("link", { name: "Get it on Google Play" })).toHaveCount(0);

  await page.goto("/features");
  await expect(main.getByRole("link", { name: "Download for iOS" })).toHaveAttribute("href", config.appStoreUrl ?? "");
  await expect(main.getByRole("link", { name: "Download for Android" })).toHaveAttribute("href", "/download");
});
