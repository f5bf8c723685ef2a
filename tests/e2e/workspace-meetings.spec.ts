import { readFileSync } from "node:fs";
import { mailHeader, mimeParts } from "#tests/helpers/mime.ts";
import type { Browser, Page } from "@playwright/test";
import { expect, mailContaining, test } from "./fixtures.ts";
import type { StorageEnv } from "./server-env.ts";
import {
  addAuthenticator,
  applyInGeneral,
  bookMeeting,
  enrol,
  expectNoAxeViolations,
  invite,
} from "./workspace-helpers.ts";

// Issue 33, tried as the team would: a visitor books a meeting, moves it and cancels it from the
// manage link; the workspace, in the staff member's own zone (their browser's, given at enrolment),
// shows it cancelled with a labelled history; "all statuses" exports an application marked done;
// the audit trail reads as sentences. The visitor has no JavaScript; the staff member has.

test.use({ timezoneId: "Europe/Berlin" });

const tag = () => Math.random().toString(36).slice(2, 10);
const bookableDay = /: \d+ free times?$/;

/** The manage link of the visitor's booking, once the outbox has written the invitation. */
async function manageLink(storage: StorageEnv, email: string) {
  let path: string | null = null;
  await expect
    .poll(
      async () => {
        const mails = await mailContaining(storage, email);
        // Quoted-printable lines unfolded first: a long link may be split across them.
        path =
          mails
            .map((mail) => /\/contact\/meeting\/manage\/[\w-]+/.exec(mail.replace(/=\r?\n/g, ""))?.[0])
            .find(Boolean) ?? null;
        return path;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return path as unknown as string;
}

async function visitorPage(browser: Browser) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 200) + 20}` },
  });
  return context.newPage();
}

async function bookMoveAndCancel(page: Page, storage: StorageEnv, person: { name: string; email: string }) {
  await bookMeeting(page, { ...person, company: "Analytical Engines", topic: "Bernoulli numbers" });
  const manage = await manageLink(storage, person.email);

  await page.goto(manage);
  await page.getByRole("link", { name: bookableDay }).last().click();
  await page.getByRole("radio").last().check();
  await page.getByRole("button", { name: "Move my meeting to this time" }).click();
  await expect(page.getByRole("status")).toContainText("Your meeting has moved.");

  await page.goto(manage);
  await page.getByRole("button", { name: "Cancel this meeting" }).click();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("heading", { name: "Your meeting is cancelled" })).toBeVisible();
}

test("a meeting booked, moved and cancelled from its manage link reads as cancelled, with its history labelled in the staff member's zone; exports and the audit trail say what happened", async ({
  browser,
  page,
  context,
  storage,
}) => {
  test.setTimeout(180_000);
  const id = tag();
  const person = { name: `Ada Lovelace ${id}`, email: `ada.${id}@example.com` };
  const applicant = { firstName: "Grace", lastName: `Hopper ${id}`, email: `grace.${id}@example.com` };
  const visitor = await visitorPage(browser);
  await bookMoveAndCancel(visitor, storage, person);
  await applyInGeneral(visitor, applicant, { coverNote: "I compute." });
  await visitor.context().close();

  // The staff member's browser gives the workspace its zone with the enrolment.
  const email = `sales.${id}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email, "admin"), email);

  // The inbox: when the meeting takes place and that it is cancelled, never "New".
  await page.goto(`/workspace?meeting=cancelled&q=${encodeURIComponent(id)}`);
  const row = page.getByRole("row").filter({ hasText: person.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Cancelled by the visitor");
  // The team's follow-up beside it, in the words its page's select uses.
  await expect(row).toContainText("Follow-up: Nothing done yet");
  await expect(row).not.toContainText("New");
  await expect(row.locator("time").first()).toHaveText(/CES?T$/);
  await expect(row.getByRole("link", { name: person.email })).toHaveAttribute("href", `mailto:${person.email}`);
  await expectNoAxeViolations(page);
  await page.goto(`/workspace?meeting=upcoming&q=${encodeURIComponent(id)}`);
  await expect(page.getByText("Nothing here with these filters.")).toBeVisible();

  await page.goto(`/workspace?meeting=cancelled&q=${encodeURIComponent(id)}`);
  await row.getByRole("link", { name: person.name }).click();
  await expect(page.getByRole("heading", { name: `Meeting: ${person.name}` })).toBeVisible();
  // When it was to take place, once, in the staff member's zone, in the panel beside the content.
  const meetingPanel = page.getByRole("region", { name: "Meeting · Cancelled by the visitor" });
  await expect(meetingPanel.locator("time")).toHaveText(/CES?T$/);
  const history = page.getByRole("region", { name: "History" });
  const entries = history.locator(":scope > ol > li");
  for (const label of [
    "Received",
    "E-mail: Invitation to the visitor",
    "E-mail: Notification to the team",
    "Meeting moved from",
    "E-mail: Update (the meeting moved) to the visitor",
    "E-mail: Update (the meeting moved) to the team",
    "Meeting cancelled by the visitor",
    "E-mail: Cancellation to the visitor",
    "E-mail: Cancellation to the team",
  ])
    await expect(entries.filter({ hasText: label }), label).toHaveCount(1);
  // Sent within seconds by the outbox: the page says so once it has been.
  await expect(async () => {
    await page.reload();
    await expect(entries.filter({ hasText: "E-mail: Cancellation to the visitor" })).toContainText(/Sent \d/, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  // Each time in the staff member's zone, the exact moment (and UTC) on hover, the instant for programs.
  const first = entries.first().locator("time");
  await expect(first).toHaveText(/CES?T$/);
  await expect(first).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
  await expect(first).toHaveAttribute("title", /Central European|CES?T.*\(.*UTC\)$/);
  await expect(page.getByRole("link", { name: person.email })).toHaveAttribute("href", `mailto:${person.email}`);
  // Its status is its state: the select records the team's follow-up, in words that never read "New".
  await expect(page.getByLabel("Status", { exact: true })).toHaveCount(0);
  const followUp = page.getByLabel("Follow-up");
  await expect(followUp.locator("option:checked")).toHaveText("Nothing done yet");
  await expect(followUp.locator("option")).toHaveText(["Nothing done yet", "In progress", "Done"]);
  await expect(followUp).toHaveAccessibleDescription(/^The meeting was cancelled by the visitor\./);
  await followUp.selectOption("done");
  await page.getByRole("button", { name: "Save follow-up" }).click();
  await expect(page.getByRole("status")).toHaveText("Follow-up set to Done.");
  await expect(page.getByLabel("Follow-up")).toHaveValue("done");
  // The inbox says so too: done, it has left "Not done"; among all statuses it reads as cancelled and followed up.
  await page.goto(`/workspace?meeting=cancelled&q=${encodeURIComponent(id)}`);
  await expect(page.getByText("Nothing here with these filters.")).toBeVisible();
  await page.goto(`/workspace?state=all&meeting=cancelled&q=${encodeURIComponent(id)}`);
  await expect(row).toContainText("Cancelled by the visitor");
  await expect(row).toContainText("Follow-up: Done");

  // The application, marked done, leaves the default view; "all statuses" still exports it.
  await page.goto(`/workspace?kind=application&q=${encodeURIComponent(id)}`);
  await page.getByRole("link", { name: `Grace Hopper ${id}` }).click();
  await expect(page.getByRole("heading", { name: `Application: Grace Hopper ${id}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "+44 20 7946 0018" })).toHaveAttribute("href", "tel:+442079460018");
  await page.getByLabel("Status").selectOption("done");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status set to Done.");
  await page.getByRole("button", { name: "Mark as spam" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked as spam.");
  await page.getByRole("button", { name: "Not spam" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked as not spam.");
  await page.goto(`/workspace?kind=application&q=${encodeURIComponent(id)}`);
  await expect(page.getByText("Nothing here with these filters.")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "All applications (CSV)" }).click();
  const sheet = readFileSync((await (await downloading).path())!, "utf8");
  expect(sheet).toContain(applicant.email);
  expect(sheet).toMatch(/,Done,/);

  await page.goto("/workspace/agenda");
  await expect(page.getByRole("heading", { name: "Agenda" })).toBeVisible();
  await expect(page.getByText(person.name)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The audit trail as sentences a recruiter reads, each record named as the inbox names it.
  await page.getByRole("link", { name: "Audit trail" }).click();
  const mine = page.getByRole("row").filter({ hasText: email });
  await expect(mine.filter({ hasText: `Marked Application: Grace Hopper ${id} as Done` })).toHaveCount(1);
  await expect(mine.filter({ hasText: `Marked Application: Grace Hopper ${id} as spam` })).toHaveCount(1);
  await expect(mine.filter({ hasText: /^.*Exported \d+ applications?, all statuses, as CSV/ })).toHaveCount(1);
  await expect(
    mine
      .filter({ hasText: "Marked" })
      .getByRole("link", { name: `Application: Grace Hopper ${id}` })
      .first(),
  ).toHaveAttribute("href", /\/workspace\/submissions\//);
  await expect(page.getByText("in_progress")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("people and passkeys: an invitation shows until when it works and is sent again or withdrawn; a passkey is named when made and renamed; the time zone is changed", async ({
  page,
  context,
  storage,
}) => {
  const id = tag();
  const adminEmail = `admin.${id}@company.example`;
  const invitee = `new.${id}@company.example`;
  const laptop = await addAuthenticator(context, page);
  await enrol(page, invite(storage, adminEmail, "admin"), adminEmail);

  await page.getByRole("link", { name: "People" }).click();
  await page.getByLabel("Work e-mail").fill(invitee);
  await page.getByRole("button", { name: "Invite" }).click();
  const row = page.getByRole("row").filter({ hasText: invitee });
  await expect(row).toContainText("Invited: the link works until");
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: `Send a new invitation to ${invitee}` }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation for ${invitee}`);
  await page
    .getByRole("row")
    .filter({ hasText: invitee })
    .getByRole("button", { name: `Withdraw the invitation of ${invitee}` })
    .click();
  await expect(page.getByRole("status")).toContainText(`The invitation of ${invitee} is withdrawn`);
  await expect(page.getByRole("row").filter({ hasText: invitee })).toHaveCount(0);

  await page.getByRole("link", { name: "Your passkeys" }).click();
  await expect(page.getByRole("button", { name: "Add a passkey" })).toBeEnabled();
  // The phone: another authenticator answers (the laptop's already holds a passkey of this person).
  await laptop.remove();
  await addAuthenticator(context, page);
  await page.getByLabel("Name of the new passkey").fill("Phone");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toHaveText("Passkey added.");
  await expect(page.getByRole("textbox", { name: "Rename the passkey Phone" })).toBeVisible();
  await page.getByRole("textbox", { name: "Rename the passkey Phone" }).fill("Work phone");
  await page.getByRole("button", { name: "Rename the passkey Phone" }).click();
  await expect(page.getByRole("status")).toHaveText("Passkey renamed to Work phone.");

  await page.getByRole("combobox", { name: "Time zone" }).selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByRole("status")).toHaveText("Times are now shown in Asia/Tokyo.");
  await expect(page.locator("td time").first()).toHaveText(/GMT\+9$/);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Audit trail" }).click();
  const mine = page.getByRole("row").filter({ hasText: adminEmail });
  await expect(mine.filter({ hasText: "Renamed a passkey: “Work phone”" })).toHaveCount(1);
  await expect(mine.filter({ hasText: "Withdrew the invitation of someone no longer in the workspace" })).toHaveCount(
    1,
  );
});

test.describe("a team member in Kolkata", () => {
  // Chromium reports this device's zone by ICU's old name, Asia/Calcutta.
  test.use({ timezoneId: "Asia/Kolkata" });

  test("their zone is stored, shown and chosen by today's name; the list offers no old names", async ({
    page,
    context,
    storage,
  }) => {
    const email = `kolkata.${tag()}@company.example`;
    // The browser says "Asia/Calcutta" with the enrolment; it is stored and shown by today's name.
    await addAuthenticator(context, page);
    await enrol(page, invite(storage, email), email);

    await page.getByRole("link", { name: "Agenda" }).click();
    await expect(page.getByText("Times are in your time zone (Asia/Kolkata).")).toBeVisible();
    await page.getByRole("link", { name: "Your passkeys" }).click();
    const zone = page.getByRole("combobox", { name: "Time zone" });
    await expect(zone).toHaveValue("Asia/Kolkata");
    await expect(zone.locator("option:checked")).toHaveText("Asia/Kolkata");
    for (const old of ["Asia/Calcutta", "Asia/Saigon", "Asia/Katmandu", "Europe/Kiev", "America/Buenos_Aires"])
      await expect(zone.locator(`option[value="${old}"]`)).toHaveCount(0);
    await expect(zone.locator('option[value="Europe/Kyiv"]')).toHaveText("Europe/Kyiv");

    await zone.selectOption("Europe/Kyiv");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByRole("status")).toHaveText("Times are now shown in Europe/Kyiv.");
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/Kyiv");
  });
});

test("a meeting moved and cancelled from its page in the workspace: its time once, the visitor's zone beside it, and the visitor told as from their manage link", async ({
  browser,
  page,
  context,
  storage,
}) => {
  test.setTimeout(180_000);
  const id = tag();
  const person = { name: `Charles Babbage ${id}`, email: `charles.${id}@example.com` };
  const visitor = await visitorPage(browser);
  await bookMeeting(visitor, { ...person, company: "Difference Engines", topic: "Tables of logarithms" });
  await visitor.context().close();

  const email = `lead.${id}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email), email);
  await page.goto(`/workspace?q=${encodeURIComponent(id)}`);
  await page.getByRole("row").filter({ hasText: person.name }).getByRole("link", { name: person.name }).click();

  // The time once, in the staff member's zone, the visitor's beside it; not again as raw fields.
  const panel = page.getByRole("region", { name: "Meeting · Booked" });
  await expect(panel.locator("time")).toHaveText(/CES?T$/);
  // Their zone named once: "17:00 UTC for them", not "(UTC)" again.
  await expect(panel.getByText(/UTC for them/)).toHaveText(/\d\d:\d\d UTC for them$/);
  await expect(page.getByText("Starts (UTC)")).toHaveCount(0);
  await expect(page.getByText(/^\d{4}-\d\d-\d\dT/)).toHaveCount(0);

  // Moved to another free time without JavaScript: a day is a link, a time a radio button; the
  // times in the staff member's zone, the visitor's beside each.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    timezoneId: "Europe/Berlin",
    storageState: await context.storageState(),
  });
  const mover = await noScript.newPage();
  await mover.goto(page.url());
  await mover
    .getByRole("region", { name: "Meeting · Booked" })
    .getByRole("link", { name: "Move to another time" })
    .click();
  await expect(mover.getByRole("heading", { level: 1 })).toHaveText(`Move the meeting with ${person.name}`);
  await mover.getByRole("link", { name: bookableDay }).last().click();
  await expect(
    mover.getByText(/^Times in your time zone, Central European Time.*; theirs, in .+, under each\.$/),
  ).toBeVisible();
  const lastTime = mover.getByRole("radio").last();
  await expect(lastTime).toHaveAccessibleName(/Central European (Standard|Summer) Time \(.+ UTC for them\)$/);
  await lastTime.check();
  await mover.getByRole("button", { name: "Move it to this time and tell them" }).click();
  await expect(mover.getByRole("status")).toHaveText(
    "The meeting is moved: the visitor is sent the updated invitation, as from their manage link.",
  );
  // Its panel says it moved and from when, and shows the new time.
  await expect(
    mover.getByRole("region", { name: /^Meeting · Moved \(was \d+ \w+ \d{4}, \d\d:\d\d CES?T\)$/ }),
  ).toBeVisible();
  // The audit trail, on the meeting's own history, says who moved it.
  await expect(
    mover
      .getByRole("region", { name: "History" })
      .getByRole("listitem")
      .filter({ hasText: "to another time and told the visitor" }),
  ).toContainText(email);
  await noScript.close();
  // The visitor's update, as their manage link sends it: the same event, SEQUENCE 1, with a manage link.
  await expect
    .poll(
      async () =>
        (await mailContaining(storage, person.email))
          .filter((mail) => mailHeader(mail, "to") === person.email)
          .some((mail) =>
            mimeParts(mail).some(
              (part) =>
                part.body.includes("METHOD:REQUEST") &&
                part.body.includes("SEQUENCE:1") &&
                /meeting\/manage\//.test(part.body.replace(/\r?\n /g, "")),
            ),
          ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.reload();

  // Cancelled in two steps, the second saying who is told.
  const movedPanel = page.getByRole("region", { name: /^Meeting · Moved/ });
  await movedPanel.getByText("Cancel this meeting…").click();
  await movedPanel.getByRole("button", { name: "Yes, cancel it and tell them" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The meeting is cancelled: the visitor is told by e-mail, as from their manage link.",
  );
  await expect(page.getByRole("region", { name: "Meeting · Cancelled by the team" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, cancel it and tell them" })).toHaveCount(0);

  // The visitor's cancellation, as their manage link sends it: a calendar CANCEL to them.
  await expect
    .poll(
      async () =>
        (await mailContaining(storage, person.email))
          .filter((mail) => mailHeader(mail, "to") === person.email)
          .some((mail) => mimeParts(mail).some((part) => part.body.includes("METHOD:CANCEL"))),
      { timeout: 20_000 },
    )
    .toBe(true);
});
