import { axe } from "./axe.ts";
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { mailHeader, mimeParts } from "#tests/helpers/mime.ts";
import type { StorageEnv } from "./server-env.ts";
import { expect, exportSubmissions, mailContaining, closePrivacyBanner, test } from "./fixtures.ts";

// The booking page on the SQLite server (the pipeline's races run on both engines in
// tests/server/booking-form.test.ts). One after the other: each visitor takes the first free
// time of the first bookable day, and the next visitor must not be offered it again.
test.describe.configure({ mode: "serial" });

const bookableDay = /: \d+ free times?$/;
// A day that still has times once one is taken, whatever the hour (late in the company's day,
// the first bookable day can have a single time left, which other tests book meanwhile).
const dayWithTimesToSpare = /: ([3-9]|[1-9]\d+) free times$/;

function visitor() {
  const tag = Math.random().toString(36).slice(2, 10);
  return {
    name: `Ada Lovelace ${tag}`,
    email: `ada.${tag}@example.com`,
    company: "Analytical Engines",
    topic: `Bernoulli numbers & <notes> ${tag}`,
  };
}

/** The invitations `email` received, read as a calendar program reads them: the text/calendar part parsed with ical.js. */
async function invitationsTo(storage: StorageEnv, email: string) {
  const mails = (await mailContaining(storage, email)).filter((mail) => mailHeader(mail, "to") === email);
  return mails.flatMap((raw) => {
    const parts = mimeParts(raw);
    const calendar = parts.find((part) => /^text\/calendar/.test(part.headers["content-type"] ?? ""));
    if (!calendar) return [];
    const component = new ICAL.Component(ICAL.parse(calendar.body));
    const event = component.getFirstSubcomponent("vevent")!;
    const text = parts.find((part) => /^text\/plain/.test(part.headers["content-type"] ?? ""))?.body ?? "";
    return [
      {
        method: String(component.getFirstPropertyValue("method")),
        start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
        sequence: Number(event.getFirstPropertyValue("sequence")),
        uid: String(event.getFirstPropertyValue("uid")),
        managePath: /\/contact\/meeting\/manage\/[\w-]+/.exec(text)?.[0] ?? null,
      },
    ];
  });
}

/** The invitation with this method and sequence, once the outbox has written it. */
async function invitationFor(
  storage: StorageEnv,
  email: string,
  method: "REQUEST" | "CANCEL",
  sequence = method === "REQUEST" ? 0 : 1,
) {
  const find = async () =>
    (await invitationsTo(storage, email)).find((found) => found.method === method && found.sequence === sequence);
  await expect
    .poll(async () => Boolean(await find()), {
      message: `a ${method} (sequence ${sequence}) to ${email}`,
      timeout: 15_000,
    })
    .toBe(true);
  return (await find())!;
}

/**
 * The page's "Add to calendar": the invitation's file read as a calendar program reads it, and the
 * Google and Outlook links' times (UTC), title and place.
 */
async function addToCalendar(page: Page) {
  const section = page.getByRole("region", { name: "Add it to your calendar" });
  const href = async (name: string) => (await section.getByRole("link", { name }).getAttribute("href")) ?? "";
  const download = await page.request.get(await href("Download the invitation (.ics)"));
  expect(download.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(download.headers()["content-disposition"]).toBe('attachment; filename="meeting.ics"');
  const component = new ICAL.Component(ICAL.parse(await download.text()));
  const event = component.getFirstSubcomponent("vevent")!;
  const google = new URL(await href("Google Calendar"));
  const outlooks = [new URL(await href("Outlook.com")), new URL(await href("Outlook (work or school)"))];
  return {
    file: {
      start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
      uid: String(event.getFirstPropertyValue("uid")),
      sequence: Number(event.getFirstPropertyValue("sequence")),
      summary: String(event.getFirstPropertyValue("summary")),
    },
    google: {
      host: google.host,
      dates: google.searchParams.get("dates"),
      text: google.searchParams.get("text"),
      location: google.searchParams.get("location"),
    },
    outlook: outlooks.map((url) => ({
      host: url.host,
      startdt: url.searchParams.get("startdt"),
      enddt: url.searchParams.get("enddt"),
      subject: url.searchParams.get("subject"),
      location: url.searchParams.get("location"),
    })),
  };
}

/** "20260602T170000Z": an ISO instant as Google's dates write it. */
const compactUtc = (iso: string) => iso.replace(/\.\d{3}Z$/, "Z").replaceAll(/[-:]/g, "");

async function fillDetails(page: Page, person: ReturnType<typeof visitor>) {
  await page.getByLabel("Your Name").fill(person.name);
  await page.getByLabel("Your Email").fill(person.email);
  await page.getByLabel("Company Name or Website").fill(person.company);
  await page.getByLabel("What Would You Like to Discuss").fill(person.topic);
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("from 'Select a day': choose a zone, a day and a time, book; the confirmation shows both zones and the time is gone for the next visitor", async ({
    page,
    storage,
  }) => {
    await page.goto("/contact");
    await page.getByRole("link", { name: "Select a day" }).click();
    await expect(page).toHaveURL(/\/contact\/meeting$/);
    // Without JavaScript the page cannot know the visitor's zone: ours, and the form to change it.
    await expect(page.getByText("Times are shown in Pacific Time (Los Angeles).")).toBeVisible();
    await closePrivacyBanner(page);

    await page.getByLabel("Time zone").selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Show times in this zone" }).click();
    await expect(page.getByText("Times are shown in Central European Time (Berlin).")).toBeVisible();

    const day = page.getByRole("link", { name: bookableDay }).first();
    const dayName = ((await day.textContent()) ?? "").replace(/^\d+/, "").split(":")[0] ?? "";
    await day.click();
    await expect(page).toHaveURL(/\?day=\d{4}-\d{2}-\d{2}&tz=Europe%2FBerlin#times$/);
    const dayUrl = page.url();
    await expect(page.getByRole("heading", { name: `Free times on ${dayName}` })).toBeVisible();
    const times = page.getByRole("group", { name: `Choose a time on ${dayName}` });
    const first = times.getByRole("radio").first();
    const fullName = await first.evaluate(
      (radio) => radio.closest("label")?.querySelector(".sr-only")?.textContent ?? "",
    );
    // Each time with ours beside it: the zones read differently.
    expect(fullName).toMatch(
      new RegExp(
        `^${dayName} at \\d{1,2}:\\d{2}\\s[AP]M Central European (Standard|Summer) Time \\((\\w{3}, )?\\d{1,2}:\\d{2}\\s[AP]M P[DS]T our time\\)$`,
      ),
    );
    const timeName = fullName.replace(/ \(.+ our time\)$/, "");
    await expect(page.getByRole("radio", { name: timeName })).toHaveCount(1);
    // No empty details before a time is chosen (without JavaScript too): a line says they come next.
    await expect(page.getByLabel("Your Name")).toBeHidden();
    await expect(page.getByText("Choose a time, and your details come next.")).toBeVisible();
    await first.check();
    await expect(page.getByLabel("Your Name")).toBeVisible();
    await expect(page.getByText("Choose a time, and your details come next.")).toBeHidden();

    const person = visitor();
    await fillDetails(page, person);
    await page.getByRole("button", { name: "Book this meeting" }).click();

    await expect(page).toHaveURL(/\/contact\/meeting\?booked=1&at=[^&]+&tz=Europe%2FBerlin#confirmation$/);
    await expect(page.getByRole("heading", { name: "Your meeting is booked" })).toBeVisible();
    await expect(page.getByText(`Your time: ${timeName}`)).toBeVisible();
    await expect(
      page.getByText(/^Our time: .+ at \d{1,2}:\d{2}\s[AP]M Pacific (Standard|Daylight) Time$/),
    ).toBeVisible();
    // The hero speaks of the booked meeting, no longer of choosing.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your 30-minute meeting");
    await expect(page.getByText("Choose a day, then a time")).toHaveCount(0);

    const stored = exportSubmissions(storage, "meeting").filter(
      (submission) => submission.fields.email === person.email,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.fields).toMatchObject({
      name: person.name,
      company: person.company,
      topic: person.topic,
      timeZone: "Europe/Berlin",
      visitorWhen: timeName,
    });
    // "Add to calendar": the e-mailed invitation's event (same UID and SEQUENCE) and the web calendars' forms, at the booked instant.
    const bookedAt = new Date(new URL(page.url()).searchParams.get("at") ?? "").toISOString();
    const endsAt = new Date(Date.parse(bookedAt) + 30 * 60_000).toISOString();
    const invitation = await invitationFor(storage, person.email, "REQUEST");
    const calendar = await addToCalendar(page);
    expect(calendar.file).toEqual({
      start: bookedAt,
      uid: invitation.uid,
      sequence: 0,
      summary: "30-minute meeting with Lumen Software",
    });
    expect(calendar.google).toMatchObject({
      host: "calendar.google.com",
      dates: `${compactUtc(bookedAt)}/${compactUtc(endsAt)}`,
      text: "30-minute meeting with Lumen Software",
    });
    for (const outlook of calendar.outlook)
      expect(outlook).toMatchObject({
        startdt: bookedAt.replace(".000Z", "Z"),
        enddt: endsAt.replace(".000Z", "Z"),
        subject: "30-minute meeting with Lumen Software",
      });
    expect(calendar.outlook.map((outlook) => outlook.host)).toEqual(["outlook.live.com", "outlook.office.com"]);
    // No video link is configured here: no place (tests/unit/calendar-links.test.ts gives it when there is one).
    expect([calendar.google.location, ...calendar.outlook.map((outlook) => outlook.location)]).toEqual([
      null,
      null,
      null,
    ]);

    // The confirmation's address, opened in another browser, offers none of it, and the file is not there for it.
    const elsewhere = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    const other = await elsewhere.newPage();
    await other.goto(page.url());
    await expect(other.getByRole("heading", { name: "Your meeting is booked" })).toBeVisible();
    await expect(other.getByRole("region", { name: "Add it to your calendar" })).toHaveCount(0);
    expect((await other.request.get("/contact/meeting/invitation.ics")).status()).toBe(404);
    await elsewhere.close();

    // The next visitor, on the same day and zone, is not offered that time.
    await page.goto(dayUrl);
    await expect(page.getByRole("group", { name: `Choose a time on ${dayName}` })).toBeVisible();
    await expect(page.getByRole("radio", { name: timeName })).toHaveCount(0);
  });

  test("a time taken meanwhile: the day's times again with 'That time was just taken' and everything typed kept", async ({
    page,
    browser,
  }) => {
    await page.goto("/contact/meeting");
    await closePrivacyBanner(page);
    await page.getByRole("link", { name: dayWithTimesToSpare }).first().click();
    const radio = page.getByRole("radio").first();
    const timeName = await radio.evaluate(
      (element) => element.closest("label")?.querySelector(".sr-only")?.textContent ?? "",
    );
    await radio.check();
    const person = visitor();
    await fillDetails(page, person);

    // Someone else books it first, in another browser.
    const other = await browser.newPage({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.77" },
    });
    await other.goto(page.url());
    await other.getByRole("radio", { name: timeName }).check();
    await fillDetails(other, visitor());
    await other.getByRole("button", { name: "Book this meeting" }).click();
    await expect(other.getByRole("heading", { name: "Your meeting is booked" })).toBeVisible();
    await other.close();

    await page.getByRole("button", { name: "Book this meeting" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "That time was just taken" })).toBeVisible();
    // The page comes again with focus on the first free time: the one to choose again.
    await expect(page.getByRole("radio").first()).toBeFocused();
    await expect(page.getByRole("radio", { name: timeName })).toHaveCount(0);
    await expect(page.getByRole("radio").first()).toBeVisible();
    await expect(page.getByLabel("Your Name")).toHaveValue(person.name);
    await expect(page.getByLabel("Your Email")).toHaveValue(person.email);
    await expect(page.getByLabel("Company Name or Website")).toHaveValue(person.company);
    await expect(page.getByLabel("What Would You Like to Discuss")).toHaveValue(person.topic);
  });

  test("the invitation is a REQUEST for the booked instant; its manage link cancels the meeting, sends the CANCEL and frees the time", async ({
    page,
    storage,
  }) => {
    await page.goto("/contact/meeting?tz=UTC");
    await closePrivacyBanner(page);
    await page.getByRole("link", { name: bookableDay }).first().click();
    const dayUrl = page.url();
    const first = page.getByRole("radio").first();
    // Its accessible name, without ours beside it (the confirmation gives ours apart).
    const timeName = (
      await first.evaluate((radio) => radio.closest("label")?.querySelector(".sr-only")?.textContent ?? "")
    ).replace(/ \(.+ our time\)$/, "");
    await first.check();
    const person = visitor();
    await fillDetails(page, person);
    await page.getByRole("button", { name: "Book this meeting" }).click();
    await expect(page.getByRole("heading", { name: "Your meeting is booked" })).toBeVisible();
    const bookedAt = new Date(new URL(page.url()).searchParams.get("at") ?? "").toISOString();

    const invitation = await invitationFor(storage, person.email, "REQUEST");
    expect(invitation.start).toBe(bookedAt);
    expect(invitation.managePath).not.toBeNull();

    // Opening the link (as a mail scanner would) changes nothing.
    const response = await page.goto(invitation.managePath!);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { name: "Your meeting", exact: true })).toBeVisible();
    await expect(page.getByText(`Your time: ${timeName}`)).toBeVisible();
    await page.goto(dayUrl);
    await expect(page.getByRole("radio", { name: timeName })).toHaveCount(0);

    // The first click only asks once more; "Keep the meeting" leaves it as it was.
    await page.goto(invitation.managePath!);
    await page.getByRole("button", { name: "Cancel this meeting" }).click();
    await expect(page.getByText(`Cancel the meeting on ${timeName.replace(/\s/g, " ")}?`)).toBeVisible();
    await page.getByRole("link", { name: "Keep the meeting" }).click();
    await expect(page.getByRole("heading", { name: "Your meeting", exact: true })).toBeVisible();
    await page.goto(dayUrl);
    await expect(page.getByRole("radio", { name: timeName })).toHaveCount(0);

    await page.goto(invitation.managePath!);
    await page.getByRole("button", { name: "Cancel this meeting" }).click();
    await page.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(page.getByRole("heading", { name: "Your meeting is cancelled" })).toBeVisible();
    const cancel = await invitationFor(storage, person.email, "CANCEL");
    expect(cancel).toMatchObject({ start: bookedAt, uid: invitation.uid });
    await page.goto(dayUrl);
    await expect(page.getByRole("radio", { name: timeName })).toHaveCount(1);
  });

  test("the manage link moves the meeting: the new time in a REQUEST with the same UID, the old time free again", async ({
    page,
    storage,
  }) => {
    await page.goto("/contact/meeting?tz=UTC");
    await closePrivacyBanner(page);
    await page.getByRole("link", { name: bookableDay }).first().click();
    await page.getByRole("radio").first().check();
    const person = visitor();
    await fillDetails(page, person);
    await page.getByRole("button", { name: "Book this meeting" }).click();
    await expect(page.getByRole("heading", { name: "Your meeting is booked" })).toBeVisible();
    const invitation = await invitationFor(storage, person.email, "REQUEST");

    await page.goto(invitation.managePath!);
    await page.getByRole("link", { name: bookableDay }).last().click();
    const newTime = page.getByRole("radio").last();
    const newStart = await newTime.getAttribute("value");
    await newTime.check();
    await page.getByRole("button", { name: "Move my meeting to this time" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Your meeting has moved. The new invitation is on its way to your inbox.",
    );
    const moved = await invitationFor(storage, person.email, "REQUEST", 1);
    expect(moved).toMatchObject({
      uid: invitation.uid,
      start: new Date(newStart!).toISOString(),
      managePath: invitation.managePath,
    });
    // The manage page's "Add to calendar" gives the meeting as it now is: the moved event, same UID, raised SEQUENCE.
    const calendar = await addToCalendar(page);
    expect(calendar.file).toMatchObject({ uid: invitation.uid, sequence: 1, start: moved.start });
    expect(calendar.google.dates?.split("/")[0]).toBe(compactUtc(moved.start));
  });

  test("a manage link that does not exist says so, with the way to book again", async ({ page }) => {
    const response = await page.goto(`/contact/meeting/manage/${"A".repeat(43)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Book another meeting" })).toHaveAttribute("href", "/contact/meeting");
  });

  test("an unknown zone or a malformed day: a 400 page that says so", async ({ page }) => {
    const response = await page.goto("/contact/meeting?tz=Mars%2FOlympus&day=2026-02-31");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("We do not know the time zone Mars/Olympus")).toBeVisible();
    await expect(page.getByText("That day cannot be chosen here.")).toBeVisible();
    await expect(page.getByRole("link", { name: bookableDay }).first()).toBeVisible();
  });

  test("a zone by its old name or its current one: the same zone, chosen and offered by today's name", async ({
    page,
  }) => {
    // Chromium and Node report a device in Kolkata as Asia/Calcutta, Firefox as Asia/Kolkata.
    for (const asked of ["Asia%2FCalcutta", "Asia%2FKolkata"]) {
      const response = await page.goto(`/contact/meeting?tz=${asked}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByText("Times are shown in India Standard Time (Kolkata).")).toBeVisible();
      const zone = page.getByLabel("Time zone");
      await expect(zone).toHaveValue("Asia/Kolkata");
      await expect(zone.locator("option:checked")).toHaveText("Asia/Kolkata");
      // The list offers today's names only, the old ones nowhere.
      for (const current of ["Asia/Ho_Chi_Minh", "Asia/Kathmandu", "Europe/Kyiv", "America/Argentina/Buenos_Aires"])
        await expect(zone.locator(`option[value="${current}"]`)).toHaveText(current);
      for (const old of ["Asia/Calcutta", "Asia/Saigon", "Asia/Katmandu", "Europe/Kiev", "America/Buenos_Aires"])
        await expect(zone.locator(`option[value="${old}"]`)).toHaveCount(0);
      // From here on the visitor's links carry the zone by today's name.
      await expect(page.getByRole("link", { name: bookableDay }).first()).toHaveAttribute(
        "href",
        /tz=Asia%2FKolkata#times$/,
      );
    }
  });
});

/**
 * Installed before any page of the tab runs: keeps in sessionStorage (which outlives the page the
 * browser leaves) every statement of the zone the times are in that entered a page, and whether
 * any of that page had been painted yet.
 */
/** The booking page read by axe from its top, at rest, with a day's times open. */
async function expectAxeCleanFromTheTop(page: Page) {
  // The page opens at the day's times (#times); axe judges days partly under the sticky header as too small, so the page is read from its top, at rest.
  // The sections laid out as they come near (content-visibility) move the page once it is at
  // the top (scroll anchoring): scrolled again until it stays there, with the fonts in, or the
  // zone's select can sit half under the privacy notice at 320 px, a target too small for axe.
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo({ top: 0, behavior: "instant" });
        // Read after a whole frame has been laid out, when anchoring has moved it if it will.
        return new Promise<number>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY))),
        );
      }),
    )
    .toBe(0);
  const results = await axe(page)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    })),
  ).toEqual([]);
}

async function recordZoneStatements(page: Page) {
  await page.addInitScript(() => {
    const key = "zone-statements";
    const record = (text: string) => {
      const seen = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
      sessionStorage.setItem(key, JSON.stringify([...seen, text]));
    };
    new MutationObserver((records) => {
      for (const { addedNodes } of records)
        for (const node of addedNodes) {
          const text = node.textContent ?? "";
          for (const match of text.matchAll(/Times (are shown )?in [^.;]+/g)) record(match[0]);
          // A time shown on its own, before the zone it is in is known: a label of a radio.
          if (node instanceof Element && node.querySelector?.("input[type=radio]")) record("a time");
        }
    }).observe(document, { childList: true, subtree: true });
  });
  // Each statement once: the parser adds a paragraph's text and its ancestors in steps.
  return async () => [
    ...new Set(JSON.parse((await page.evaluate(() => sessionStorage.getItem("zone-statements"))) ?? "[]") as string[]),
  ];
}

test.describe("with JavaScript on", () => {
  for (const { timezoneId, named, zoneParam } of [
    { timezoneId: "Asia/Kolkata", named: "India Standard Time (Kolkata)", zoneParam: /tz=Asia%2FCalcutta/ },
    { timezoneId: "Europe/Berlin", named: "Central European Time (Berlin)", zoneParam: /tz=Europe%2FBerlin/ },
  ]) {
    test.describe(timezoneId, () => {
      test.use({ timezoneId });

      test(`a visitor in ${timezoneId} sees the times in their zone from the first paint, our time beside each, and books the hour they meant`, async ({
        page,
        hydrated,
        storage,
      }) => {
        const statements = await recordZoneStatements(page);
        const response = await page.goto("/contact/meeting");
        expect(response?.headers()["cache-control"]).toBe("private, no-cache");
        // Chromium names the device's zone by ICU's identifier (Asia/Calcutta for Kolkata).
        await expect(page).toHaveURL(zoneParam);
        await expect(page.getByText(`Times are shown in ${named}.`)).toBeVisible();
        // The zone's form has it chosen by today's name, whichever name the browser reported.
        await expect(page.getByLabel("Time zone")).toHaveValue(timezoneId);
        // Nothing in our zone ever entered the page, let alone a paint: the page in ours stopped before its calendar.
        expect(await statements()).toEqual([`Times are shown in ${named}`]);
        await closePrivacyBanner(page);

        // A day is a link in that zone: its times come on the page it leads to, in view, our time beside each.
        await page.getByRole("link", { name: bookableDay }).first().click();
        await expect(page).toHaveURL(/\?day=[\d-]+&tz=[^#]+#times$/);
        await expect(page.getByRole("heading", { name: /^Free times on / })).toBeInViewport();
        await expect(
          page.getByText(`Times in ${named}; ours, in Pacific Time (Los Angeles), under each.`),
        ).toBeVisible();
        // The switch comes before the times and the button, and leads to the zone's form.
        const change = page.getByRole("link", { name: "Change the time zone" });
        const [changeBox, firstTimeBox] = [
          await change.boundingBox(),
          await page.getByRole("radio").first().boundingBox(),
        ];
        expect(changeBox!.y).toBeLessThan(firstTimeBox!.y);
        await expect(change).toHaveAttribute("href", "#zone");

        await hydrated();
        const first = page.getByRole("radio").first();
        const label = first.locator("xpath=ancestor::label");
        const shown = await label.evaluate((element) => element.querySelector("[aria-hidden]")?.textContent ?? "");
        const fullName = await label.evaluate((element) => element.querySelector(".sr-only")?.textContent ?? "");
        expect(fullName).toMatch(/ \((\w{3}, )?\d{1,2}:\d{2}\s[AP]M P[DS]T our time\)$/);
        await first.check();
        const person = visitor();
        await fillDetails(page, person);
        await page.getByRole("button", { name: "Book this meeting" }).click();
        await expect(page).toHaveURL(/booked=1&at=[^&]+&tz=[^#]+#confirmation$/);
        await expect(page.getByRole("heading", { name: "Your meeting is booked" })).toBeFocused();

        // The instant stored and sent reads, in the visitor's zone, as the time they clicked.
        const bookedAt = new Date(new URL(page.url()).searchParams.get("at") ?? "");
        expect((await invitationFor(storage, person.email, "REQUEST")).start).toBe(bookedAt.toISOString());
        const clock = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: timezoneId });
        expect(shown.startsWith(clock.format(bookedAt))).toBe(true);
        const stored = exportSubmissions(storage, "meeting").find(
          (submission) => submission.fields.email === person.email,
        );
        expect(new Date(String(stored?.fields.start)).toISOString()).toBe(bookedAt.toISOString());
        await expect(page.getByText(`Your time: ${fullName.replace(/ \(.+ our time\)$/, "")}`)).toBeVisible();
        await expect(page.getByText(/^Our time: .+ Pacific (Standard|Daylight) Time$/)).toBeVisible();

        // Sent: the details are no longer kept for the next booking in this tab.
        await page.goto("/contact/meeting");
        await page.getByRole("link", { name: bookableDay }).first().click();
        await hydrated();
        await expect(page.getByLabel("Your Name")).toHaveValue("");
      });
    });
  }

  test.describe("Australia/Sydney", () => {
    test.use({ timezoneId: "Australia/Sydney" });

    test("what was typed survives a move to another zone; the radio group works by keyboard", async ({
      page,
      hydrated,
    }) => {
      await page.goto("/contact/meeting");
      await expect(page).toHaveURL(/tz=Australia%2FSydney/);
      await closePrivacyBanner(page);
      await page.getByRole("link", { name: bookableDay }).first().click();
      await hydrated();
      const person = visitor();
      // The details come once a time is chosen.
      await page.getByRole("radio").first().check();
      await page.getByLabel("Your Name").fill(person.name);
      await page.getByLabel("Your Email").fill(person.email);

      // Another zone, chosen in the form the times' note leads to: the details typed so far come along.
      await page.getByRole("link", { name: "Change the time zone" }).click();
      await page.getByLabel("Time zone").selectOption("Europe/Berlin");
      await page.getByRole("button", { name: "Show times in this zone" }).click();
      await expect(page).toHaveURL(/\?day=[\d-]+&tz=Europe%2FBerlin$/);
      await expect(page.getByText("Times are shown in Central European Time (Berlin).")).toBeVisible();
      await page.getByRole("link", { name: bookableDay }).first().click();
      await hydrated();

      const first = page.getByRole("radio").first();
      await first.focus();
      await page.keyboard.press("Space");
      await expect(first).toBeChecked();
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("radio").nth(1)).toBeChecked();
      await expect(page.getByLabel("Your Name")).toHaveValue(person.name);
      await expect(page.getByLabel("Your Email")).toHaveValue(person.email);
    });
  });

  test("nothing can be sent before a time is chosen: the details and the button come with it", async ({
    page,
    hydrated,
  }) => {
    await page.goto("/contact/meeting");
    await closePrivacyBanner(page);
    await page.getByRole("link", { name: bookableDay }).first().click();
    await hydrated();
    await expect(page.getByText("Choose a time, and your details come next.")).toBeVisible();
    await expect(page.getByLabel("Your Name")).toBeHidden();
    await expect(page.getByRole("button", { name: "Book this meeting" })).toBeHidden();
    await page.getByRole("radio").first().check();
    await fillDetails(page, visitor());
    await expect(page.getByRole("button", { name: "Book this meeting" })).toBeVisible();
    await expect(page.getByText("Choose a time, and your details come next.")).toBeHidden();
  });
});

test("axe finds no WCAG 2.2 AA violation on a meeting's manage page with a day chosen, 1280 and 320 px", async ({
  page,
  storage,
}) => {
  test.setTimeout(60_000); // a booking, its e-mail and two full axe runs
  // Booked the way the form posts, with the stamp and first free time the page offers.
  const calendar = await (await page.request.get("/contact/meeting?tz=UTC")).text();
  const day = /\?day=(\d{4}-\d{2}-\d{2})&amp;tz=UTC#times/.exec(calendar)?.[1];
  const dayPage = await (await page.request.get(`/contact/meeting?day=${day}&tz=UTC`)).text();
  const person = visitor();
  const booked = await page.request.post(`/contact/meeting?day=${day}&tz=UTC`, {
    multipart: {
      "form-started": /name="form-started" value="([^"]+)"/.exec(dayPage)?.[1] ?? "",
      website: "",
      tz: "UTC",
      start: /type="radio"[^>]*value="([^"]+)"/.exec(dayPage)?.[1] ?? "",
      name: person.name,
      email: person.email,
    },
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(303);
  const { managePath } = await invitationFor(storage, person.email, "REQUEST");
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 320, height: 640 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(managePath!);
    await page.getByRole("link", { name: bookableDay }).first().click();
    await expect(page.getByRole("radio").first()).toBeVisible();
    await expectAxeCleanFromTheTop(page);
  }
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 320, height: 640 },
]) {
  test(`axe finds no WCAG 2.2 AA violation on the booking page with a day chosen, ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/contact/meeting");
    await page.getByRole("link", { name: bookableDay }).first().click();
    await expect(page.getByRole("radio").first()).toBeVisible();
    await expectAxeCleanFromTheTop(page);
  });
}

test("the calendar holds at every width: days never overlap or spill out of their cells, weekday heads stay apart, each month keeps its own row height", async ({
  page,
}) => {
  const problems: string[] = [];
  for (const width of [320, 390, 768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/contact/meeting?tz=UTC");
    await expect(page.getByRole("link", { name: bookableDay }).first()).toBeVisible();
    const layout = await page.locator("table").evaluateAll((tables) => {
      type Box = { left: number; right: number; top: number; bottom: number };
      const box = (element: Element): Box => element.getBoundingClientRect();
      const inside = (inner: Box, outer: Box) =>
        inner.left >= outer.left - 0.5 &&
        inner.right <= outer.right + 0.5 &&
        inner.top >= outer.top - 0.5 &&
        inner.bottom <= outer.bottom + 0.5;
      const apart = (boxes: Box[]) =>
        boxes.every((a, i) =>
          boxes
            .slice(i + 1)
            .every(
              (b) =>
                a.right <= b.left + 0.5 ||
                b.right <= a.left + 0.5 ||
                a.bottom <= b.top + 0.5 ||
                b.bottom <= a.top + 0.5,
            ),
        );
      return tables.map((table) => {
        const heads = [...table.querySelectorAll("th")].map((th) => ({
          cell: box(th),
          text: box(th.querySelector("abbr")!),
        }));
        const days = [...table.querySelectorAll("td > *")].map((day) => ({
          day: box(day),
          cell: box(day.parentElement!),
        }));
        return {
          headsApart: apart(heads.map((head) => head.text)),
          headsInCells: heads.every((head) => inside(head.text, head.cell)),
          daysApart: apart(days.map((day) => day.day)),
          daysInCells: days.every((day) => inside(day.day, day.cell) && inside(day.day, box(table))),
          days: days.length,
          rowHeights: [...table.querySelectorAll("tbody tr")].map((row) =>
            Math.round(row.getBoundingClientRect().height),
          ),
        };
      });
    });
    if (!layout.length || layout.some((month) => !month.days)) problems.push(`${width} px: a month without days`);
    for (const [index, month] of layout.entries()) {
      for (const check of ["headsApart", "headsInCells", "daysApart", "daysInCells"] as const) {
        if (!month[check]) problems.push(`${width} px, month ${index + 1}: not ${check}`);
      }
    }
    // A month with fewer weeks is not stretched to its neighbour's height: every week is as tall as any other.
    const heights = new Set(layout.flatMap((month) => month.rowHeights));
    if (heights.size !== 1) problems.push(`${width} px: weeks of different heights ${[...heights].join(", ")}`);
  }
  expect(problems).toEqual([]);
});

test("the confirmation gives our time only when it reads differently from the visitor's", async ({ page }) => {
  await page.goto("/contact/meeting?booked=1&at=2026-06-02T17%3A00%3A00Z&tz=America%2FLos_Angeles");
  await expect(page.getByRole("heading", { name: "Your meeting is booked" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your 30-minute meeting");
  await expect(page.getByText("Your time: Tuesday, June 2, 2026 at 10:00 AM Pacific Daylight Time")).toBeVisible();
  await expect(page.getByText(/^Our time:/)).toHaveCount(0);
  await expect(page.getByText("Choose a day, then a time")).toHaveCount(0);

  await page.goto("/contact/meeting?booked=1&at=2026-06-02T17%3A00%3A00Z&tz=Europe%2FBerlin");
  await expect(
    page.getByText("Your time: Tuesday, June 2, 2026 at 7:00 PM Central European Summer Time"),
  ).toBeVisible();
  await expect(page.getByText("Our time: Tuesday, June 2, 2026 at 10:00 AM Pacific Daylight Time")).toBeVisible();
});
