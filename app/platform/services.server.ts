import { env } from "./env.server.ts";
import { type Database, openDatabase } from "./db.server.ts";
import { loadFormSecret } from "./secret.server.ts";
import { log } from "./log.server.ts";
import { createMailer } from "./mail.server.ts";
import { migrateToLatest } from "./migrations.server.ts";
import { startOutboxWorker } from "./outbox.server.ts";
import { now } from "./clock.ts";
import { pruneRateLimits } from "./rate-limit.server.ts";
import { startWorker, type Worker } from "./worker.server.ts";

// The server's long-lived parts, started once per process: the database (migrated before use),
// the form secret, the mailer, the outbox worker and the rate-limit prune, all workers of the
// background loop (worker.server.ts). Every other background work is a capability's, declared
// where the capability keeps it with startsWithServices (this folder imports none of them): it
// starts with the services, or once the server listens (`whenServing`: a daily job, reminders),
// and stops with them.

export type Services = Database & {
  secret: string;
  /** Where mail goes, for the server's start-up line ("SMTP server host:port" or "files in …"). */
  mailDescribe: string;
  outbox: ReturnType<typeof startOutboxWorker>;
  close: () => Promise<void>;
};

let started: Promise<Services> | undefined;

/** A capability's worker: how it starts on the services, when, and the one running now. */
type Companion = { start: (services: Services) => Worker; whenServing: boolean; running: Worker | null };
const companions = new Map<string, Companion>();
let running: Services | null = null;
let serving = false;
const due = (companion: Companion) => !companion.whenServing || serving;

/**
 * Declares a capability's background worker, by name: it starts with the services (at once when
 * they run already), or with `whenServing` once the server listens (startServing: work that must
 * never hold up the first answer, and that the command line and tests do not run), and stops
 * with them. The kick returned wakes it; it does nothing while the worker is not started.
 * Declared again under the same name (a module reloaded in development), the new one replaces
 * the old.
 */
export function startsWithServices(
  name: string,
  start: (services: Services) => Worker,
  { whenServing = false }: { whenServing?: boolean } = {},
) {
  void companions.get(name)?.running?.stop();
  const companion: Companion = { start, whenServing, running: null };
  if (running && due(companion)) companion.running = start(running);
  companions.set(name, companion);
  return { kick: () => companion.running?.kick() };
}

/** The server listens (server/main.ts): the work declared `whenServing` starts now. */
export async function startServing() {
  const services = await getServices();
  serving = true;
  for (const companion of companions.values()) {
    if (!companion.running && due(companion)) companion.running = companion.start(services);
  }
}

/** An error that names the setting the database comes from, for the operator who set it. */
function databaseError(what: string, error: unknown) {
  const setting = env.DATABASE_URL ? "DATABASE_URL" : "DATA_DIR";
  return new Error(`${setting}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

async function start(): Promise<Services> {
  let database: Database;
  try {
    database = openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  } catch (error) {
    throw databaseError("the database cannot be opened", error);
  }
  try {
    const applied = await migrateToLatest(database.db, database.engine).catch((error: unknown) => {
      throw databaseError(`${database.describe} cannot be used`, error);
    });
    if (applied.length) log.info(`Applied migrations: ${applied.join(", ")}`);
    const secret = await loadFormSecret(database.db, env.FORM_SECRET);
    const leaseMs = env.MAIL_LEASE_SECONDS * 1000;
    const mailer = createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, timeoutMs: leaseMs / 4 });
    const outbox = startOutboxWorker({
      db: database.db,
      engine: database.engine,
      send: mailer.send,
      from: env.MAIL_FROM,
      leaseMs,
      onError: log.error,
    });
    // Rate-limit records go once their window has passed (the only place they are deleted).
    const rateLimitPrune = startWorker({
      name: "Rate-limit prune",
      intervalMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
      work: async (signal) => {
        await pruneRateLimits(database.db, { windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, now: now(), signal });
      },
    });
    const services: Services = {
      ...database,
      secret,
      mailDescribe: mailer.describe,
      outbox,
      close: async () => {
        running = null;
        serving = false;
        const workers = [...companions.values()].map((companion) => {
          const worker = companion.running;
          companion.running = null;
          return worker?.stop();
        });
        await Promise.all([outbox.stop(), rateLimitPrune.stop(), ...workers]);
        mailer.close();
        await database.db.destroy();
      },
    };
    for (const companion of companions.values()) if (due(companion)) companion.running = companion.start(services);
    running = services;
    return services;
  } catch (error) {
    await database.db.destroy().catch(() => {});
    throw error;
  }
}

/** Starts the services on first use; a failed start is tried again on the next call. */
export function getServices() {
  started ??= start().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}

export async function stopServices() {
  const current = started;
  started = undefined;
  if (current) await (await current.catch(() => null))?.close();
}
