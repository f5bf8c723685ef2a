import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type NewSubmission, getSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { applicationFields } from "#app/careers/application-fields.ts";
import { listAudit } from "#app/workspace/people/audit.server.ts";
import { readableAudit } from "#app/workspace/people/audit-sentences.server.ts";
import { env } from "#app/platform/env.server.ts";
import {
  exportInbox,
  getFile,
  InboxFilterSchema,
  listInbox,
  openApplicationsByPosting,
  pageSize,
  setNote,
  setProgress,
  setSpam,
} from "#app/workspace/inbox/inbox.server.ts";
import {
  endSession,
  openedElsewhere,
  readSession,
  requireSameOrigin,
  safeNext,
  startSession,
} from "#app/workspace/sign-in/session.server.ts";
import { listPasskeys, removePasskey } from "#app/workspace/sign-in/passkeys.server.ts";
import {
  findInvitation,
  inviteStaff,
  listStaff,
  removeStaff,
  setStaffRole,
  wasSuperseded,
} from "#app/workspace/people/staff.server.ts";
import { hashToken } from "#app/platform/tokens.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

const minutes = (count: number) => count * 60_000;

function inquiry(name: string, company: string, at?: string): NewSubmission {
  return {
    kind: "contact",
    description: inquiryFields,
    fields: {
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
      company,
      project: `Project of ${name}`,
      budget: "10k-25k",
      phone: null,
    },
    files: [],
    spamReason: null,
    formKey: at ?? null,
    messageIdDomain: "example.org",
    notification: ({ id }) => ({
      recipient: "hello@example.com",
      replyTo: null,
      subject: id,
      text: "t",
      html: "<p>t</p>",
    }),
  };
}

describe.each(engines)("the workspace on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  /** A passkey as enrolment stores it (its key is never checked here). */
  const addPasskeyOf = (staffId: string, id: string) =>
    database.db
      .insertInto("passkeys")
      .values({
        id,
        staff_id: staffId,
        public_key: Buffer.from([1]),
        counter: 0,
        transports: "[]",
        created_at: "2026-11-23T10:00:00.000Z",
        last_used_at: null,
      })
      .execute();

  test("the first person invited is an admin, the next a member; a link works for 24 hours", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const first = await inviteStaff(database.db, { email: " Boss@Company.Example ", actor: null }, now);
    const second = await inviteStaff(database.db, { email: "lead@company.example", actor: null }, now);
    expect(first.staff).toMatchObject({ email: "boss@company.example", role: "admin" });
    expect(second.staff.role).toBe("member");
    expect(
      await findInvitation(database.db, hashToken(first.token), new Date(now.getTime() + minutes(24 * 60 - 1))),
    ).toMatchObject({ email: "boss@company.example" });
    expect(
      await findInvitation(database.db, hashToken(first.token), new Date(now.getTime() + minutes(24 * 60 + 1))),
    ).toBeNull();
    expect(await findInvitation(database.db, hashToken("not-a-token"), now)).toBeNull();
    // Inviting again (a lost passkey) keeps the person and their role.
    await inviteStaff(database.db, { email: "BOSS@company.example", actor: null }, now);
    expect((await listStaff(database.db)).map((person) => [person.email, person.role])).toEqual([
      ["boss@company.example", "admin"],
      ["lead@company.example", "member"],
    ]);
  });

  test("the workspace always keeps an admin who can sign in: the last one is neither removed nor made a member", async () => {
    const { staff: boss } = await inviteStaff(database.db, { email: "boss@company.example", actor: null });
    await inviteStaff(database.db, { email: "lead@company.example", actor: null });
    expect(await removeStaff(database.db, "boss@company.example", null)).toBe("last-admin");
    expect(await setStaffRole(database.db, "boss@company.example", "member", null)).toBe("last-admin");
    // Invited again after a lost passkey, with the page's default role: still the admin.
    await inviteStaff(database.db, { email: "boss@company.example", role: "member", actor: null });
    expect(await setStaffRole(database.db, "nobody@company.example", "admin", null)).toBe("not-found");
    expect(await setStaffRole(database.db, "lead@company.example", "admin", null)).toBe("done");
    // Two admins, but neither has ever been able to sign in: neither may go.
    expect(await setStaffRole(database.db, "boss@company.example", "member", null)).toBe("last-admin");
    await addPasskeyOf(boss.id, "boss-laptop");
    // The boss is the only admin who can sign in; the lead's invitation may expire unused.
    expect(await removeStaff(database.db, "boss@company.example", null)).toBe("last-admin");
    expect(await setStaffRole(database.db, "boss@company.example", "member", null)).toBe("last-admin");
    expect(await removeStaff(database.db, "lead@company.example", null)).toBe("done");
    await inviteStaff(database.db, { email: "lead@company.example", role: "admin", actor: null });
    await addPasskeyOf(
      (await listStaff(database.db)).find((person) => person.email === "lead@company.example")!.id,
      "lead-phone",
    );
    expect(await setStaffRole(database.db, "boss@company.example", "member", null)).toBe("done");
    expect(await removeStaff(database.db, "lead@company.example", null)).toBe("last-admin");
    expect((await listStaff(database.db)).map((person) => [person.email, person.role])).toEqual([
      ["boss@company.example", "member"],
      ["lead@company.example", "admin"],
    ]);
  });

  test("an admin who signs in with the company's account counts as one who can sign in", async () => {
    const { staff: boss } = await inviteStaff(database.db, { email: "boss@company.example", actor: null });
    await addPasskeyOf(boss.id, "boss-laptop");
    const { staff: partner } = await inviteStaff(database.db, {
      email: "partner@company.example",
      role: "admin",
      actor: null,
    });
    expect(await removeStaff(database.db, "boss@company.example", null)).toBe("last-admin");
    await database.db
      .updateTable("staff")
      .set({ openid_signed_in_at: "2026-11-23T10:00:00.000Z" })
      .where("id", "=", partner.id)
      .execute();
    expect(await removeStaff(database.db, "boss@company.example", null)).toBe("done");
    expect(await removeStaff(database.db, "partner@company.example", null)).toBe("last-admin");
  });

  test("a new invitation for an address ends the earlier ones: only the latest link enrols", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const first = await inviteStaff(database.db, { email: "lead@company.example", actor: null }, now);
    const second = await inviteStaff(database.db, { email: "lead@company.example", actor: null }, now);
    const other = await inviteStaff(database.db, { email: "other@company.example", actor: null }, now);
    expect(await findInvitation(database.db, hashToken(first.token), now)).toBeNull();
    expect(await wasSuperseded(database.db, hashToken(first.token))).toBe(true);
    expect(await findInvitation(database.db, hashToken(second.token), now)).toMatchObject({
      email: "lead@company.example",
    });
    expect(await wasSuperseded(database.db, hashToken(second.token))).toBe(false);
    // Another person's invitation is theirs alone.
    expect(await findInvitation(database.db, hashToken(other.token), now)).toMatchObject({
      email: "other@company.example",
    });
    expect(await wasSuperseded(database.db, hashToken("not-a-token"))).toBe(false);
  });

  test("a person removes their own passkeys but the last, and nobody else's", async () => {
    const { staff: owner } = await inviteStaff(database.db, { email: "boss@company.example", actor: null });
    const { staff: other } = await inviteStaff(database.db, { email: "lead@company.example", actor: null });
    const passkey = (id: string, staffId: string) => ({
      id,
      staff_id: staffId,
      public_key: Buffer.from([1]),
      counter: 0,
      transports: "[]",
      created_at: "2026-11-23T10:00:00.000Z",
      last_used_at: null,
    });
    await database.db
      .insertInto("passkeys")
      .values([passkey("laptop", owner.id), passkey("phone", owner.id), passkey("theirs", other.id)])
      .execute();
    const actor = { id: owner.id, email: owner.email };
    expect(await removePasskey(database.db, actor, "theirs")).toBe("not-found");
    expect(await removePasskey(database.db, actor, "laptop")).toBe("done");
    expect(await removePasskey(database.db, actor, "phone")).toBe("last");
    expect((await listPasskeys(database.db, owner.id)).map((entry) => entry.id)).toEqual(["phone"]);
    expect((await listPasskeys(database.db, other.id)).map((entry) => entry.id)).toEqual(["theirs"]);
  });

  test("a session ends when idle, at its absolute limit, on sign-out, and when its person is removed", async () => {
    await inviteStaff(database.db, { email: "boss@company.example", actor: null });
    const { staff } = await inviteStaff(database.db, { email: "lead@company.example", actor: null });
    const start = new Date("2026-11-23T08:00:00Z");
    const token = await startSession(database.db, staff.id, start);
    expect(await readSession(database.db, token, new Date(start.getTime() + minutes(119)))).toMatchObject({
      staff: { email: "lead@company.example" },
    });
    // Active use keeps it going, up to the absolute limit (12 hours by default).
    for (let hour = 1; hour < 12; hour += 1)
      expect(await readSession(database.db, token, new Date(start.getTime() + minutes(hour * 60)))).not.toBeNull();
    expect(await readSession(database.db, token, new Date(start.getTime() + minutes(12 * 60)))).toBeNull();

    const idle = await startSession(database.db, staff.id, start);
    expect(await readSession(database.db, idle, new Date(start.getTime() + minutes(121)))).toBeNull();

    const signedOut = await startSession(database.db, staff.id, start);
    const session = await readSession(database.db, signedOut, start);
    await endSession(database.db, session!.sessionId);
    expect(await readSession(database.db, signedOut, start)).toBeNull();

    const removed = await startSession(database.db, staff.id, start);
    await removeStaff(database.db, "lead@company.example", null);
    expect(await readSession(database.db, removed, start)).toBeNull();
    expect(await readSession(database.db, "forged-token", start)).toBeNull();
  });

  test("the inbox pages newest first without gaps or repeats, filters by state and finds words anywhere", async () => {
    const total = pageSize * 2 + 7;
    for (let index = 0; index < total; index += 1) {
      await storeSubmission(
        database.db,
        inquiry(`Person ${index}`, index === 42 ? "Analytical Engines 100%_Ltd" : "Acme"),
      );
    }
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await listInbox(database.db, InboxFilterSchema.parse({ after }));
      seen.push(...page.rows.map((row) => row.sender.name));
      after = page.nextAfter ?? undefined;
    } while (after);
    expect(seen).toHaveLength(total);
    expect(seen[0]).toBe(`Person ${total - 1}`);
    expect(new Set(seen).size).toBe(total);

    const [match] = (await listInbox(database.db, InboxFilterSchema.parse({ q: "analytical 100%_" }))).rows;
    expect(match?.sender).toEqual({
      name: "Person 42",
      email: "person@example.com",
      company: "Analytical Engines 100%_Ltd",
    });
    // % and _ are searched as themselves, not as wildcards.
    expect((await listInbox(database.db, InboxFilterSchema.parse({ q: "acme%" }))).rows).toHaveLength(0);

    await setProgress(database.db, match!.id, "done", { id: "staff-1", email: "lead@company.example" });
    expect((await listInbox(database.db, InboxFilterSchema.parse({ q: "analytical" }))).rows).toHaveLength(0);
    expect(
      (await listInbox(database.db, InboxFilterSchema.parse({ q: "analytical", state: "done" }))).rows,
    ).toHaveLength(1);
    // Unknown filter values mean no filter, never an error.
    expect(InboxFilterSchema.parse({ state: "nonsense", kind: "other", after: "x" })).toEqual({ state: "open" });
  });

  test("an export holds everything the filter chooses, on every page, oldest first, and the trail counts it", async () => {
    const rows = Array.from({ length: 520 }, (_, index) => ({
      id: `0190f0f0-0000-7000-8000-${String(index).padStart(12, "0")}`,
      kind: "contact" as const,
      status: index % 10 === 0 ? ("spam" as const) : ("received" as const),
      created_at: "2026-11-23T10:00:00.000Z",
      job_slug: null,
      fields: JSON.stringify({
        name: `Visitor ${index}`,
        email: `visitor${index}@example.com`,
        project: index % 2 ? "A rocket" : "A boat",
      }),
      spam_reason: index % 10 === 0 ? "honeypot" : null,
      form_key: null,
    }));
    await database.db.insertInto("submissions").values(rows).execute();
    const actor = { id: "staff-1", email: "lead@company.example" };
    const boats = await exportInbox(database.db, InboxFilterSchema.parse({ q: "boat" }), "csv", actor);
    const expected = rows.filter((row, index) => index % 2 === 0 && row.status === "received").map((row) => row.id);
    expect(boats.map((record) => record.id)).toEqual(expected);
    expect(boats.length).toBeGreaterThan(pageSize);
    expect(
      (await exportInbox(database.db, InboxFilterSchema.parse({ state: "spam" }), "json", actor)).every(
        (record) => record.status === "spam",
      ),
    ).toBe(true);
    // The trail keeps what was exported (never the search's words) and reads it as a sentence.
    const events = await listAudit(database.db);
    expect(events.map((event) => [event.action, JSON.parse(event.detail ?? "{}")])).toEqual([
      ["export", { count: 52, kind: null, state: "spam", meeting: null, job: null, search: false, format: "json" }],
      [
        "export",
        { count: expected.length, kind: null, state: "open", meeting: null, job: null, search: true, format: "csv" },
      ],
    ]);
    expect((await readableAudit(database.db, events, "UTC")).map((line) => line.sentence.join(""))).toEqual([
      "Exported 52 submissions, spam, as JSON",
      `Exported ${expected.length} submissions, not done, matching a search, as CSV`,
    ]);
  });

  test("the posting filter counts each posting's applications that are new or in progress, not done ones, spam or inquiries", async () => {
    const apply = (job: string | null, spamReason: string | null = null): NewSubmission => ({
      ...inquiry("Ada Lovelace", "Acme"),
      kind: "application",
      description: applicationFields,
      jobSlug: job,
      jobTitle: job === "data-scientist" ? "Data Scientist" : job === "product-manager" ? "Product Manager" : null,
      spamReason,
    });
    const stored = [];
    for (const job of ["data-scientist", "data-scientist", "data-scientist", "product-manager", null])
      stored.push(await storeSubmission(database.db, apply(job)));
    await storeSubmission(database.db, apply("product-manager", "honeypot"));
    await storeSubmission(database.db, inquiry("Grace Hopper", "Navy"));
    await setProgress(database.db, stored[1]!.id, "in_progress", null);
    await setProgress(database.db, stored[2]!.id, "done", null);
    await setProgress(database.db, stored[3]!.id, "done", null);
    const counts = await openApplicationsByPosting(database.db);
    expect(counts.sort((a, b) => String(a.job).localeCompare(String(b.job)))).toEqual([
      { job: "data-scientist", jobTitle: "Data Scientist", count: 2 },
      { job: null, jobTitle: null, count: 1 },
    ]);
  });

  test("the audit trail says who did what to which submission, without what the visitor wrote", async () => {
    const stored = await storeSubmission(database.db, inquiry("Grace Hopper", "Compilers"));
    const actor = { id: "staff-1", email: "lead@company.example" };
    await setNote(database.db, stored.id, "Called Grace Hopper back on Monday", actor);
    await setProgress(database.db, stored.id, "in_progress", actor);
    const trail = await listAudit(database.db);
    expect(trail.map((event) => [event.actor_email, event.action, event.target, event.detail])).toEqual([
      ["lead@company.example", "status", stored.id, "in_progress"],
      ["lead@company.example", "note", stored.id, "34 characters"],
    ]);
    expect(JSON.stringify(trail)).not.toContain("Grace");
  });

  test("releasing what the spam check caught sends the notification it would have got, once, in the team's words", async () => {
    const caught = { ...inquiry("Ada Lovelace", "Analytical Engines"), spamReason: "too-fast" };
    caught.fields = { ...caught.fields, budget: "25k-50k", source: "A friend" };
    caught.files = [{ name: "brief.pdf", type: "application/pdf", content: Buffer.from("%PDF-1.4 brief") }];
    const stored = await storeSubmission(database.db, caught);
    const actor = { id: "staff-1", email: "lead@company.example" };
    const outbox = () => database.db.selectFrom("outbox").selectAll().where("submission_id", "=", stored.id).execute();
    expect(await outbox()).toEqual([]);

    expect(await setSpam(database.db, stored.id, false, actor)).toBe(true);
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      recipient: env.CONTACT_EMAIL,
      reply_to: "ada@example.com",
      subject: "New inquiry from Ada Lovelace (Analytical Engines)",
      status: "pending",
    });
    expect(mail?.text_body).toContain(`${env.SITE_URL}/workspace/submissions/${stored.id}`);
    expect(mail?.text_body).toContain("Budget: $25k–$50k");
    expect(mail?.text_body).toContain("Heard of us through: A friend");
    expect(mail?.text_body).toContain("Project:\nProject of Ada Lovelace");
    expect(mail?.text_body).toContain("- brief.pdf (14 B, application/pdf)");
    expect(mail?.text_body).not.toMatch(/Please Choose|25k-50k/);

    // Marked spam by mistake and released again: the team was told already, and is not told twice.
    await setSpam(database.db, stored.id, true, actor);
    await setSpam(database.db, stored.id, false, actor);
    expect(await outbox()).toHaveLength(1);
    expect((await listAudit(database.db)).map((event) => [event.action, event.detail])).toEqual([
      ["not-spam", null],
      ["spam", null],
      ["not-spam", "notification sent"],
    ]);
  });

  test("a file name stored with hidden characters reads cleaned: on its page, in its download and in the notification", async () => {
    // Stored as a version before the cleaning would have: the name as the browser sent it, which reads as "brief.pdf.txt".
    const caught = { ...inquiry("Ada Lovelace", "Analytical Engines"), spamReason: "too-fast" };
    caught.files = [
      { name: "brief\u202Etxt.fdp\u2066\u200B\u0007.txt", type: "text/plain", content: Buffer.from("A plan.") },
    ];
    const stored = await storeSubmission(database.db, caught);
    expect((await getSubmission(database.db, stored.id))?.attachments).toEqual([
      { name: "brieftxt.fdp.txt", size: 7, type: "text/plain" },
    ]);
    expect((await getFile(database.db, stored.id, 0))?.name).toBe("brieftxt.fdp.txt");
    await setSpam(database.db, stored.id, false, { id: "staff-1", email: "lead@company.example" });
    const mail = await database.db
      .selectFrom("outbox")
      .selectAll()
      .where("submission_id", "=", stored.id)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("- brieftxt.fdp.txt (7 B, text/plain)");
    expect(mail.html_body).toContain("brieftxt.fdp.txt");
    expect(`${mail.text_body}${mail.html_body}`).not.toMatch(/[\u202E\u2066\u200B\u0007]/);
  });
});

describe("requests the workspace accepts", () => {
  // The tests' SITE_URL is http://localhost:3000.
  const post = (headers: Record<string, string>, url = "http://localhost:3000/workspace") =>
    new Request(url, { method: "POST", headers });

  test("a post from the workspace's own pages at SITE_URL passes; a cross-site one or one that says nothing is refused", () => {
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(() => requireSameOrigin(post({ "Sec-Fetch-Site": "same-origin" }))).not.toThrow();
    expect(() => requireSameOrigin(post({ Origin: "http://localhost:3000" }))).not.toThrow();
    expect(() =>
      requireSameOrigin(post({ "Sec-Fetch-Site": "same-origin", Origin: "http://localhost:3000" })),
    ).not.toThrow();
    // Behind a proxy the request's own address is the internal one: SITE_URL decides.
    expect(() =>
      requireSameOrigin(
        post({ "Sec-Fetch-Site": "same-origin", Origin: "http://localhost:3000" }, "http://10.0.0.5:8080/workspace"),
      ),
    ).not.toThrow();
    const refused: Array<Record<string, string>> = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "https://attacker.example" },
      { "Sec-Fetch-Site": "cross-site", Origin: "http://localhost:3000" },
      { Origin: "null" },
      {},
    ];
    for (const headers of refused) {
      expect(() => requireSameOrigin(post(headers)), JSON.stringify(headers)).toThrow();
    }
  });

  test("a post whose Origin matches only the Host it was sent to is refused: SITE_URL's origin decides", () => {
    // A page on another name or port that reaches this server (DNS rebinding, a changed PORT).
    for (const origin of ["http://localhost:3400", "http://127.0.0.1:3000", "http://rebound.attacker.example:3000"]) {
      const url = `${origin}/workspace`;
      expect(() => requireSameOrigin(post({ Origin: origin }, url)), origin).toThrow();
      expect(() => requireSameOrigin(post({ "Sec-Fetch-Site": "same-origin", Origin: origin }, url)), origin).toThrow();
      expect(openedElsewhere(post({ "Sec-Fetch-Site": "same-origin", Origin: origin }, url))).toEqual({
        actual: origin,
        expected: "http://localhost:3000",
      });
    }
    // Only the page itself is "opened elsewhere"; a cross-site post is just refused.
    expect(openedElsewhere(post({ "Sec-Fetch-Site": "cross-site", Origin: "https://attacker.example" }))).toBeNull();
    expect(openedElsewhere(post({ Origin: "http://localhost:3400" }, "http://localhost:3400/workspace"))).toBeNull();
    expect(openedElsewhere(post({ "Sec-Fetch-Site": "same-origin", Origin: "http://localhost:3000" }))).toBeNull();
  });

  test("after sign-in a visitor goes back only to a workspace address", () => {
    expect(safeNext("/workspace/submissions/1?saved=1")).toBe("/workspace/submissions/1?saved=1");
    for (const value of [
      "https://attacker.example/workspace",
      "//attacker.example",
      "/workspace\\@attacker",
      "/about",
      null,
    ]) {
      expect(safeNext(value)).toBe("/workspace");
    }
  });
});
