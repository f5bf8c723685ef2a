import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { clientAddressHeader } from "#app/platform/rate-limit.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { startReceiver, testSecret, verify } from "#tests/helpers/webhook-receiver.ts";

// What follows a form post, through the real pipeline and the server's own workers: the
// visitor's receipt (fixed text, never for spam, a few a day to one address) and the webhook
// event, delivered by the webhook worker to a receiver on a loopback port. The server's modules
// read the environment once, so each test gets fresh ones.

const pdf = Buffer.from("%PDF-1.4\n% cv\n%%EOF\n", "latin1");

/** Typed by the visitor: none of it may appear in a receipt. The name carries a spammer's link, as in the reports. */
const typed = {
  name: "Visit https://cheap-pills.example now",
  phone: "+1 555 010 2030",
  company: "Pills & Co <b>bold</b>",
  project: "Buy cheap pills at https://cheap-pills.example, best prices",
  source: "A friend said pills",
};
const typedWords = ["cheap-pills", "Pills", "pills", "555 010", "bold"];

type Server = Awaited<ReturnType<typeof startServer>>;

async function startServer(database: TestDatabase, env: Record<string, string>) {
  vi.stubEnv("DATA_DIR", database.dataDir);
  vi.stubEnv("DATABASE_URL", database.databaseUrl ?? "");
  vi.stubEnv("FORM_MIN_SECONDS", "0");
  vi.stubEnv("RATE_LIMIT_MAX", "100");
  vi.stubEnv("SMTP_URL", "");
  vi.stubEnv("LOG_LEVEL", "silent");
  vi.stubEnv("SITE_URL", "https://www.example.org");
  vi.stubEnv("CONTACT_EMAIL", "hello@example.org");
  vi.stubEnv("CAREERS_EMAIL", "jobs@example.org");
  vi.stubEnv("RECEIPTS", "");
  vi.stubEnv("RECEIPT_DAILY_LIMIT", "");
  vi.stubEnv("WEBHOOK_ENDPOINTS", "");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { submitContactForm } = await import("#app/contact/contact.server.ts");
  const { submitApplication } = await import("#app/careers/application.server.ts");
  const { issueFormStamp } = await import("#app/forms/form-guard.server.ts");
  const { getServices } = await import("#app/platform/services.server.ts");
  const services = await getServices();
  const post = (path: string, purpose: string, fields: Record<string, string>, files: Record<string, Buffer> = {}) => {
    const body = new FormData();
    body.set("form-started", issueFormStamp(services.secret, purpose));
    body.set("website", "");
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    for (const [name, content] of Object.entries(files))
      body.set(name, new File([new Uint8Array(content)], "cv.pdf", { type: "application/pdf" }));
    return new Request(`https://www.example.org${path}`, {
      method: "POST",
      body,
      headers: { [clientAddressHeader]: "192.0.2.10" },
    });
  };
  return {
    sendInquiry: async (email: string, extra: Record<string, string> = {}) =>
      submitContactForm(post("/contact", "contact", { ...typed, email, budget: "25k-50k", ...extra })),
    sendApplication: async (email: string) =>
      submitApplication(
        post(
          "/careers/apply",
          "application",
          {
            firstName: "Visit",
            lastName: "https://cheap-pills.example",
            email,
            consent: "on",
            coverNote: typed.project,
          },
          { resume: pdf },
        ),
        undefined,
      ),
    close: () => services.close(),
  };
}

describe.each(engines)("after a form post on %s", (engine) => {
  let database: TestDatabase;
  let server: Server | undefined;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await database.cleanup();
  });

  const submissions = () =>
    database.db.selectFrom("submissions").select(["id", "kind", "status", "created_at"]).orderBy("id").execute();
  const receipts = () =>
    database.db
      .selectFrom("outbox")
      .innerJoin("receipts", "receipts.outbox_id", "outbox.id")
      .select([
        "outbox.submission_id",
        "outbox.recipient",
        "outbox.reply_to",
        "outbox.subject",
        "outbox.text_body",
        "outbox.html_body",
      ])
      .orderBy("outbox.id")
      .execute();

  test("an inquiry's receipt goes to its sender with the reference, the time and the promise, and nothing they typed", async () => {
    server = await startServer(database, {});
    const answer = await server.sendInquiry("Visitor@Example.com");
    expect(answer).toBeInstanceOf(Response);
    const [stored] = await submissions();
    const [receipt] = await receipts();
    expect(receipt).toMatchObject({
      submission_id: stored?.id,
      recipient: "Visitor@Example.com",
      reply_to: "hello@example.org",
      subject: "We received your inquiry",
    });
    const when = new Intl.DateTimeFormat("en-US", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "UTC",
      hourCycle: "h23",
    }).format(new Date(stored!.created_at));
    expect(receipt?.text_body).toContain(`Your inquiry arrived on ${when} UTC (reference ${stored?.id}).`);
    expect(receipt?.text_body).toContain("We answer every inquiry within 24 hours.");
    expect(receipt?.text_body).toContain("What happens next:\n1. ");
    for (const body of [receipt?.text_body, receipt?.html_body, receipt?.subject]) {
      for (const word of [...typedWords, "Visitor@Example.com", "visitor@example.com"])
        expect(body).not.toContain(word);
    }
    // The team's notification is there too, and the receipt shows as such on the submission.
    const { getSubmission } = await import("#app/forms/submissions.server.ts");
    expect((await getSubmission(database.db, stored!.id))?.mail.map((mail) => mail.receipt)).toEqual([false, true]);
    // The address is not stored anywhere new: the receipts table holds a keyed hash of it.
    const [row] = await database.db.selectFrom("receipts").selectAll().execute();
    expect(JSON.stringify(row).toLowerCase()).not.toContain("visitor@example.com");
  });

  test("the receipt gives the time in the zone the visitor's browser said, with UTC beside it", async () => {
    server = await startServer(database, {});
    // Chromium says Kolkata by its old name; a zone nobody knows counts as none.
    await server.sendInquiry("asha@example.com", { "visitor-zone": "Asia/Calcutta" });
    await server.sendInquiry("lee@example.com", { "visitor-zone": "America/Los_Angeles" });
    await server.sendInquiry("kim@example.com", { "visitor-zone": "Mars/Olympus_Mons" });
    const stored = await submissions();
    const texts = (await receipts()).map((receipt) => receipt.text_body);
    const format = (iso: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-US", { hourCycle: "h23", ...options }).format(new Date(iso));
    const day = { year: "numeric", month: "long", day: "numeric" } as const;
    const clock = { hour: "2-digit", minute: "2-digit" } as const;
    const at = (index: number) => stored[index]!.created_at;
    const utcDay = (index: number) => format(at(index), { ...day, timeZone: "UTC" });
    const utcClock = (index: number) => format(at(index), { ...clock, timeZone: "UTC" });
    const theirs = (index: number, timeZone: string) =>
      format(at(index), { ...day, ...clock, timeZone, timeZoneName: "long" });
    // UTC beside theirs: its time, and its date too when that is another day than theirs.
    const beside = (index: number, timeZone: string) =>
      theirs(index, timeZone).startsWith(`${utcDay(index)} at `)
        ? `${utcClock(index)} UTC`
        : `${utcDay(index)} at ${utcClock(index)} UTC`;
    expect(texts[0]).toContain(
      `Your inquiry arrived on ${theirs(0, "Asia/Kolkata")} (${beside(0, "Asia/Kolkata")}) (reference ${stored[0]!.id}).`,
    );
    expect(theirs(0, "Asia/Kolkata")).toContain("India Standard Time");
    expect(texts[1]).toContain(
      `Your inquiry arrived on ${theirs(1, "America/Los_Angeles")} (${beside(1, "America/Los_Angeles")}) (reference ${stored[1]!.id}).`,
    );
    expect(texts[1]).toMatch(/Pacific (Standard|Daylight) Time/);
    expect(texts[2]).toContain(
      `Your inquiry arrived on ${utcDay(2)} at ${utcClock(2)} UTC (reference ${stored[2]!.id}).`,
    );
  });

  test("an application's receipt promises an answer within two weeks and names nobody", async () => {
    server = await startServer(database, {});
    await server.sendApplication("applicant@example.com");
    const [receipt] = await receipts();
    expect(receipt).toMatchObject({
      recipient: "applicant@example.com",
      reply_to: "jobs@example.org",
      subject: "We received your application",
    });
    expect(receipt?.text_body).toContain("We reply to every applicant within two weeks.");
    for (const word of typedWords) expect(receipt?.text_body).not.toContain(word);
  });

  test("spam gets no receipt and no webhook", async () => {
    const receiver = await startReceiver();
    try {
      const endpoints = [{ name: "crm", url: receiver.url, secret: testSecret, allowPrivate: true }];
      server = await startServer(database, { WEBHOOK_ENDPOINTS: JSON.stringify(endpoints) });
      await server.sendInquiry("bot@example.com", { website: "https://spam.example" });
      expect((await submissions()).map((row) => row.status)).toEqual(["spam"]);
      expect(await receipts()).toEqual([]);
      expect(await database.db.selectFrom("outbox").select("id").execute()).toEqual([]);
      expect(await database.db.selectFrom("webhook_events").select("id").execute()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  test("receipts to one address stop at the daily limit, whatever its case; the team still hears of every one", async () => {
    server = await startServer(database, { RECEIPT_DAILY_LIMIT: "2" });
    for (const email of ["same@example.com", "Same@Example.com", "SAME@example.com", "other@example.com"])
      await server.sendInquiry(email);
    expect(await submissions()).toHaveLength(4);
    expect((await receipts()).map((receipt) => receipt.recipient)).toEqual([
      "same@example.com",
      "Same@Example.com",
      "other@example.com",
    ]);
    const notifications = await database.db
      .selectFrom("outbox")
      .select("id")
      .where("recipient", "=", "hello@example.org")
      .execute();
    expect(notifications).toHaveLength(4);
    // A day later the address gets receipts again.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60_000 - 1000).toISOString();
    await database.db.updateTable("receipts").set({ created_at: dayAgo }).execute();
    await server.sendInquiry("same@example.com");
    expect((await receipts()).filter((receipt) => receipt.recipient === "same@example.com")).toHaveLength(2);
  });

  test("switched off, no receipt is sent", async () => {
    server = await startServer(database, { RECEIPTS: "off" });
    await server.sendInquiry("visitor@example.com");
    expect(await receipts()).toEqual([]);
    expect(await database.db.selectFrom("outbox").select("recipient").execute()).toEqual([
      { recipient: "hello@example.org" },
    ]);
  });

  test("the server's worker delivers the inquiry's event to a configured receiver once, signed", async () => {
    const receiver = await startReceiver();
    try {
      const endpoints = [{ name: "crm", url: receiver.url, secret: testSecret, allowPrivate: true }];
      server = await startServer(database, { WEBHOOK_ENDPOINTS: JSON.stringify(endpoints) });
      await server.sendInquiry("visitor@example.com");
      const [stored] = await submissions();
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000, interval: 100 });
      const payload = verify(receiver.received[0]!);
      expect(payload).toEqual({
        type: "submission.created",
        timestamp: stored?.created_at,
        data: {
          id: stored?.id,
          kind: "contact",
          createdAt: stored?.created_at,
          url: `https://www.example.org/workspace/submissions/${stored?.id}`,
        },
      });
      for (const word of [...typedWords, "visitor@example.com"]) expect(receiver.received[0]?.body).not.toContain(word);
      // The worker keeps running: nothing is sent twice.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(receiver.received).toHaveLength(1);

      // Sent again from the workspace: the same event again, and the audit trail says who asked.
      const { redeliverWebhooks } = await import("#app/workspace/inbox/inbox.server.ts");
      const { listAudit } = await import("#app/workspace/people/audit.server.ts");
      const actor = { id: "staff-1", email: "lead@company.example" };
      expect(await redeliverWebhooks(database.db, stored!.id, actor)).toBe(1);
      const { webhookWorker } = await import("#app/webhooks/worker.server.ts");
      webhookWorker.kick();
      await vi.waitFor(() => expect(receiver.received).toHaveLength(2), { timeout: 10_000, interval: 100 });
      expect(receiver.received[1]?.headers["webhook-id"]).toBe(receiver.received[0]?.headers["webhook-id"]);
      expect(
        (await listAudit(database.db)).map((event) => [event.action, event.actor_email, event.target]),
      ).toContainEqual(["redeliver-webhooks", actor.email, stored!.id]);
    } finally {
      await receiver.close();
    }
  });

  test("spam the team releases is told to the webhooks then, without a late receipt", async () => {
    const receiver = await startReceiver();
    try {
      const endpoints = [{ name: "crm", url: receiver.url, secret: testSecret, allowPrivate: true }];
      server = await startServer(database, { WEBHOOK_ENDPOINTS: JSON.stringify(endpoints) });
      await server.sendInquiry("visitor@example.com", { website: "https://spam.example" });
      const [stored] = await submissions();
      const { setSpam } = await import("#app/workspace/inbox/inbox.server.ts");
      expect(await setSpam(database.db, stored!.id, false, { id: "staff-1", email: "lead@company.example" })).toBe(
        true,
      );
      const { webhookWorker } = await import("#app/webhooks/worker.server.ts");
      webhookWorker.kick();
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000, interval: 100 });
      expect(verify(receiver.received[0]!)).toMatchObject({
        type: "submission.created",
        data: { id: stored?.id, kind: "contact" },
      });
      expect(await receipts()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
