import pg from "pg";
import { startCluster } from "#tests/helpers/postgres-cluster.ts";
import { expect, test } from "./fixtures.ts";
import { type RunningServer, startServer, instancePort } from "./production-server.ts";

// Visitors racing for one meeting time through two instances of the production server on one
// PostgreSQL server (issue 18, item 4): the database's claims let exactly one of them have it,
// whichever instance each reached; every other one gets the day's times again with "That time
// was just taken" and what they typed.

const racers = 10;

/** A visitor's view of the day from one instance: the first free time and the form's stamp. */
async function loadDay(server: RunningServer, address: string, day?: string) {
  const response = await fetch(
    `${server.url}/contact/meeting?${new URLSearchParams({ tz: "UTC", ...(day ? { day } : {}) })}`,
    {
      headers: { "X-Forwarded-For": address },
    },
  );
  expect(response.status).toBe(200);
  const html = await response.text();
  return {
    firstDay: /href="\/contact\/meeting\?day=(\d{4}-\d{2}-\d{2})&amp;tz=UTC#times"/.exec(html)?.[1],
    firstTime:
      /type="radio"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? /value="([^"]+Z)"[^>]*type="radio"/.exec(html)?.[1],
    stamp: /name="form-started" value="([^"]+)"/.exec(html)?.[1],
  };
}

test("racing for one time through two instances on one PostgreSQL: one visitor gets it, the others are told it was just taken, their details kept", async () => {
  test.setTimeout(120_000);
  const cluster = await startCluster();
  const port = instancePort(9, test.info());
  const shared = { DATABASE_URL: cluster.url, FORM_SECRET: "", RATE_LIMIT_MAX: "20" };
  const servers: RunningServer[] = [];
  const database = new pg.Pool({ connectionString: cluster.url, max: 2 });
  try {
    servers.push(
      ...(await Promise.all([startServer({ port, env: shared }), startServer({ port: port + 1, env: shared })])),
    );
    const day = (await loadDay(servers[0]!, "203.0.113.1")).firstDay;
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Each visitor loads the day from the instance the balancer gives them, then all send at once.
    const visitors = await Promise.all(
      Array.from({ length: racers }, async (_, index) => {
        const server = servers[index % 2]!;
        const address = `203.0.113.${index + 10}`;
        const view = await loadDay(server, address, day);
        return { index, server, address, ...view };
      }),
    );
    const start = visitors[0]!.firstTime;
    expect(start).toMatch(/Z$/);
    for (const visitor of visitors) expect(visitor.firstTime).toBe(start);

    const answers = await Promise.all(
      visitors.map(async (visitor) => {
        const body = new FormData();
        body.set("form-started", visitor.stamp!);
        body.set("website", "");
        body.set("tz", "UTC");
        body.set("start", start!);
        body.set("name", `Racer ${visitor.index}`);
        body.set("email", `racer-${visitor.index}@example.com`);
        body.set("topic", `Topic of racer ${visitor.index}`);
        const response = await fetch(`${visitor.server.url}/contact/meeting?day=${day}&tz=UTC`, {
          method: "POST",
          body,
          redirect: "manual",
          headers: { "X-Forwarded-For": visitor.address },
        });
        return { index: visitor.index, status: response.status, html: await response.text() };
      }),
    );

    const won = answers.filter((answer) => answer.status === 303);
    expect(won).toHaveLength(1);
    const lost = answers.filter((answer) => answer.status !== 303);
    expect(lost.map((answer) => answer.status)).toEqual(Array(racers - 1).fill(409));
    for (const answer of lost) {
      expect(answer.html).toContain("That time was just taken by someone else.");
      expect(answer.html).toContain(`value="Racer ${answer.index}"`);
      expect(answer.html).toContain(`Topic of racer ${answer.index}`);
      // The day's times again, without the taken one.
      expect(answer.html).not.toContain(`value="${start}"`);
    }

    const bookings = await database.query<{ start_at: string; status: string }>(
      "select start_at, status from bookings",
    );
    expect(bookings.rows).toEqual([{ start_at: new Date(start!).toISOString(), status: "confirmed" }]);
    const meetings = await database.query<{ fields: string }>("select fields from submissions where kind = 'meeting'");
    expect(meetings.rows.map((row) => JSON.parse(row.fields).name)).toEqual([`Racer ${won[0]!.index}`]);
    // The winner's invitation and the team's notice, nothing for the others.
    const mail = await database.query<{ recipient: string; calendar_method: string }>(
      "select recipient, calendar_method from outbox order by recipient",
    );
    expect(mail.rows).toEqual([
      { recipient: "hello@example.com", calendar_method: "REQUEST" },
      { recipient: `racer-${won[0]!.index}@example.com`, calendar_method: "REQUEST" },
    ]);
  } finally {
    await database.end();
    await Promise.all(servers.map((server) => server.stop()));
    await cluster.stop();
  }
});
