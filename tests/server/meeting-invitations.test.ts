import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from "vitest";
import { startClockAt } from "#app/platform/clock.ts";
import { clientAddressHeader } from "#app/platform/rate-limit.server.ts";
import { hashToken } from "#app/platform/tokens.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { mailHeader, mimeParts } from "#tests/helpers/mime.ts";
import { runScript } from "#tests/helpers/run-script.ts";
import { startReceiver, testSecret, verify } from "#tests/helpers/webhook-receiver.ts";

// A meeting's invitations and its manage link, as the visitor and the team receive them: booked
// through the booking form, the e-mails delivered by the outbox into .eml files, read part by
// part and the calendar parsed with ical.js; then moved and cancelled through the manage page's
// loader and action, reminded, cancelled from the command line and by an erasure. Both engines.

// Los Angeles in June (-07:00): Tuesday 2 June 2026, 10:00 is 17:00Z.
const now = new Date("2026-06-01T12:00:00Z");
const start = "2026-06-02T17:00:00Z";
const teamMailbox = "meetings@lumen.example";

type App = Awaited<ReturnType<typeof startApp>>;

async function startApp(database: TestDatabase, extra: Record<string, string> = {}) {
  const env: Record<string, string> = {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl ?? "",
    FORM_MIN_SECONDS: "0",
    RATE_LIMIT_MAX: "100",
    SMTP_URL: "",
    SITE_URL: "https://lumen.example",
    BOOKING_TIME_ZONE: "America/Los_Angeles",
    BOOKING_HOURS: "mon-fri 09:00-17:00",
    BOOKING_EMAIL: teamMailbox,
    BOOKING_VIDEO_URL: "https://meet.example/lumen-{room}",
    BOOKING_MIN_NOTICE_HOURS: "0",
    ...extra,
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { submitBooking } = await import("#app/booking/booking-page.server.ts");
  const { managePageData, submitManage } = await import("#app/booking/manage.server.ts");
  const reminders = await import("#app/booking/reminders.server.ts");
  const { issueFormStamp } = await import("#app/forms/form-guard.server.ts");
  const { getServices } = await import("#app/platform/services.server.ts");
  const { createMailer } = await import("#app/platform/mail.server.ts");
  const { deliverDueMail } = await import("#app/platform/outbox.server.ts");
  const services = await getServices();
  // The test delivers the outbox itself, when it wants to read what went out.
  await services.outbox.stop();
  const mailer = createMailer({ dataDir: database.dataDir, timeoutMs: 5_000 });

  const seen = new Set<string>();
  return {
    env,
    reminders,
    db: services.db,
    book(person: { name: string; email: string }, at: string, when = now) {
      const body = new FormData();
      body.set("form-started", issueFormStamp(services.secret, "meeting"));
      body.set("website", "");
      body.set("tz", "Europe/Berlin");
      body.set("start", at);
      body.set("name", person.name);
      body.set("email", person.email);
      const request = new Request("https://lumen.example/contact/meeting", {
        method: "POST",
        body,
        headers: { [clientAddressHeader]: "192.0.2.10" },
      });
      return submitBooking(request, when);
    },
    openManage: (token: string, query = "", when = now) =>
      managePageData(new Request(`https://lumen.example/contact/meeting/manage/${token}${query}`), token, when),
    postManage(token: string, fields: Record<string, string>, when = now) {
      const request = new Request(`https://lumen.example/contact/meeting/manage/${token}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { [clientAddressHeader]: "192.0.2.10" },
      });
      return submitManage(request, token, when);
    },
    /** Sends what the outbox holds (due by `at`) and returns the e-mails written since the last call. */
    async deliver(at = new Date()) {
      await deliverDueMail({
        db: services.db,
        engine: services.engine,
        send: mailer.send,
        from: "Lumen <site@lumen.example>",
        now: () => at,
      });
      const folder = path.join(database.dataDir, "mail");
      const fresh = readdirSync(folder).filter((file) => file.endsWith(".eml") && !seen.has(file));
      for (const file of fresh) seen.add(file);
      return fresh.map((file) => readFileSync(path.join(folder, file), "utf8"));
    },
    close: async () => {
      mailer.close();
      await services.close();
    },
  };
}

/** What a calendar program reads from an e-mail: the text/calendar part, which the attached .ics repeats. */
function invitationOf(raw: string) {
  const parts = mimeParts(raw);
  const calendarPart = parts.find((part) => /^text\/calendar/i.test(part.headers["content-type"] ?? ""));
  const attached = parts.find((part) =>
    /filename="?(invite|cancel)\.ics"?/i.test(part.headers["content-disposition"] ?? ""),
  );
  if (!calendarPart || !attached) return null;
  // The same text (the .eml file stores the message with the lines ends of this machine).
  expect(attached.body.replace(/\r\n/g, "\n")).toBe(calendarPart.body.replace(/\r\n/g, "\n"));
  const component = new ICAL.Component(ICAL.parse(calendarPart.body));
  const event = component.getFirstSubcomponent("vevent")!;
  const attendee = event.getFirstProperty("attendee");
  return {
    attachment: /filename="?([\w.]+)/.exec(attached.headers["content-disposition"] ?? "")?.[1],
    contentType: calendarPart.headers["content-type"],
    method: component.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
    startIsUtc: (event.getFirstPropertyValue("dtstart") as ICAL.Time).zone?.tzid === "UTC",
    status: event.getFirstPropertyValue("status"),
    organizer: event.getFirstPropertyValue("organizer"),
    attendee: attendee?.getFirstValue() ?? null,
    rsvp: attendee?.getParameter("rsvp") ?? null,
    description: String(event.getFirstPropertyValue("description") ?? ""),
    location: event.getFirstPropertyValue("location"),
  };
}

const textOf = (raw: string) =>
  mimeParts(raw).find((part) => /^text\/plain/i.test(part.headers["content-type"] ?? ""))?.body ?? "";
const to = (raw: string) => mailHeader(raw, "to");
const manageToken = (raw: string) => /\/contact\/meeting\/manage\/([\w-]+)/.exec(textOf(raw))?.[1] ?? null;

const ann = { name: "Ann Lee", email: "ann@example.com" };

describe.each(engines)("meeting invitations on %s", (engine) => {
  let database: TestDatabase;
  let app: App;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    app = await startApp(database);
  });
  afterEach(async () => {
    await app.close();
    await database.cleanup();
  });

  test("a booking sends the visitor and the team a REQUEST for the right instant, and its manage link moves and cancels it with the same UID", async () => {
    expect(await app.book(ann, start)).toMatchObject({ status: 303 });
    const booked = await app.deliver();
    expect(booked.map(to).sort()).toEqual([ann.email, teamMailbox]);
    const visitorMail = booked.find((raw) => to(raw) === ann.email)!;
    const teamMail = booked.find((raw) => to(raw) === teamMailbox)!;

    const invitation = invitationOf(visitorMail)!;
    expect(invitation.contentType).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i);
    // RFC 5545 §3.1: every line of the iCalendar text ends with CRLF, END:VCALENDAR's included.
    const calendars = await app.db.selectFrom("outbox").select("calendar").where("calendar", "is not", null).execute();
    expect(calendars).toHaveLength(2);
    for (const { calendar } of calendars) {
      expect(calendar).toMatch(/END:VCALENDAR\r\n$/);
      expect(calendar!.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    }
    expect(invitation).toMatchObject({
      method: "REQUEST",
      attachment: "invite.ics",
      sequence: 0,
      start: "2026-06-02T17:00:00.000Z",
      end: "2026-06-02T17:30:00.000Z",
      startIsUtc: true,
      status: "CONFIRMED",
    });
    expect(invitation.organizer).toMatch(new RegExp(`^mailto:${teamMailbox}$`, "i"));
    expect(invitation.attendee).toMatch(new RegExp(`^mailto:${ann.email}$`, "i"));
    expect(invitation.rsvp).toBe("TRUE");
    expect(invitation.location).toMatch(/^https:\/\/meet\.example\/lumen-[\w-]{16}$/);
    expect(invitation.uid).toMatch(/@lumen\.example$/);
    // The visitor reads their own time; the manage link is in the e-mail and in the event.
    expect(textOf(visitorMail)).toMatch(
      /When: Tuesday, June 2, 2026 at 7:00\sPM Central European Summer Time \(our time: Tuesday, June 2, 2026 at 10:00\sAM Pacific Daylight Time\)/,
    );
    const token = manageToken(visitorMail)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(invitation.description).toContain(`https://lumen.example/contact/meeting/manage/${token}`);

    // The team's notice carries the same event (their summary names the visitor), without the visitor's link.
    const teamInvitation = invitationOf(teamMail)!;
    expect(teamInvitation).toMatchObject({
      method: "REQUEST",
      uid: invitation.uid,
      sequence: 0,
      start: invitation.start,
      location: invitation.location,
    });
    expect(teamInvitation.description).not.toContain(token);
    expect(mailHeader(teamMail, "reply-to")).toBe(ann.email);

    // Only the token's hash is stored, apart from the booking's id.
    const [booking] = await database.db.selectFrom("bookings").selectAll().execute();
    expect(booking?.manage_token_hash).toBe(hashToken(token));
    expect(booking?.id).not.toBe(token);
    expect(invitation.uid).toBe(`${booking?.id}@lumen.example`);

    // Opening the link changes nothing (mail scanners open links).
    const opened = await app.openManage(token);
    expect(opened.meeting).toMatchObject({
      cancelled: false,
      yourTime: expect.stringMatching(/^Your time: Tuesday, June 2, 2026 at 7:00\sPM Central European Summer Time$/),
    });
    expect(await app.deliver()).toEqual([]);

    // Moving: the same UID, SEQUENCE 1, the new instant, to both; the old time is free again.
    const moved = await app.postManage(token, { intent: "reschedule", start: "2026-06-03T18:00:00Z" });
    expect(moved).toMatchObject({ status: 303 });
    expect((moved as Response).headers.get("location")).toBe(`/contact/meeting/manage/${token}?moved=1`);
    const movedMail = await app.deliver();
    expect(movedMail.map(to).sort()).toEqual([ann.email, teamMailbox]);
    for (const raw of movedMail) {
      expect(invitationOf(raw)).toMatchObject({
        method: "REQUEST",
        uid: invitation.uid,
        sequence: 1,
        start: "2026-06-03T18:00:00.000Z",
      });
    }
    const movedForAnn = textOf(movedMail.find((raw) => to(raw) === ann.email)!);
    expect(movedForAnn).toContain(`/contact/meeting/manage/${token}`);
    // Both e-mails give the earlier time as well as the new one, each in its reader's zone.
    expect(movedForAnn).toMatch(
      /Your meeting on Tuesday, June 2, 2026 at 7:00\sPM Central European Summer Time has moved to a new time\./,
    );
    expect(movedForAnn).toMatch(
      /When: Wednesday, June 3, 2026 at 8:00\sPM Central European Summer Time \(our time: Wednesday, June 3, 2026 at 11:00\sAM Pacific Daylight Time\)/,
    );
    expect(textOf(movedMail.find((raw) => to(raw) === teamMailbox)!)).toMatch(
      new RegExp(
        `${ann.name} moved their meeting from Tuesday, June 2, 2026 at 10:00\\sAM Pacific Daylight Time to Wednesday, June 3, 2026 at 11:00\\sAM Pacific Daylight Time\\.`,
      ),
    );
    const submission = await database.db.selectFrom("submissions").select("fields").executeTakeFirstOrThrow();
    expect(JSON.parse(submission.fields)).toMatchObject({ start: "2026-06-03T18:00:00.000Z", name: ann.name });
    const afterMove = await app.openManage(token, "?day=2026-06-02&tz=UTC");
    expect(afterMove.calendar?.day?.slots.map((slot) => slot.start)).toContain(start);

    // "Cancel this meeting" only asks once more: nothing is cancelled, nothing sent, the time still held.
    expect(await app.postManage(token, { intent: "cancel" })).toMatchObject({ data: { confirmCancel: true } });
    expect(await app.deliver()).toEqual([]);
    expect((await app.openManage(token)).meeting).toMatchObject({
      cancelled: false,
      cancelQuestion: expect.stringMatching(
        /^Cancel the meeting on Wednesday, June 3, 2026 at 8:00\sPM Central European Summer Time\?$/,
      ),
    });
    expect(await database.db.selectFrom("booking_claims").select("cell").execute()).not.toEqual([]);

    // "Yes, cancel it": METHOD:CANCEL with SEQUENCE 2 to both, and the time is free.
    expect(await app.postManage(token, { intent: "cancel-confirmed" })).toMatchObject({ status: 303 });
    const cancelled = await app.deliver();
    expect(cancelled.map(to).sort()).toEqual([ann.email, teamMailbox]);
    for (const raw of cancelled) {
      expect(invitationOf(raw)).toMatchObject({
        method: "CANCEL",
        uid: invitation.uid,
        sequence: 2,
        status: "CANCELLED",
        attachment: "cancel.ics",
        start: "2026-06-03T18:00:00.000Z",
      });
      expect(invitationOf(raw)?.contentType).toMatch(/method=CANCEL/i);
    }
    expect(await database.db.selectFrom("booking_claims").select("cell").execute()).toEqual([]);
    expect((await app.openManage(token)).meeting).toMatchObject({ cancelled: true });
    // A second cancel (a resent form) sends nothing more; moving a cancelled meeting is refused.
    await app.postManage(token, { intent: "cancel-confirmed" });
    expect(await app.deliver()).toEqual([]);
    expect(await app.postManage(token, { intent: "reschedule", start: "2026-06-04T18:00:00Z" })).toMatchObject({
      init: { status: 409 },
    });

    // The link stops working once the meeting is over, and a made-up one never worked.
    expect((await app.openManage(token, "", new Date("2026-06-03T18:31:00Z"))).status).toBe(404);
    expect((await app.openManage("x".repeat(43))).status).toBe(404);
  });

  test("the workspace reads a moved and cancelled meeting as such: its state, a labelled history in the person's zone, the sheet", async () => {
    const { InboxFilterSchema, listInbox, teamSheet } = await import("#app/workspace/inbox/inbox.server.ts");
    const { getSubmission } = await import("#app/forms/submissions.server.ts");
    const { meetingsOfSubmissions } = await import("#app/booking/meeting-queries.server.ts");
    const { submissionHistory } = await import("#app/workspace/inbox/history.server.ts");
    const { toCsv } = await import("#app/forms/export.server.ts");
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    // The pipeline stores the submission at the clock's time; the booking takes the test's.
    startClockAt(now);
    onTestFinished(() => startClockAt(new Date(Date.now())));
    await app.book(ann, start);
    const token = manageToken((await app.deliver()).find((raw) => to(raw) === ann.email)!)!;
    const inbox = async (filter: Record<string, string>, at = later(3)) =>
      (await listInbox(app.db, InboxFilterSchema.parse(filter), at)).rows;
    expect((await inbox({ meeting: "upcoming" })).map((row) => row.meeting?.status)).toEqual(["confirmed"]);

    await app.postManage(token, { intent: "reschedule", start: "2026-06-03T18:00:00Z" }, later(1));
    const [moved] = await inbox({});
    expect(moved?.meeting).toMatchObject({
      start: "2026-06-03T18:00:00.000Z",
      previousStart: "2026-06-02T17:00:00.000Z",
    });
    await app.postManage(token, { intent: "cancel-confirmed" }, later(2));
    await app.deliver();

    // Never "New": the inbox, the filters and the sheet say it was cancelled and by whom.
    const [row] = await inbox({});
    expect(row?.meeting).toMatchObject({ status: "cancelled", cancelledBy: "visitor" });
    expect(await inbox({ meeting: "cancelled" })).toHaveLength(1);
    expect(await inbox({ meeting: "upcoming" })).toHaveLength(0);
    const submission = (await getSubmission(app.db, row!.id))!;
    const sheet = await teamSheet(app.db, "meeting", [submission]);
    // The team's follow-up beside it, in the words of the meeting's page: never "New".
    expect(sheet[1]?.[2]).toBe("Cancelled by the visitor · Follow-up: Nothing done yet");
    expect(toCsv(sheet)).toContain(
      "Invitation to the visitor: Sent; Notification to the team: Sent; Update (the meeting moved) to the visitor: Sent; Update (the meeting moved) to the team: Sent; Cancellation to the visitor: Sent; Cancellation to the team: Sent",
    );

    // Each e-mail is told apart by what it is and whom it went to, in the staff member's zone.
    const meeting = (await meetingsOfSubmissions(app.db, [row!.id])).get(row!.id)!;
    const { entries } = await submissionHistory(app.db, submission, meeting, { zone: "Europe/Berlin", now: later(3) });
    expect(entries.map((entry) => `${entry.at.text} ${entry.sentence.join("")}`)).toEqual([
      "1 Jun 2026, 14:00 CEST Received",
      "1 Jun 2026, 14:00 CEST E-mail: Invitation to the visitor",
      "1 Jun 2026, 14:00 CEST E-mail: Notification to the team",
      "1 Jun 2026, 14:01 CEST Meeting moved from 2 Jun 2026, 19:00 CEST to 3 Jun 2026, 20:00 CEST",
      "1 Jun 2026, 14:01 CEST E-mail: Update (the meeting moved) to the visitor",
      "1 Jun 2026, 14:01 CEST E-mail: Update (the meeting moved) to the team",
      "1 Jun 2026, 14:02 CEST Meeting cancelled by the visitor",
      "1 Jun 2026, 14:02 CEST E-mail: Cancellation to the visitor",
      "1 Jun 2026, 14:02 CEST E-mail: Cancellation to the team",
    ]);
    expect(entries[1]?.at.exact).toMatch(
      /^Monday, 1 June 2026 at 14:00:00 CEST \(Monday, 1 June 2026 at 12:00:00 UTC\)$/,
    );
    expect(entries.every((entry) => entry.state === null || entry.state.startsWith("Sent"))).toBe(true);
  });

  test("moving onto a time someone holds is refused and nothing changes; moving onto one's own time's neighbour works", async () => {
    await app.book(ann, start);
    await app.book({ name: "Bo Chen", email: "bo@example.com" }, "2026-06-02T19:00:00Z");
    const token = manageToken((await app.deliver()).find((raw) => to(raw) === ann.email)!)!;
    const refused = await app.postManage(token, { intent: "reschedule", start: "2026-06-02T19:00:00Z" });
    expect(refused).toMatchObject({ init: { status: 409 }, data: { error: expect.stringContaining("just taken") } });
    const bookings = await database.db
      .selectFrom("bookings")
      .select(["start_at", "sequence"])
      .orderBy("start_at")
      .execute();
    expect(bookings).toEqual([
      { start_at: "2026-06-02T17:00:00.000Z", sequence: 0 },
      { start_at: "2026-06-02T19:00:00.000Z", sequence: 0 },
    ]);
    expect(await app.deliver()).toEqual([]);
    // Half an hour later overlaps its own buffer only: the meeting being moved does not block itself.
    expect(await app.postManage(token, { intent: "reschedule", start: "2026-06-02T17:30:00Z" })).toMatchObject({
      status: 303,
    });
    expect(await app.postManage(token, { intent: "reschedule", start: "not a time" })).toMatchObject({
      init: { status: 400 },
    });
  });

  test("the team moves a meeting from the workspace: the visitor is told as from their manage link, with a link that works; the audit says who", async () => {
    const { moveMeetingOf } = await import("#app/workspace/inbox/inbox.server.ts");
    const { listAudit } = await import("#app/workspace/people/audit.server.ts");
    const lead = { id: "staff-1", email: "lead@company.example" };
    await app.book(ann, start);
    await app.book({ name: "Bo Chen", email: "bo@example.com" }, "2026-06-02T19:00:00Z");
    const booked = await app.deliver();
    const oldToken = manageToken(booked.find((raw) => to(raw) === ann.email)!)!;
    const uid = invitationOf(booked.find((raw) => to(raw) === ann.email)!)!.uid;
    const { id } = await database.db
      .selectFrom("bookings")
      .select("id")
      .where("start_at", "=", "2026-06-02T17:00:00.000Z")
      .executeTakeFirstOrThrow();

    // The free-time rules of the manage link: a held time is refused and nothing changes.
    expect(await moveMeetingOf(app.db, id, Temporal.Instant.from("2026-06-02T19:00:00Z"), lead, now)).toBe("taken");
    expect(await app.deliver()).toEqual([]);

    expect(await moveMeetingOf(app.db, id, Temporal.Instant.from("2026-06-03T18:00:00Z"), lead, now)).toBe("moved");
    const moved = await app.deliver();
    expect(moved.map(to).sort()).toEqual([ann.email, teamMailbox]);
    for (const raw of moved)
      expect(invitationOf(raw)).toMatchObject({
        method: "REQUEST",
        uid,
        sequence: 1,
        start: "2026-06-03T18:00:00.000Z",
      });
    const forAnn = moved.find((raw) => to(raw) === ann.email)!;
    expect(textOf(forAnn)).toMatch(
      /Your meeting on Tuesday, June 2, 2026 at 7:00\sPM Central European Summer Time has moved to a new time\./,
    );
    // Only the link's hash is kept, so the e-mail brings a new one; it opens the moved meeting, the old one nothing.
    const newToken = manageToken(forAnn)!;
    expect(newToken).toMatch(/^[\w-]{43}$/);
    expect(newToken).not.toBe(oldToken);
    expect(invitationOf(forAnn)!.description).toContain(`/contact/meeting/manage/${newToken}`);
    expect((await app.openManage(newToken)).meeting).toMatchObject({
      cancelled: false,
      yourTime: expect.stringMatching(/^Your time: Wednesday, June 3, 2026 at 8:00\sPM/),
    });
    expect((await app.openManage(oldToken)).status).toBe(404);
    // The team's copy says it was moved in the workspace, not by the visitor.
    expect(textOf(moved.find((raw) => to(raw) === teamMailbox)!)).toMatch(
      new RegExp(`The meeting with ${ann.name} was moved in the workspace from Tuesday, June 2, 2026 at 10:00\\sAM`),
    );
    expect((await listAudit(app.db)).map((event) => [event.action, event.actor_email, event.target])).toContainEqual([
      "move-meeting",
      lead.email,
      id,
    ]);

    // Cancelled (or over), it can no longer be moved: nothing changes, nothing is sent.
    await app.postManage(newToken, { intent: "cancel-confirmed" });
    await app.deliver();
    expect(await moveMeetingOf(app.db, id, Temporal.Instant.from("2026-06-04T18:00:00Z"), lead, now)).toBe("gone");
    expect(await app.deliver()).toEqual([]);
  });

  test("one address holds at most BOOKING_MAX_UPCOMING_PER_EMAIL meetings to come", async () => {
    await app.close();
    app = await startApp(database, { BOOKING_MAX_UPCOMING_PER_EMAIL: "2" });
    expect(await app.book(ann, "2026-06-02T17:00:00Z")).toMatchObject({ status: 303 });
    expect(await app.book({ ...ann, email: "ANN@example.com" }, "2026-06-03T17:00:00Z")).toMatchObject({ status: 303 });
    const third = await app.book(ann, "2026-06-04T17:00:00Z");
    expect(third).toMatchObject({ init: { status: 409 } });
    expect(JSON.stringify((third as { data: unknown }).data)).toContain("You already have 2 meetings booked with us");
    expect(await database.db.selectFrom("bookings").select("id").execute()).toHaveLength(2);
    // Someone else still books.
    expect(await app.book({ name: "Bo Chen", email: "bo@example.com" }, "2026-06-04T17:00:00Z")).toMatchObject({
      status: 303,
    });
  });

  test("a reminder goes once, BOOKING_REMINDER_HOURS before, without the calendar part; none for a meeting booked later than that", async () => {
    await app.book(ann, start);
    await app.book({ name: "Bo Chen", email: "bo@example.com" }, "2026-06-01T20:00:00Z"); // 8 hours ahead
    expect(await app.deliver()).toHaveLength(4);
    const early = new Date("2026-06-01T16:59:00Z");
    expect(await app.reminders.queueDueReminders(app.db, early)).toBe(0);
    const due = new Date("2026-06-01T17:00:00Z");
    // Two instances checking at once: one reminder.
    const counts = await Promise.all([
      app.reminders.queueDueReminders(app.db, due),
      app.reminders.queueDueReminders(app.db, due),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await app.reminders.queueDueReminders(app.db, new Date("2026-06-01T18:00:00Z"))).toBe(0);
    const [reminder, ...more] = await app.deliver();
    expect(more).toEqual([]);
    expect(to(reminder!)).toBe(ann.email);
    expect(mailHeader(reminder!, "subject")).toMatch(/^Reminder: your meeting with Lumen Software/);
    expect(textOf(reminder!)).toMatch(/Video call: https:\/\/meet\.example\/lumen-/);
    expect(invitationOf(reminder!)).toBeNull();
  });

  test("an erasure cancels the meeting in the team's calendar with an event that names nobody, and writes nothing to the person", async () => {
    await app.book(ann, "2099-06-02T17:00:00Z", new Date("2099-06-01T12:00:00Z"));
    expect(await app.deliver(new Date("2099-06-01T12:00:00Z"))).toHaveLength(2);
    const { eraseAddress } = await import("#app/privacy/requests.server.ts");
    const erased = await eraseAddress(app.db, "secret", ann.email, {
      dataDir: database.dataDir,
      now: new Date("2099-06-01T13:00:00Z"),
    });
    expect(erased.meetings).toBe(1);
    const [notice, ...more] = await app.deliver(new Date("2099-06-01T13:00:00Z"));
    expect(more).toEqual([]);
    expect(to(notice!)).toBe(teamMailbox);
    const cancel = invitationOf(notice!)!;
    expect(cancel).toMatchObject({ method: "CANCEL", sequence: 1, attendee: null });
    expect(notice).not.toContain("Ann");
    expect(notice).not.toContain(ann.email);
    // The notice outlives the erasure of the submission it was about.
    expect(await database.db.selectFrom("outbox").select("submission_id").execute()).toEqual([{ submission_id: null }]);
    // The invitations to her and to the team were files of the local outbox: they went with her data.
    const folder = path.join(database.dataDir, "mail");
    const left = readdirSync(folder).map((file) => readFileSync(path.join(folder, file), "utf8"));
    expect(left).toEqual([notice]);
  });

  test("the team's webhooks hear of the booking and of its cancellation, signed and without the visitor's details", async () => {
    const receiver = await startReceiver();
    try {
      await app.close();
      app = await startApp(database, {
        WEBHOOK_ENDPOINTS: JSON.stringify([{ name: "crm", url: receiver.url, secret: testSecret, allowPrivate: true }]),
      });
      await app.book(ann, start);
      const token = manageToken((await app.deliver()).find((raw) => to(raw) === ann.email)!)!;
      expect(await app.postManage(token, { intent: "cancel-confirmed" })).toMatchObject({ status: 303 });
      await vi.waitFor(() => expect(receiver.received).toHaveLength(2), { timeout: 15_000, interval: 100 });
      const payloads = receiver.received.map((webhook) => verify(webhook));
      const [booking] = await database.db.selectFrom("bookings").select(["id", "submission_id"]).execute();
      expect(payloads.map((payload) => payload.type).sort()).toEqual(["meeting.cancelled", "submission.created"]);
      const cancelled = payloads.find((payload) => payload.type === "meeting.cancelled")!;
      expect(cancelled.data).toMatchObject({ id: booking!.submission_id, kind: "meeting", bookingId: booking!.id });
      for (const webhook of receiver.received) {
        expect(webhook.body).not.toContain(ann.email);
        expect(webhook.body).not.toContain(ann.name);
      }
    } finally {
      await receiver.close();
    }
  });

  test("the team lists, shows and cancels meetings from the command line, and the visitor is told", async () => {
    // A meeting still to come by the real clock, since the command reads it.
    const { freeTimes } = await import("#app/booking/free-times.ts");
    const { availabilityFromEnv } = await import("#app/booking/availability.ts");
    const { parseConfig } = await import("#app/config.ts");
    const realNow = Temporal.Now.instant();
    const days = freeTimes({
      availability: availabilityFromEnv(parseConfig(app.env)),
      now: realNow,
      bookings: [],
      visitorTimeZone: "UTC",
    });
    const slot = days.flatMap((day) => day.slots)[0]!.start;
    expect(await app.book(ann, slot, new Date(realNow.epochMilliseconds))).toMatchObject({ status: 303 });
    await app.deliver();
    const [booking] = await database.db.selectFrom("bookings").select("id").execute();

    const list = await runScript("bookings.ts", ["list"], app.env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ID\s+TIME \(America\/Los_Angeles\)\s+STATUS\s+BOOKED BY$/m);
    expect(list.stdout).toContain(`${booking!.id}`);
    expect(list.stdout).toMatch(/Booked\s+Ann Lee/);

    const show = await runScript("bookings.ts", ["show", booking!.id.slice(0, 20)], app.env);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain("Booked by:   Ann Lee <ann@example.com>");
    expect(show.stdout).toMatch(/Their time: {2}.* Central European (Summer|Standard) Time/);

    const cancel = await runScript("bookings.ts", ["cancel", booking!.id], app.env);
    expect(cancel.code).toBe(0);
    expect(cancel.stdout).toContain("its time is free again");
    const told = await app.deliver();
    expect(told.map(to).sort()).toEqual([ann.email, teamMailbox]);
    for (const raw of told) expect(invitationOf(raw)).toMatchObject({ method: "CANCEL", sequence: 1 });

    const again = await runScript("bookings.ts", ["cancel", booking!.id], app.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already cancelled");
    expect((await runScript("bookings.ts", ["show", "zzz"], app.env)).stderr).toContain(
      "No meeting has an id starting with",
    );
    expect((await runScript("bookings.ts", ["list"], app.env)).stdout).toContain("No meetings to come");
    // The workspace's words, in every listing: cancelled by whom, never "New".
    expect((await runScript("bookings.ts", ["list", "--all"], app.env)).stdout).toMatch(
      /Cancelled by the team\s+Ann Lee/,
    );
    const submissions = await runScript("submissions.ts", ["list", "--kind", "meeting"], app.env);
    expect(submissions.stdout).toContain("Cancelled by the team");
    expect(submissions.stdout).not.toContain("New");
    // Eight commands, each a Node process of its own: seconds apiece on a busy machine.
  }, 60_000);
});
