// The workspace's inbox at 50,000 submissions, for `npm run bench` (and `npm run bench -- inbox`,
// which runs only this): a data folder (and a PostgreSQL database when TEST_DATABASE_URL is
// set) seeded with four years of submissions in bulk, a staff member signed in through the
// workspace's own functions, the production server started on that data, and the inbox's pages
// requested one at a time with the session cookie, in turns: the median and 95th percentile of
// 50 answers each after a warm-up. The target: the first page within 100 ms on this machine.
// Then the purge over such a backlog: 50,000 more submissions ten years older, all past their
// period, in a data folder of their own, the server started on it, and pages requested one at a
// time while it purges (issue 28's target: all deleted within a minute, pages answered within
// 100 ms at the 95th percentile).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { CompiledQuery, type Insertable, type Kysely, sql } from "kysely";
import { v7 as uuidv7 } from "uuid";
import { initialPostings } from "#app/platform/migrations/initial-postings.ts";
import { epochMs } from "#app/platform/clock.ts";
import {
  type Database,
  type Engine,
  type OutboxTable,
  openDatabase,
  type Schema,
  type SubmissionTable,
} from "#app/platform/db.server.ts";
import { migrateToLatest } from "#app/platform/migrations.server.ts";
import { type StoredFields, submissionSearchText } from "#app/forms/submission-fields.ts";
import {
  InboxFilterSchema,
  inboxQuery,
  kindFields,
  listInbox,
  openApplicationsQuery,
} from "#app/workspace/inbox/inbox.server.ts";
import { sessionCookie, startSession } from "#app/workspace/sign-in/session.server.ts";
import { inviteStaff } from "#app/workspace/people/staff.server.ts";
import { workspacePaths } from "#app/workspace/workspace-paths.ts";
import { createPostgresDatabase } from "#tests/helpers/databases.ts";

export const inboxTarget = { submissions: 50_000, firstPageMs: 100, purgeSeconds: 60, duringPurgeP95Ms: 100 };
const warmUp = 10;
const samples = 50;

export type InboxMeasurement = {
  engine: Engine;
  request: string;
  path: string;
  rows: number;
  medianMs: number;
  p95Ms: number;
  target: number | null;
};
export type InboxPlan = { engine: Engine; query: string; plan: string };
export type PurgeMeasurement = {
  engine: Engine;
  /** From the server's log line: what it deleted, and the purge's own time. */
  purged: number;
  purgeSeconds: number;
  /** From starting the server to its first answer of /readyz (the purge starts once it listens). */
  readyMs: number;
  /** The one-minute load average when the purge began and when it ended. */
  load: [number, number];
  answers: Array<{ path: string; count: number; medianMs: number; p95Ms: number; maxMs: number }>;
};

/**
 * The benchmark's retention, the longest the configuration takes (ten years), built in (the
 * privacy page shows the periods, so a server must run with its build's): the inbox's four years
 * stay whole instead of being purged when its server starts.
 */
export const benchRetention = {
  RETENTION_INQUIRY_MONTHS: "120",
  RETENTION_APPLICATION_MONTHS: "120",
  RETENTION_FUTURE_OPENINGS_MONTHS: "120",
  RETENTION_MEETING_MONTHS: "120",
  RETENTION_SPAM_DAYS: "3650",
  RETENTION_MAIL_DAYS: "3650",
};
/** The purge's four years end this long ago: past ten years (120 months, 3,650 days), every submission is due. */
const purgeSeedEndsAgoMs = (3653 + 35) * 86_400_000;

type Options = {
  origin: string;
  /** The server's command line after `node` (build/start.js with its options), as `npm start` runs it. */
  serverArgs: string[];
  serverEnv: NodeJS.ProcessEnv;
  work: string;
  wrap: (command: string, args: string[]) => [string, string[]];
  children: ChildProcess[];
  step: (message: string) => void;
};

// A small deterministic generator: every run seeds the same submissions.
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  return { next, pick, chance: (probability: number) => next() < probability };
}

const firstNames = [
  "Ada",
  "Grace",
  "Alan",
  "Katherine",
  "Linus",
  "Margaret",
  "Édouard",
  "Zoë",
  "Søren",
  "Ana",
  "João",
  "Mei",
  "Hiroshi",
  "Priya",
  "Omar",
  "Fatima",
  "Lukas",
  "Ingrid",
  "Chidi",
  "Amara",
  "Mateo",
  "Lucía",
  "Noah",
  "Emma",
  "Olivia",
  "Liam",
  "Sofia",
  "Elena",
  "Ivan",
  "Yuki",
];
const lastNames = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Johnson",
  "Torvalds",
  "Hamilton",
  "Dubois",
  "Müller",
  "Kierkegaard",
  "García",
  "Silva",
  "Chen",
  "Tanaka",
  "Patel",
  "Haddad",
  "Okafor",
  "Novak",
  "Larsen",
  "Rossi",
  "Nguyen",
  "Kowalski",
  "Andersen",
  "Fischer",
  "Moreau",
  "Ivanova",
  "Schmidt",
  "Costa",
  "O'Brien",
  "Smith",
  "Kim",
  "Jensen",
  "Weber",
  "Santos",
  "Ali",
  "Brown",
  "Martin",
  "Lee",
  "Wilson",
  "Taylor",
  "Clark",
];
const companies = [
  "Acme Corp",
  "Globex",
  "Initech",
  "Umbrella Health",
  "Stark Logistics",
  "Wayne Retail",
  "Société Générale d'Études",
  "Nordwind GmbH",
  "Blue Harbour",
  "Kite & Key",
  "Brightline Schools",
  "Medina Foods",
  "Atlas Freight",
  "Copperleaf Bank",
  "Sunrise Clinics",
  "Pixel Foundry",
  "Greenfield Farms",
  "Harbor Insurance",
  "Orbit Travel",
  "Quill Publishing",
];
const sentences = [
  "We need a mobile app for our customers to book appointments.",
  "Our current website is slow and hard to update; we would like a rebuild.",
  "Looking for a team to build an internal dashboard over our sales data.",
  "We have a prototype in React Native and need help taking it to the stores.",
  "The project includes a payment flow and integration with our ERP.",
  "Timeline is flexible, ideally a first version within three months.",
  "We would like an estimate and a call next week if possible.",
  "Accessibility matters to us: many of our users rely on screen readers.",
  "Our backend is Django on PostgreSQL; we are open to other options.",
  "We are a non-profit and would appreciate a phased approach.",
  "I have ten years of experience building products used by millions.",
  "I led a team of five engineers through two major launches.",
  "I am excited by your approach to interview preparation.",
  "My portfolio shows recent work in design systems and research.",
];
const budgets = ["under-10k", "10k-25k", "25k-50k", "50k-100k", "over-100k"];
const sources = [null, null, "Search engine", "A friend", "LinkedIn", "Conference talk"];
const jobs = [...initialPostings, null];
/** One surname in forty: a search finds a page of it among the newest submissions not done. */
const commonTerm = "Kowalski";
/** Exactly one submission, halfway through, mentions this: a search for it reads every row. */
const rareTerm = "zanzibar-quokka";

function paragraph(random: ReturnType<typeof generator>, count: number) {
  return Array.from({ length: count }, () => random.pick(sentences)).join(" ");
}

/**
 * Four years of submissions ending at `now`, in bulk: two thirds inquiries, a third applications
 * across the postings, 2 % spam; what is older than a quarter mostly done, the last fortnight
 * mostly not. Each one that is not spam has its sent notification, as the server leaves it, and
 * its search text, as storing it writes it.
 */
export async function seed(db: Kysely<Schema>, count: number, now: number) {
  const random = generator(20261123);
  const span = 4 * 365 * 24 * 3600_000;
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const submissions: Array<Insertable<SubmissionTable>> = [];
    const outbox: Array<Insertable<OutboxTable>> = [];
    for (let index = start; index < Math.min(start + batch, count); index += 1) {
      const msecs = now - span + Math.floor(((index + random.next()) / count) * span);
      const id = uuidv7({ msecs });
      const createdAt = new Date(msecs).toISOString();
      const age = now - msecs;
      const rare = index === Math.floor(count / 2);
      const spam = !rare && random.chance(0.02);
      const application = !spam && random.chance(1 / 3);
      const first = random.pick(firstNames);
      const last = random.pick(lastNames);
      const email = `${first}.${last}.${index}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, "");
      const fields: StoredFields = application
        ? {
            firstName: first,
            lastName: last,
            email,
            phone: random.chance(0.5) ? "+1 555 0100" : null,
            location: random.pick(["Remote", "San Francisco", "Lisbon", "Berlin", "Toronto"]),
            linkedin: random.chance(0.5) ? `https://www.linkedin.com/in/${first.toLowerCase()}-${index}` : null,
            github: random.chance(0.3) ? `https://github.com/${first.toLowerCase()}${index}` : null,
            portfolio: null,
            coverNote: random.chance(0.7) ? paragraph(random, 3) : null,
            consent: "yes",
            futureConsent: random.chance(0.6) ? "yes" : "no",
          }
        : {
            name: `${first} ${last}`,
            email,
            phone: random.chance(0.5) ? "+1 555 0100" : null,
            company: random.chance(0.7) ? random.pick(companies) : null,
            project: spam
              ? "Cheap followers and links, best prices!!!"
              : paragraph(random, 2 + Math.floor(random.next() * 4)),
            budget: random.pick(budgets),
            source: random.pick(sources),
          };
      // Not spam and not done, so that the inbox's default view finds it.
      if (rare) fields.email = `${rareTerm}@example.com`;
      const open = age < 14 * 86_400_000 ? 0.8 : age < 90 * 86_400_000 ? 0.25 : 0.05;
      const progress = spam || rare || random.chance(open) ? (random.chance(0.6) ? "new" : "in_progress") : "done";
      const kind = application ? "application" : "contact";
      submissions.push({
        id,
        kind,
        status: spam ? "spam" : "received",
        created_at: createdAt,
        ...(() => {
          const job = application ? random.pick(jobs) : null;
          return { job_slug: job?.slug ?? null, job_title: job?.title ?? null };
        })(),
        fields: JSON.stringify(fields),
        search_text: submissionSearchText(kindFields[kind], fields),
        spam_reason: spam ? random.pick(["honeypot", "too-fast"]) : null,
        form_key: null,
        progress: spam ? "new" : progress,
        note: progress === "done" && random.chance(0.3) ? "Answered by e-mail." : null,
      });
      if (!spam) {
        const outboxId = uuidv7({ msecs });
        outbox.push({
          id: outboxId,
          submission_id: id,
          recipient: application ? "careers@example.com" : "hello@example.com",
          reply_to: email,
          subject: application ? `Application: ${first} ${last}` : `New inquiry from ${first} ${last}`,
          text_body: `A new submission arrived (reference ${id}).\n\n${JSON.stringify(fields, null, 1)}`,
          html_body: `<p>A new submission arrived (reference ${id}).</p><pre>${JSON.stringify(fields, null, 1)}</pre>`,
          message_id: `<${outboxId}@bench.example>`,
          status: "sent",
          attempts: 1,
          next_attempt_at: createdAt,
          locked_until: null,
          last_error: null,
          created_at: createdAt,
          sent_at: new Date(msecs + 2000).toISOString(),
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("submissions").values(submissions).execute();
      if (outbox.length) await trx.insertInto("outbox").values(outbox).execute();
    });
  }
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;

/** One answer: its time to the last byte and how many submissions it lists. */
async function request(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not the inbox`);
  return { elapsed, rows: html.split(`href="${workspacePaths.submission("")}`).length - 1 };
}

/**
 * Every address in turn, round after round (warm-up rounds first, not counted), so that a drift
 * of the machine's speed touches them all alike; then each one's median and 95th percentile.
 */
async function measure(urls: string[], cookie: string) {
  const times = urls.map(() => [] as number[]);
  const rows = urls.map(() => 0);
  for (let round = 0; round < warmUp + samples; round += 1) {
    for (const [index, url] of urls.entries()) {
      const answer = await request(url, cookie);
      rows[index] = answer.rows;
      if (round >= warmUp) times[index]?.push(answer.elapsed);
    }
  }
  return urls.map((_, index) => {
    const sorted = (times[index] ?? []).sort((a, b) => a - b);
    return { rows: rows[index] ?? 0, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
  });
}

/** How each engine runs the inbox's first page and the posting counts every inbox page shows. */
async function plans({ db, engine }: Database) {
  const explain = async (query: CompiledQuery) => {
    const { rows } = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`${engine === "sqlite" ? "explain query plan" : "explain"} ${query.sql}`, [
        ...query.parameters,
      ]),
    );
    return rows.map((row) => String(engine === "sqlite" ? row.detail : row["QUERY PLAN"]).trim()).join(" / ");
  };
  return [
    { engine, query: "inbox first page", plan: await explain(inboxQuery(db, InboxFilterSchema.parse({})).compile()) },
    {
      engine,
      query: "search (?q=)",
      plan: await explain(inboxQuery(db, InboxFilterSchema.parse({ q: "word" })).compile()),
    },
    { engine, query: "open applications by posting", plan: await explain(openApplicationsQuery(db).compile()) },
  ];
}

async function waitForReady(url: string) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The server did not become ready");
}

export async function benchInbox(options: Options) {
  const { origin, serverArgs, serverEnv, work, wrap, children, step } = options;
  const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  const measurements: InboxMeasurement[] = [];
  const queryPlans: InboxPlan[] = [];
  const purges: PurgeMeasurement[] = [];
  for (const engine of engines) {
    const dataDir = path.join(work, `inbox-${engine}`);
    mkdirSync(dataDir, { recursive: true });
    const postgres = engine === "postgres" ? await createPostgresDatabase() : null;
    try {
      step(`Inbox on ${engine}: seeding ${inboxTarget.submissions.toLocaleString("en")} submissions`);
      const database = openDatabase({ dataDir, databaseUrl: postgres?.url });
      const seedStarted = performance.now();
      let cookie: string;
      let laterPage: string;
      let deepDone: string;
      try {
        await migrateToLatest(database.db, database.engine);
        await seed(database.db, inboxTarget.submissions, epochMs());
        // PostgreSQL's autovacuum would gather statistics within a minute of such a load.
        if (engine === "postgres") await sql`analyze`.execute(database.db);
        console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
        queryPlans.push(...(await plans(database)));
        // A staff member signed in as the workspace does it, without the passkey ceremony.
        const { staff } = await inviteStaff(database.db, { email: "bench@company.example", actor: null });
        // The cookie as the server sets it, name and value only.
        cookie = sessionCookie(new Request(origin), await startSession(database.db, staff.id)).split(";")[0]!;
        // Page 21 of what is not done, as the "Older submissions" links reach it.
        let after: string | undefined;
        for (let page = 1; page <= 20; page += 1) {
          after = (await listInbox(database.db, InboxFilterSchema.parse({ after }))).nextAfter ?? undefined;
        }
        laterPage = after ?? "";
        const done = await database.db
          .selectFrom("submissions")
          .select("id")
          .where("status", "=", "received")
          .where("progress", "=", "done")
          .orderBy("id", "desc")
          .offset(25_000)
          .limit(1)
          .executeTakeFirstOrThrow();
        deepDone = done.id;
      } finally {
        await database.db.destroy();
      }

      step(
        `Inbox on ${engine}: the production server on ${origin}; ${samples} rounds of one request per address, one at a time, after ${warmUp} rounds of warm-up`,
      );
      const server = spawn(...wrap(process.execPath, serverArgs), {
        env: { ...serverEnv, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? "", LOG_LEVEL: "warn" },
        stdio: ["ignore", "ignore", "inherit"],
      });
      children.push(server);
      try {
        await waitForReady(`${origin}/readyz`);
        const requests: Array<[string, string, number | null]> = [
          ["first page (not done, newest first)", workspacePaths.inbox, inboxTarget.firstPageMs],
          [`search, a common name (?q=${commonTerm})`, `${workspacePaths.inbox}?q=${commonTerm}`, null],
          ["search, one match: reads every row", `${workspacePaths.inbox}?q=${rareTerm}`, null],
          ["page 21 (?after=)", `${workspacePaths.inbox}?after=${laterPage}`, null],
          ["done, 25,000 rows in (?state=done&after=)", `${workspacePaths.inbox}?state=done&after=${deepDone}`, null],
          ["applications only", `${workspacePaths.inbox}?kind=application`, null],
        ];
        const results = await measure(
          requests.map(([, requestPath]) => `${origin}${requestPath}`),
          cookie,
        );
        for (const [index, [name, requestPath, target]] of requests.entries()) {
          const result = results[index] as (typeof results)[number];
          measurements.push({
            engine,
            request: name,
            path: requestPath.replace(/after=[0-9a-f-]+/, "after=…"),
            target,
            ...result,
          });
          console.log(
            `  ${name}: median ${result.medianMs.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms, ${result.rows} rows`,
          );
        }
      } finally {
        await stopServer(server);
      }
    } finally {
      await postgres?.drop();
    }

    const purgeDir = path.join(work, `purge-${engine}`);
    mkdirSync(purgeDir, { recursive: true });
    const purgePostgres = engine === "postgres" ? await createPostgresDatabase() : null;
    try {
      step(
        `Purge on ${engine}: seeding ${inboxTarget.submissions.toLocaleString("en")} submissions ten years older, all past their period`,
      );
      const database = openDatabase({ dataDir: purgeDir, databaseUrl: purgePostgres?.url });
      let cookie: string;
      try {
        await migrateToLatest(database.db, database.engine);
        await seed(database.db, inboxTarget.submissions, epochMs() - purgeSeedEndsAgoMs);
        if (engine === "postgres") await sql`analyze`.execute(database.db);
        const { staff } = await inviteStaff(database.db, { email: "bench@company.example", actor: null });
        cookie = sessionCookie(new Request(origin), await startSession(database.db, staff.id)).split(";")[0]!;
      } finally {
        await database.db.destroy();
      }
      step(
        `Purge on ${engine}: the production server started on them; /, /readyz and the inbox's first page requested one at a time while it purges`,
      );
      const purgeServer = spawn(...wrap(process.execPath, serverArgs), {
        env: { ...serverEnv, DATA_DIR: purgeDir, DATABASE_URL: purgePostgres?.url ?? "", LOG_LEVEL: "info" },
        stdio: ["ignore", "pipe", "inherit"],
      });
      children.push(purgeServer);
      try {
        const result = await measurePurge(purgeServer, origin, cookie);
        purges.push({ engine, ...result });
        console.log(
          `  ${result.purged.toLocaleString("en")} submissions purged in ${result.purgeSeconds.toFixed(1)} s; /readyz first answered ${result.readyMs.toFixed(0)} ms after the start; load average ${result.load[0].toFixed(2)} → ${result.load[1].toFixed(2)}`,
        );
        for (const answer of result.answers) {
          console.log(
            `  during the purge, ${answer.path}: ${answer.count} answers, median ${answer.medianMs.toFixed(1)} ms, p95 ${answer.p95Ms.toFixed(1)} ms, max ${answer.maxMs.toFixed(1)} ms`,
          );
        }
      } finally {
        await stopServer(purgeServer);
      }
    } finally {
      await purgePostgres?.drop();
    }
  }
  return { measurements, plans: queryPlans, purges };
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}

/**
 * From the server's start: the time to its first answer of /readyz (polled every 10 ms), then
 * /, /readyz and the inbox's first page in turn, one request at a time, until the server logs the
 * purge's end; each address's answers during the purge, and the purge's count and time from its
 * log line (counts only: it logs nothing else of what it deleted).
 */
async function measurePurge(server: ChildProcess, origin: string, cookie: string) {
  const started = performance.now();
  const load: [number, number] = [loadavg()[0] ?? 0, 0];
  const purged = new Promise<string>((resolve, reject) => {
    let buffer = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        const message = line.startsWith("{") ? String((JSON.parse(line) as { msg?: unknown }).msg ?? "") : "";
        if (message.startsWith("Privacy purge")) resolve(message);
      }
    });
    server.once("exit", () => reject(new Error("The server stopped before the purge ended")));
  });
  let done = false;
  void purged.then(
    () => (done = true),
    () => (done = true),
  );
  let readyMs = Number.NaN;
  for (let attempt = 0; attempt < 3000 && Number.isNaN(readyMs); attempt += 1) {
    if ((await fetch(`${origin}/readyz`).catch(() => null))?.ok) readyMs = performance.now() - started;
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (Number.isNaN(readyMs)) throw new Error("The server did not become ready");
  const paths = ["/", "/readyz", workspacePaths.inbox];
  const times = paths.map(() => [] as number[]);
  while (!done) {
    for (const [index, requestPath] of paths.entries()) {
      const begun = performance.now();
      const response = await fetch(`${origin}${requestPath}`, { headers: { cookie }, redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${requestPath} answered ${response.status} during the purge`);
      if (!done) times[index]?.push(performance.now() - begun);
    }
  }
  load[1] = loadavg()[0] ?? 0;
  const message = await purged;
  const counted = message.match(/^Privacy purge: (\d+) submissions .* in ([\d.]+) s$/);
  if (!counted) throw new Error(`The purge did not end: ${message}`);
  return {
    purged: Number(counted[1]),
    purgeSeconds: Number(counted[2]),
    readyMs,
    load,
    answers: paths.map((requestPath, index) => {
      const sorted = (times[index] ?? []).sort((a, b) => a - b);
      return {
        path: requestPath,
        count: sorted.length,
        medianMs: percentile(sorted, 0.5),
        p95Ms: percentile(sorted, 0.95),
        maxMs: sorted.at(-1) ?? Number.NaN,
      };
    }),
  };
}

export function printInbox({ measurements, plans: queryPlans, purges }: Awaited<ReturnType<typeof benchInbox>>) {
  const fixed = (value: number) => value.toFixed(1);
  console.log(
    `Workspace inbox at ${inboxTarget.submissions.toLocaleString("en")} submissions (signed in, one request at a time, ${samples} per address in turns after ${warmUp} rounds of warm-up)`,
  );
  console.table(
    measurements.map((row) => ({
      engine: row.engine,
      request: row.request,
      rows: row.rows,
      "median ms": fixed(row.medianMs),
      "p95 ms": fixed(row.p95Ms),
      target: row.target === null ? "" : `≤ ${row.target} ms`,
    })),
  );
  console.log("Query plans");
  for (const { engine, query, plan } of queryPlans) console.log(`  ${engine}, ${query}: ${plan}`);
  console.log(
    `\nThe purge of ${inboxTarget.submissions.toLocaleString("en")} submissions past their period, and the pages answered meanwhile (one request at a time)`,
  );
  console.table(
    purges.flatMap((purge) =>
      purge.answers.map((answer) => ({
        engine: purge.engine,
        purged: purge.purged,
        "purge s": fixed(purge.purgeSeconds),
        "ready ms": purge.readyMs.toFixed(0),
        load: `${purge.load[0].toFixed(2)} → ${purge.load[1].toFixed(2)}`,
        request: answer.path,
        answers: answer.count,
        "median ms": fixed(answer.medianMs),
        "p95 ms": fixed(answer.p95Ms),
        "max ms": fixed(answer.maxMs),
      })),
    ),
  );
}

/**
 * The targets per engine: the inbox's first page within 100 ms (p95); the purge of all 50,000
 * within a minute, and every page asked meanwhile within 100 ms (p95).
 */
export function inboxChecks({ measurements, purges }: Awaited<ReturnType<typeof benchInbox>>) {
  const count = inboxTarget.submissions.toLocaleString("en");
  return [
    ...measurements
      .filter((row) => row.target !== null)
      .map(
        (row) =>
          [
            `inbox first page ≤ ${row.target} ms (p95) at ${count} submissions, ${row.engine}`,
            row.p95Ms <= (row.target as number),
          ] as const,
      ),
    ...purges.flatMap((purge) => [
      [
        `purge of ${count} due submissions ≤ ${inboxTarget.purgeSeconds} s, ${purge.engine}`,
        purge.purged === inboxTarget.submissions && purge.purgeSeconds <= inboxTarget.purgeSeconds,
      ] as const,
      ...purge.answers.map(
        (answer) =>
          [
            `${answer.path} during the purge ≤ ${inboxTarget.duringPurgeP95Ms} ms (p95), ${purge.engine}`,
            answer.count > 0 && answer.p95Ms <= inboxTarget.duringPurgeP95Ms,
          ] as const,
      ),
    ]),
  ];
}
