import { spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { queueWebhookEvent } from "#app/forms/webhook-events.server.ts";
import { WebhookEndpointSchema, type WebhookEndpoint } from "#app/webhooks/endpoints.ts";
import {
  claimNextDelivery,
  deliverDueWebhooks,
  enableWebhook,
  type WebhookOptions,
} from "#app/webhooks/delivery.server.ts";
import { webhookLog } from "#app/webhooks/log.server.ts";
import { redeliverSubmission, retryForMs } from "#app/webhooks/queue.server.ts";
import { deleteSubmissions } from "#app/privacy/retention.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { type Reply, startReceiver, testSecret, verify } from "#tests/helpers/webhook-receiver.ts";

// Webhook delivery on both engines, against a real receiver on a loopback port that checks every
// request with the standardwebhooks package. The clock is Date's: the tests move it (only Date is
// faked), so that the signatures' timestamps and the receiver's check agree.

const fields = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  company: "Engines Ltd",
  project: "An analytical engine",
  budget: "25k-50k",
  source: null,
};
const personal = ["Ada", "ada@example.com", "7946", "Engines Ltd", "analytical"];

const endpoint = (overrides: Partial<WebhookEndpoint> & { url: string }): WebhookEndpoint =>
  WebhookEndpointSchema.parse({ name: "crm", secret: testSecret, allowPrivate: true, ...overrides });

const seconds = (count: number) => count * 1000;
const hours = (count: number) => count * 60 * 60_000;

describe.each(engines)("webhooks on %s", (engine) => {
  let database: TestDatabase;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let start: number;

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    receiver = await startReceiver();
    vi.useFakeTimers({ toFake: ["Date"] });
    start = Date.parse("2026-11-21T10:00:00.000Z");
    vi.setSystemTime(start);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await receiver.close();
    await database.cleanup();
  });

  const at = (offsetMs: number) => vi.setSystemTime(start + offsetMs);

  const options = (endpoints: WebhookEndpoint[]): WebhookOptions => ({
    db: database.db,
    engine,
    endpoints,
    alert: { recipient: "hello@example.com", messageIdDomain: "example.org" },
    timeoutMs: 3000,
    random: () => 0.5,
  });

  /** An inquiry stored as the pipeline stores one, with its submission.created event. */
  async function storeInquiry(endpoints: WebhookEndpoint[], overrides: Partial<NewSubmission> = {}) {
    return storeSubmission(database.db, {
      kind: "contact",
      description: inquiryFields,
      fields,
      files: [],
      spamReason: null,
      formKey: null,
      messageIdDomain: "example.org",
      notification: ({ id }) => ({
        recipient: "hello@example.com",
        replyTo: null,
        subject: id,
        text: "t",
        html: "<p>t</p>",
      }),
      followUp: (trx, { id }) =>
        queueWebhookEvent(
          trx,
          { type: "submission.created", submissionId: id, summary: "budget $25k–$50k" },
          { endpoints },
        ).then(() => {}),
      ...overrides,
    });
  }

  test("a thin payload tells id, kind, time and link, signed as Standard Webhooks 1.0; a full one adds the fields", async () => {
    const endpoints = [
      endpoint({ url: `${receiver.url}/thin` }),
      endpoint({ name: "archive", url: `${receiver.url}/full`, payload: "full" }),
    ];
    const stored = await storeInquiry(endpoints);
    expect(await deliverDueWebhooks(options(endpoints))).toEqual({ attempted: 2, held: false });

    expect(receiver.received.map((request) => request.path).sort()).toEqual(["/hooks/full", "/hooks/thin"]);
    const thin = receiver.received.find((request) => request.path === "/hooks/thin")!;
    const full = receiver.received.find((request) => request.path === "/hooks/full")!;
    const link = `http://localhost:3000/workspace/submissions/${stored.id}`;
    expect(verify(thin)).toEqual({
      type: "submission.created",
      timestamp: "2026-11-21T10:00:00.000Z",
      data: { id: stored.id, kind: "contact", createdAt: "2026-11-21T10:00:00.000Z", url: link },
    });
    for (const word of personal) expect(thin.body).not.toContain(word);
    expect(thin.headers).toMatchObject({
      "content-type": "application/json",
      "webhook-timestamp": String(start / 1000),
    });
    expect(thin.headers["webhook-id"]).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(thin.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // One event: both endpoints get the same id.
    expect(full.headers["webhook-id"]).toBe(thin.headers["webhook-id"]);
    expect(verify(full).data).toEqual({
      id: stored.id,
      kind: "contact",
      createdAt: "2026-11-21T10:00:00.000Z",
      url: link,
      job: null,
      fields,
    });

    // A body changed on the way, or signed with another secret, does not verify.
    expect(() => verify({ ...thin, body: thin.body.replace("contact", "meeting") })).toThrow();
    expect(() => verify(thin, `whsec_${Buffer.from("another secret of 32 bytes......").toString("base64")}`)).toThrow();

    const log = await webhookLog(database.db, stored.id);
    expect(
      log.map((entry) => [
        entry.endpoint,
        entry.type,
        entry.status,
        entry.attempts.map((attempt) => attempt.statusCode),
      ]),
    ).toEqual([
      ["archive", "submission.created", "delivered", [200]],
      ["crm", "submission.created", "delivered", [200]],
    ]);
    expect(await deliverDueWebhooks(options(endpoints))).toEqual({ attempted: 0, held: false });
  });

  test("a receiver that fails twice then answers gets one success with the same webhook-id, never sooner than its Retry-After", async () => {
    const endpoints = [endpoint({ url: receiver.url })];
    receiver.reply({ status: 500 }, { status: 503, headers: { "Retry-After": "900" } });
    const stored = await storeInquiry(endpoints);

    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(1);
    // The first retry comes after 5 seconds (within ±10 %; the test's jitter is the middle).
    at(seconds(4));
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(0);
    at(seconds(5));
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(1);
    // The next would be 5 minutes on, but the receiver asked for 15.
    const second = start + seconds(5);
    vi.setSystemTime(second + seconds(5 * 60));
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(0);
    vi.setSystemTime(second + seconds(15 * 60));
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(1);
    const [success] = receiver.received.slice(-1);
    expect(verify(success!).data.id).toBe(stored.id);
    vi.setSystemTime(second + hours(10));
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(0);

    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(1);
    // Each attempt is signed at its own time.
    expect(receiver.received.map((request) => Number(request.headers["webhook-timestamp"]) - start / 1000)).toEqual([
      0,
      5,
      5 + 15 * 60,
    ]);
    const [delivery] = await webhookLog(database.db, stored.id);
    expect(delivery).toMatchObject({
      status: "delivered",
      lastError: null,
      deliveredAt: new Date(second + seconds(15 * 60)).toISOString(),
    });
    expect(delivery?.attempts.map((attempt) => [attempt.statusCode, attempt.error])).toEqual([
      [500, "HTTP 500"],
      [503, "HTTP 503"],
      [200, null],
    ]);
  });

  test("a receiver that never answers well is tried for about three days, then the delivery is failed", async () => {
    const endpoints = [endpoint({ url: receiver.url })];
    receiver.reply(...Array.from({ length: 20 }, (): Reply => ({ status: 500 })));
    const stored = await storeInquiry(endpoints);
    for (let round = 0; round < 20; round += 1) {
      const [delivery] = await webhookLog(database.db, stored.id);
      if (delivery?.status !== "pending") break;
      vi.setSystemTime(Date.parse(delivery.nextAttemptAt ?? ""));
      await deliverDueWebhooks(options(endpoints));
    }
    const [delivery] = await webhookLog(database.db, stored.id);
    expect(delivery?.status).toBe("failed");
    const times = delivery!.attempts.map((attempt) => Date.parse(attempt.at) - start);
    // 0, 5 s, 5 min, 30 min, 2 h, 5 h and then every 10 h: twelve attempts, the last after 67.6 hours.
    expect(times).toHaveLength(12);
    expect(times.slice(0, 6)).toEqual([
      0,
      seconds(5),
      seconds(5 * 60 + 5),
      seconds(35 * 60 + 5),
      seconds(155 * 60 + 5),
      seconds(455 * 60 + 5),
    ]);
    expect(times.at(-1)).toBeGreaterThan(hours(60));
    expect(times.at(-1)).toBeLessThanOrEqual(retryForMs);
    expect(receiver.received).toHaveLength(12);
  });

  test("410 Gone disables the endpoint and tells the company once; it is sent to again once enabled", async () => {
    const endpoints = [endpoint({ name: "old-crm", url: receiver.url })];
    receiver.reply({ status: 410 });
    const first = await storeInquiry(endpoints);
    const second = await storeInquiry(endpoints);
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(2);
    // The second event was not sent: the endpoint is gone.
    expect(receiver.received).toHaveLength(1);
    expect((await webhookLog(database.db, first.id))[0]).toMatchObject({
      status: "failed",
      lastError: "HTTP 410: the endpoint is gone and was disabled",
    });
    expect((await webhookLog(database.db, second.id))[0]).toMatchObject({
      status: "failed",
      attempts: [],
      lastError: "not sent: the endpoint is disabled (it answered 410 Gone)",
    });
    const alerts = await database.db.selectFrom("outbox").selectAll().where("submission_id", "is", null).execute();
    expect(alerts.map((mail) => [mail.recipient, mail.subject])).toEqual([
      ["hello@example.com", 'Webhook endpoint "old-crm" disabled'],
    ]);
    expect(alerts[0]?.text_body).toContain("npm run submissions -- enable-webhook old-crm");
    // Its address is a secret of its own (a chat webhook's is): the e-mail does not show it.
    expect(alerts[0]?.text_body).not.toContain(receiver.url);

    // Events meanwhile are not sent either; enabled again, the missed ones are sent on request.
    const third = await storeInquiry(endpoints);
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(await enableWebhook(database.db, "old-crm")).toBe(true);
    expect(await redeliverSubmission(database.db, second.id)).toBe(1);
    expect(await redeliverSubmission(database.db, third.id)).toBe(1);
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(2);
    expect(
      receiver.received
        .slice(1)
        .map((request) => verify(request).data.id)
        .sort(),
    ).toEqual([second.id, third.id].sort());
    expect(
      await database.db.selectFrom("outbox").select("id").where("submission_id", "is", null).execute(),
    ).toHaveLength(1);

    // A new address under the same name is a new endpoint: a disabled name does not stop it.
    receiver.reply({ status: 410 });
    const fourth = await storeInquiry(endpoints);
    await deliverDueWebhooks(options(endpoints));
    const moved = [endpoint({ name: "old-crm", url: `${receiver.url}/new` })];
    expect(await redeliverSubmission(database.db, fourth.id)).toBe(1);
    await deliverDueWebhooks(options(moved));
    expect((await webhookLog(database.db, fourth.id))[0]?.status).toBe("delivered");
    expect(receiver.received.at(-1)?.path).toBe("/hooks/new");
  });

  test("loopback, private and mapped addresses are refused, by name after resolving it too, unless allowed", async () => {
    const port = receiver.port;
    const refused = [
      endpoint({ name: "loopback", url: `https://127.0.0.1:${port}/hooks`, allowPrivate: false }),
      endpoint({ name: "by-name", url: `https://localhost:${port}/hooks`, allowPrivate: false }),
      endpoint({ name: "mapped", url: `https://[::ffff:127.0.0.1]:${port}/hooks`, allowPrivate: false }),
      endpoint({ name: "private", url: `https://10.0.0.1/hooks`, allowPrivate: false }),
      endpoint({ name: "metadata", url: `https://169.254.169.254/latest`, allowPrivate: false }),
      // Configuration would refuse plain http; should one get here anyway, it is not sent.
      { ...endpoint({ name: "plain", url: receiver.url }), allowPrivate: false },
    ];
    const stored = await storeInquiry(refused);
    expect((await deliverDueWebhooks(options(refused))).attempted).toBe(refused.length);
    expect(receiver.received).toEqual([]);
    const errors = Object.fromEntries(
      (await webhookLog(database.db, stored.id)).map((entry) => [entry.endpoint, entry.attempts[0]?.error]),
    );
    expect(errors).toEqual({
      loopback: "refused: 127.0.0.1 is not a public address",
      "by-name": expect.stringMatching(/^refused: localhost resolves to (127\.0\.0\.1|::1), not a public address$/),
      mapped: "refused: ::ffff:7f00:1 is not a public address",
      private: "refused: 10.0.0.1 is not a public address",
      metadata: "refused: 169.254.169.254 is not a public address",
      plain: "refused: only https:// addresses are allowed",
    });
    // Still pending: a configuration fixed within three days gets them sent.
    expect((await webhookLog(database.db, stored.id)).every((entry) => entry.status === "pending")).toBe(true);

    const allowed = [endpoint({ name: "plain", url: receiver.url, allowPrivate: true })];
    at(seconds(5));
    await deliverDueWebhooks(options(allowed));
    expect(receiver.received).toHaveLength(1);
  });

  test("a Slack endpoint gets one line without personal data, at most one message a second", async () => {
    const endpoints = [endpoint({ name: "team-chat", kind: "slack", secret: undefined, url: receiver.url })];
    const stored = [await storeInquiry(endpoints), await storeInquiry(endpoints), await storeInquiry(endpoints)];
    expect(await deliverDueWebhooks(options(endpoints))).toEqual({ attempted: 1, held: true });
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]?.body ?? "")).toEqual({
      text: `New inquiry, budget $25k–$50k: <http://localhost:3000/workspace/submissions/${stored[0]?.id}|open in the workspace>`,
    });
    expect(receiver.received[0]?.headers["webhook-signature"]).toBeUndefined();
    at(900);
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(0);
    at(1000);
    expect(await deliverDueWebhooks(options(endpoints))).toEqual({ attempted: 1, held: true });
    at(2000);
    expect(await deliverDueWebhooks(options(endpoints))).toEqual({ attempted: 1, held: false });
    expect(receiver.received).toHaveLength(3);
    for (const request of receiver.received) for (const word of personal) expect(request.body).not.toContain(word);
    // Held back, not failed: each went out on its first attempt.
    for (const submission of stored)
      expect((await webhookLog(database.db, submission.id))[0]?.attempts).toHaveLength(1);
  });

  test("a claimed delivery is leased: nobody else sends it until the lease ends", async () => {
    const endpoints = [endpoint({ url: receiver.url })];
    await storeInquiry(endpoints);
    const claimed = await claimNextDelivery({ ...options(endpoints), leaseMs: 60_000 });
    expect(claimed?.attempts).toBe(1);
    at(seconds(30));
    expect(await claimNextDelivery({ ...options(endpoints), leaseMs: 60_000 })).toBeNull();
    at(seconds(61));
    const reclaimed = await claimNextDelivery({ ...options(endpoints), leaseMs: 60_000 });
    expect(reclaimed).toMatchObject({ id: claimed?.id, attempts: 2 });
  });

  test("sending again repeats the same webhook-id on a fresh schedule, and the log keeps every attempt", async () => {
    const endpoints = [endpoint({ url: receiver.url })];
    const stored = await storeInquiry(endpoints);
    await deliverDueWebhooks(options(endpoints));
    at(hours(100));
    expect(await redeliverSubmission(database.db, stored.id)).toBe(1);
    expect((await deliverDueWebhooks(options(endpoints))).attempted).toBe(1);
    expect(receiver.received.map((request) => request.headers["webhook-id"])).toEqual([
      receiver.received[0]?.headers["webhook-id"],
      receiver.received[0]?.headers["webhook-id"],
    ]);
    expect(verify(receiver.received[1]!).data.id).toBe(stored.id);
    const [delivery] = await webhookLog(database.db, stored.id);
    expect(delivery?.status).toBe("delivered");
    expect(delivery?.attempts.map((attempt) => attempt.at)).toEqual([
      new Date(start).toISOString(),
      new Date(start + hours(100)).toISOString(),
    ]);
  });

  test("an event of a submission erased before it went still goes, without the fields or the link to it", async () => {
    const endpoints = [endpoint({ url: receiver.url, payload: "full" })];
    const stored = await storeInquiry(endpoints);
    expect(await deleteSubmissions(database.db, [stored.id], "erasure", new Date(), database.dataDir)).toBe(1);
    await deliverDueWebhooks(options(endpoints));
    expect(verify(receiver.received[0]!).data).toEqual({
      id: stored.id,
      kind: "contact",
      createdAt: "2026-11-21T10:00:00.000Z",
      url: `http://localhost:3000/workspace/submissions/${stored.id}`,
    });
    for (const word of personal) expect(receiver.received[0]?.body).not.toContain(word);
    expect(await database.db.selectFrom("webhook_events").select("submission_id").execute()).toEqual([
      { submission_id: null },
    ]);
  });

  test("spam and submissions without an endpoint queue no event", async () => {
    const endpoints = [endpoint({ url: receiver.url })];
    const spam = await storeInquiry(endpoints, { spamReason: "honeypot" });
    const none = await storeInquiry([]);
    expect(await webhookLog(database.db, spam.id)).toEqual([]);
    expect(await webhookLog(database.db, none.id)).toEqual([]);
    expect(await database.db.selectFrom("webhook_events").select("id").execute()).toEqual([]);
  });

  test("two instances, each with its own worker and connection, deliver every event exactly once", async () => {
    vi.useRealTimers();
    const slow = await startReceiver({ delayMs: 30 });
    try {
      const endpoints = [endpoint({ url: slow.url })];
      const ids = [];
      for (let index = 0; index < 30; index += 1) ids.push((await storeInquiry(endpoints)).id);
      const storage = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "" };
      const counts = await Promise.all([0, 1].map(() => runWorker(storage, endpoints)));
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(30);
      expect(slow.received).toHaveLength(30);
      expect(new Set(slow.received.map((request) => request.headers["webhook-id"])).size).toBe(30);
      expect(slow.received.map((request) => verify(request).data.id).sort()).toEqual(ids.sort());
    } finally {
      await slow.close();
    }
  });
});

/** One more instance's worker (tests/helpers/webhook-worker.ts): resolves with how many it attempted. */
function runWorker(storage: Record<string, string>, endpoints: WebhookEndpoint[]) {
  return new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ["tests/helpers/webhook-worker.ts", JSON.stringify(endpoints)], {
      env: { ...process.env, ...storage, LOG_LEVEL: "silent" },
    });
    let output = "";
    let errors = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(Number(output.trim())) : reject(new Error(`worker ended with ${code}: ${errors}`)),
    );
  });
}
