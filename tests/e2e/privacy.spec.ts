import { config, expect, sitePages, test } from "./fixtures.ts";

// The privacy notice: the configured controller and periods (the ones the purge keeps), and the
// ways to it from every page, every form and the cookie settings.

test("the notice names who answers for the data and the configured periods, and how to use one's rights", async ({
  page,
}) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy notice");
  await expect(page.getByText("Lumen Software is responsible for your data (the controller).")).toBeVisible();
  const contactForm = page.getByRole("region", { name: "Contact form" });
  await expect(contactForm).toContainText(`${config.retentionInquiryMonths} months after it arrives`);
  await expect(page.getByRole("region", { name: "Job applications" })).toContainText(
    `${config.retentionApplicationMonths} months after it arrives, or ${config.retentionFutureOpeningsMonths} months if you asked us to keep it for future openings`,
  );
  await expect(page.getByRole("region", { name: "Messages our spam checks stop" })).toContainText(
    `${config.retentionSpamDays} days`,
  );
  // The embedded forms' provider, from their configured addresses.
  await expect(
    page.getByText(/newsletter and sign-in forms shown in frames on some pages \(forms\.embed\.example\)/),
  ).toBeVisible();
  // How long the backups keep copies (BACKUP_KEEP).
  await expect(
    page.getByText(`are made once a day and each is deleted after ${config.backupDays} days.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(`Write to ${config.privacyEmail} from the address you used with us.`)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Who is responsible" }).getByRole("link", { name: config.privacyEmail }),
  ).toHaveAttribute("href", `mailto:${config.privacyEmail}`);
  await page.getByRole("link", { name: "Change your cookie settings" }).click();
  await expect(page).toHaveURL(/\/cookie-settings/);
  await page.getByRole("link", { name: "How we handle your data: the privacy notice" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test("every page's footer links to the notice, and the sitemap lists it", async ({ page, request }) => {
  for (const path of sitePages) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }), path).toHaveAttribute(
      "href",
      "/privacy",
    );
  }
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`${config.siteUrl}/privacy</loc>`);
});

test("beside each form's submit button, one line links to the notice", async ({ page }) => {
  for (const [path, button] of [
    ["/contact", "Send message"],
    ["/careers/apply", "Send application"],
    ["/contact/meeting", "Book this meeting"],
  ] as const) {
    await page.goto(path);
    // The meeting's form shows once a day is chosen, its details and button once a time is.
    if (path === "/contact/meeting") {
      await page
        .getByRole("link", { name: /: \d+ free times?$/ })
        .first()
        .click();
      await page.getByRole("radio").first().check();
    }
    const note = page.getByRole("link", { name: "How we handle your data" });
    await expect(note, path).toHaveAttribute("href", "/privacy");
    // Near the button: in the same row, after it.
    const buttonBox = await page.getByRole("button", { name: button }).boundingBox();
    const noteBox = await note.boundingBox();
    expect(Math.abs((noteBox?.y ?? 0) - (buttonBox?.y ?? 0)), path).toBeLessThan(80);
  }
});
