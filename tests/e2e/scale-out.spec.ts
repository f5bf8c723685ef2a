import pg from "pg";
import { migrationNames } from "#app/platform/migrations.server.ts";
import { startCluster } from "#tests/helpers/postgres-cluster.ts";
import { startSmtp } from "#tests/helpers/smtp.ts";
import { exportSubmissions, expect, test } from "./fixtures.ts";
import { type RunningServer, startServer, instancePort } from "./production-server.ts";

// Many stateless instances on one PostgreSQL (issue 8, docs/operating.md): two instances of the
// production server share a throwaway PostgreSQL server, each sending mail through an SMTP server
// of its own in this process. One of them is killed in the middle of the run.

const total = 500;
const concurrency = 12;
const rateLimitMax = 5; // e2eEnv.RATE_LIMIT_MAX

type Instance = { name: "A" | "B"; server: RunningServer; alive: boolean };
type Answer = { status: number; by: Instance["name"] };

/** A visitor at `address` loads the contact form from `instance` and sends it; the form's stamp comes with the page. */
async function loadForm(instance: Instance, address: string) {
  const page = await fetch(`${instance.server.url}/contact`, { headers: { "X-Forwarded-For": address } });
  expect(page.status).toBe(200);
  const stamp = (await page.text()).match(/name="form-started" value="([^"]+)"/)?.[1];
  expect(stamp).toBeTruthy();
  return stamp as string;
}

async function sendForm(instance: Instance, address: string, stamp: string, email: string): Promise<Answer> {
  const body = new FormData();
  body.set("name", "Scale Test");
  body.set("email", email);
  body.set("project", `Load test submission ${email}`);
  body.set("budget", "10k-25k");
  body.set("form-started", stamp);
  body.set("website", "");
  const response = await fetch(`${instance.server.url}/contact`, {
    method: "POST",
    body,
    headers: { "X-Forwarded-For": address },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, by: instance.name };
}

test("two instances on one PostgreSQL store every submission once and mail it once, through a crash of one", async () => {
  test.setTimeout(240_000);
  const cluster = await startCluster();
  const smtp = { A: await startSmtp(), B: await startSmtp() };
  const port = instancePort(25, test.info());
  const shared = { DATABASE_URL: cluster.url, MAIL_LEASE_SECONDS: "10", FORM_SECRET: "" };
  const instances: Instance[] = [];
  const database = new pg.Pool({ connectionString: cluster.url, max: 2 });
  try {
    // Started together on an empty database: the migrations run once, under the advisory lock.
    const [a, b] = await Promise.all([
      startServer({ port, env: { ...shared, SMTP_URL: smtp.A.url } }),
      startServer({ port: port + 1, env: { ...shared, SMTP_URL: smtp.B.url } }),
    ]);
    instances.push({ name: "A", server: a, alive: true }, { name: "B", server: b, alive: true });
    const [A, B] = instances as [Instance, Instance];
    const migrations = await database.query<{ name: string }>("select name from kysely_migration order by name");
    expect(migrations.rows.map((row) => row.name)).toEqual(migrationNames);
    expect(migrationNames.length).toBeGreaterThanOrEqual(9);
    expect([a, b].filter((server) => server.output().includes("Applied migrations"))).toHaveLength(1);

    // The rate limit counts across both: one visitor's posts alternate between the instances.
    const limitedAddress = "198.51.100.77";
    for (let attempt = 0; attempt < rateLimitMax + 2; attempt += 1) {
      const instance = attempt % 2 === 0 ? A : B;
      const stamp = await loadForm(instance, limitedAddress);
      const answer = await sendForm(instance, limitedAddress, stamp, `limit-${attempt}@example.com`);
      expect(answer.status, `post ${attempt + 1} from one visitor`).toBe(attempt < rateLimitMax ? 303 : 429);
    }

    // A form sent twice, once to each instance (a resend after a lost answer), is stored once.
    const resendAddress = "198.51.100.78";
    const resentStamp = await loadForm(A, resendAddress);
    expect((await sendForm(A, resendAddress, resentStamp, "resent@example.com")).status).toBe(303);
    expect((await sendForm(B, resendAddress, resentStamp, "resent@example.com")).status).toBe(303);

    // 500 visitors, each on the instance the balancer gives them, 12 at a time. A visitor whose
    // instance dies under them sends the same form (the same stamp) again to the other one.
    const answers = new Map<string, Answer>();
    let next = 0;
    let crash: Promise<void> | undefined;
    const crashA = async () => {
      // A is made to hold mail it has claimed: its SMTP server stops answering. Then it dies.
      smtp.A.hold();
      await expect.poll(() => smtp.A.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
      // What A sent before is marked sent before it dies (a mail its SMTP server took but A had
      // not marked yet would go out again through B: delivery across a crash is at least once).
      const sentByA = smtp.A.received.map((mail) => mail.messageId);
      await expect
        .poll(
          async () =>
            (await database.query("select id from outbox where message_id = any($1) and status <> 'sent'", [sentByA]))
              .rowCount,
          { timeout: 20_000 },
        )
        .toBe(0);
      A.server.signal("SIGKILL");
      A.alive = false;
      await A.server.exited;
    };
    const visit = async (index: number) => {
      const address = `10.${Math.floor(index / 250)}.${index % 250}.1`;
      const email = `visitor-${index}@example.com`;
      const preferred = instances[index % 2] as Instance;
      let stamp: string | undefined;
      for (const instance of preferred.alive ? [preferred, B] : [B]) {
        try {
          stamp ??= await loadForm(instance, address);
          answers.set(email, await sendForm(instance, address, stamp, email));
          return;
        } catch (error) {
          if (instance === B || !crash) throw error; // only A's death may interrupt a visitor
          await crash;
        }
      }
    };
    const visitor = async () => {
      while (next < total) {
        const index = next++;
        if (index === Math.floor(total * 0.4)) crash = crashA();
        await visit(index);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, visitor));
    await crash;

    expect(answers.size).toBe(total);
    expect([...answers.values()].filter((answer) => answer.status !== 303)).toEqual([]);
    const acceptedByA = [...answers].filter(([, answer]) => answer.by === "A").map(([email]) => email);
    expect(acceptedByA.length).toBeGreaterThan(0);

    // Every submission stored exactly once, none as spam (the form secret is shared).
    const expected = [
      ...answers.keys(),
      "resent@example.com",
      ...Array.from({ length: rateLimitMax }, (_, attempt) => `limit-${attempt}@example.com`),
    ];
    const stored = exportSubmissions({ DATA_DIR: a.dataDir, DATABASE_URL: cluster.url });
    expect(stored.map((submission) => submission.fields.email).sort()).toEqual([...expected].sort());
    expect(stored.filter((submission) => submission.status !== "received")).toEqual([]);

    // Every notification and every visitor's receipt (each address is its own) delivered exactly
    // once; what A had claimed when it died went out through B.
    const outbox = await database.query<{ message_id: string }>("select message_id from outbox");
    expect(outbox.rows).toHaveLength(expected.length * 2);
    expect((await database.query("select id from receipts")).rowCount).toBe(expected.length);
    await expect
      .poll(async () => (await database.query("select id from outbox where status <> 'sent'")).rowCount, {
        timeout: 60_000,
      })
      .toBe(0);
    const delivered = [...smtp.A.received, ...smtp.B.received].map((mail) => mail.messageId);
    expect(delivered.length).toBe(new Set(delivered).size);
    expect(delivered.sort()).toEqual(outbox.rows.map((row) => row.message_id).sort());
    const claimedByA = smtp.A.held.map((mail) => mail.messageId);
    expect(claimedByA.length).toBeGreaterThan(0);
    for (const messageId of claimedByA) expect(smtp.B.received.map((mail) => mail.messageId)).toContain(messageId);

    // The surviving instance's log holds no visitor's address.
    expect(b.output()).not.toContain("visitor-");
  } finally {
    await Promise.all(instances.map((instance) => instance.server.stop()));
    await database.end();
    await Promise.all([smtp.A.close(), smtp.B.close()]);
    cluster.remove();
  }
});
