import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { type NewSubmission, storeSubmission } from "#app/forms/submissions.server.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { isoNow } from "#app/platform/clock.ts";
import { epochMs } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { log } from "#app/platform/log.server.ts";
import { pruneRateLimits } from "#app/platform/rate-limit.server.ts";
import { purgeIfDue, purgeStatus, startDailyPurge } from "#app/privacy/daily-purge.server.ts";
import { purge, type RetentionPolicy } from "#app/privacy/retention.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// The background loop (app/platform/worker.server.ts) as the operator and the admins meet it: a
// purge that fails says why in the log at error and is tried again at the next check, one that
// succeeds is recorded and shown to the admins in the workspace; rate-limit records go in one
// place. Both engines.

const day = 24 * 60 * 60_000;
const policy: RetentionPolicy = {
  inquiryMonths: 12,
  applicationMonths: 6,
  futureOpeningsMonths: 12,
  meetingMonths: 12,
  spamDays: 30,
  mailDays: 30,
  dataDir: "",
};

const inquiry: NewSubmission = {
  kind: "contact",
  description: inquiryFields,
  fields: { name: "Ada", email: "ada@example.com", project: "An app.", budget: "25k-50k" },
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
};

const count = async (db: Kysely<Schema>, table: "submissions" | "rate_limit_hits") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );

const rename = (db: Kysely<Schema>, from: string, to: string) =>
  sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(db);

describe.each(engines)("the background loop on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("a purge that fails is logged at error with its cause and tried again at the next check; the one that succeeds is recorded", async () => {
    const { db } = database;
    await storeSubmission(db, inquiry, new Date(epochMs() - 400 * day));
    const errors: string[] = [];
    vi.spyOn(log, "error").mockImplementation((message) => {
      errors.push(message);
    });
    const purged: string[] = [];
    // The lease's table gone: before, the check's first step failed outside its `try`, and nothing said so.
    await rename(db, "leases", "leases_away");
    const daily = startDailyPurge({ db, policy, onPurged: (message) => purged.push(message), checkEveryMs: 20 });
    try {
      await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2), { timeout: 15_000 });
      expect(errors[0]).toMatch(/^Privacy purge run failed: .*\bleases\b/);
      expect(errors[1]).toBe(errors[0]);
      // Failing after taking the day's turn (the tombstones' table gone): the turn is given back,
      // so the next check tries again rather than the next day.
      await rename(db, "deletion_tombstones", "tombstones_away");
      await rename(db, "leases_away", "leases");
      const tombstonesGone = (message: string) => /^Privacy purge run failed: .*tombstones/.test(message);
      await vi.waitFor(() => expect(errors.filter(tombstonesGone).length).toBeGreaterThanOrEqual(2), {
        timeout: 15_000,
      });
      expect(await count(db, "submissions")).toBe(1);
      expect(await purgeStatus(db)).toEqual({ succeededAt: null, late: true });

      await rename(db, "tombstones_away", "deletion_tombstones");
      await vi.waitFor(() => expect(purged).toHaveLength(1), { timeout: 15_000 });
    } finally {
      await daily.stop();
    }
    expect(purged[0]).toMatch(/^Privacy purge: 1 submissions \(1 inquiry\), 0 sent e-mail copies deleted in/);
    expect(await count(db, "submissions")).toBe(0);
    const { succeededAt, late } = await purgeStatus(db);
    expect(late).toBe(false);
    expect(Date.parse(succeededAt ?? "")).toBeLessThanOrEqual(epochMs());
    expect(errors.join("\n")).not.toContain("ada@example.com");
  });

  test("the last success is what the workspace goes by: late after two days, or when there was none", async () => {
    const { db } = database;
    const at = epochMs();
    expect(await purgeStatus(db, at)).toEqual({ succeededAt: null, late: true });
    expect(await purgeIfDue({ db, policy, now: () => new Date(at - 2 * day) })).toBe(true);
    expect(await purgeStatus(db, at)).toEqual({ succeededAt: isoNow(new Date(at - 2 * day)), late: false });
    expect(await purgeStatus(db, at + 1)).toMatchObject({ late: true });
  });

  test("a capability's work declared to start when serving starts once the server listens, never with the services alone, and stops with them", async () => {
    vi.stubEnv("DATA_DIR", database.dataDir);
    vi.stubEnv("DATABASE_URL", database.databaseUrl ?? "");
    vi.stubEnv("LOG_LEVEL", "silent");
    vi.resetModules();
    const { getServices, startServing, startsWithServices, stopServices } = await import(
      "#app/platform/services.server.ts"
    );
    const started: string[] = [];
    const stopped: string[] = [];
    const worker = (name: string) => () => {
      started.push(name);
      return { kick: () => {}, stop: async () => void stopped.push(name) };
    };
    startsWithServices("with the services", worker("with the services"));
    startsWithServices("when serving", worker("when serving"), { whenServing: true });
    try {
      await getServices();
      // The command line and the tests use the services without serving: no daily job, no reminder.
      expect(started).toEqual(["with the services"]);
      await startServing();
      expect(started).toEqual(["with the services", "when serving"]);
      await startServing();
      expect(started).toHaveLength(2);
    } finally {
      await stopServices();
    }
    expect(stopped.sort()).toEqual(["when serving", "with the services"]);
    // Started again (a test's next server), serving waits for its own start.
    await getServices();
    expect(started.at(-1)).toBe("with the services");
    await stopServices();
  });

  test("rate-limit records are deleted in one place, their prune: the spent ones in batches, old counters too; the purge leaves them", async () => {
    const { db } = database;
    const now = new Date("2027-06-15T12:00:00.000Z");
    const at = (secondsAgo: number) => isoNow(new Date(now.getTime() - secondsAgo * 1000));
    const spent = Array.from({ length: 450 }, (_, index) => ({ id: `spent-${index}`, key: "k", at: at(601 + index) }));
    await db
      .insertInto("rate_limit_hits")
      .values([...spent, { id: "in-window", key: "k", at: at(300) }])
      .execute();
    // 0001's fixed-window counters, which instances of an older version may still write.
    await sql`insert into rate_limits (key, window_start, count) values ('old', ${at(601)}, 1), ('current', ${at(300)}, 1)`.execute(
      db,
    );

    await purge(db, policy, now);
    expect(await count(db, "rate_limit_hits")).toBe(451);

    expect(await pruneRateLimits(db, { windowSeconds: 600, now })).toBe(450);
    expect((await db.selectFrom("rate_limit_hits").select("id").execute()).map((row) => row.id)).toEqual(["in-window"]);
    const counters = await sql<{ key: string }>`select key from rate_limits`.execute(db);
    expect(counters.rows.map((row) => row.key)).toEqual(["current"]);
  });
});

describe.each(engines)("what the admins see of the purge on %s", (engine) => {
  let database: TestDatabase;
  let close: () => Promise<void>;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    for (const [name, value] of Object.entries({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? "",
      SITE_URL: "https://lumen.example",
      SMTP_URL: "",
    }))
      vi.stubEnv(name, value);
    vi.resetModules();
    const { getServices } = await import("#app/platform/services.server.ts");
    const services = await getServices();
    close = services.close;
  });
  afterEach(async () => {
    await close();
    await database.cleanup();
  });

  /** A session cookie of a new person with this role. */
  async function signIn(role: "admin" | "member") {
    const { inviteStaff } = await import("#app/workspace/people/staff.server.ts");
    const { startSession } = await import("#app/workspace/sign-in/session.server.ts");
    const { staff } = await inviteStaff(database.db, { email: `${role}@company.example`, role, actor: null });
    return `__Host-workspace=${await startSession(database.db, staff.id)}`;
  }
  /** A page's loader answering a GET with this cookie. */
  const get = (path: string, cookie: string) =>
    ({
      request: new Request(`https://lumen.example${path}`, { headers: { cookie } }),
      params: {},
      context: {},
    }) as never;
  const requestsPage = async (cookie: string) =>
    (await import("#app/workspace/privacy/requests-page.tsx")).loader(get("/workspace/requests", cookie));
  const inbox = async (cookie: string) =>
    (await import("#app/workspace/inbox/inbox-page.tsx")).loader(get("/workspace", cookie));

  test("the Data requests page says when the purge last succeeded, and warns the admins when that is more than two days ago or never", async () => {
    const { workspace } = await import("#app/workspace/shell/workspace-content.ts");
    const { purgeIfDue: check } = await import("#app/privacy/daily-purge.server.ts");
    const admin = await signIn("admin");
    const member = await signIn("member");
    expect((await requestsPage(admin)).purge).toEqual({
      last: "Last privacy purge: never",
      late: workspace.purge.late,
      // No BACKUP_DIR here: no backups scheduled, said plainly, without a warning.
      backupLast: workspace.backup.off,
      backupLate: null,
    });
    expect((await inbox(member)).purgeLate).toBeNull();

    // Three days ago, and not since: late.
    const threeDaysAgo = new Date(epochMs() - 3 * day);
    await check({ db: database.db, policy, now: () => threeDaysAgo });
    const shown = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
      threeDaysAgo,
    );
    expect((await requestsPage(admin)).purge).toMatchObject({
      last: `Last privacy purge: ${shown} UTC`,
      late: workspace.purge.late,
    });
    // The admins land on the inbox: the warning is there too, for them only.
    expect((await inbox(admin)).purgeLate).toBe(workspace.purge.late);
    expect((await inbox(member)).purgeLate).toBeNull();
    expect(workspace.purge.late).toMatch(/^The daily privacy purge has not succeeded for more than two days/);

    await check({ db: database.db, policy });
    expect((await requestsPage(admin)).purge.late).toBeNull();
    expect((await inbox(admin)).purgeLate).toBeNull();
  });
});
