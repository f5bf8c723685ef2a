import { env } from "./env.server.ts";
import { epochMs } from "./clock.ts";
import { calDavClient } from "./caldav.server.ts";
import { calDavConfig } from "./env.ts";
import { type Database, openDatabase } from "./db.server.ts";
import { loadFormSecret } from "./secret.server.ts";
import { log } from "./log.server.ts";
import { createMailer } from "./mail.server.ts";
import { migrateToLatest } from "./migrations.server.ts";
import { startOutboxWorker } from "./outbox.server.ts";
import { pruneRateLimits } from "./rate-limit.server.ts";
import { noTeamCalendar, startTeamCalendar, type TeamCalendarWorker } from "./team-calendar.server.ts";
import { pruneWebhookEvents, startWebhookWorker } from "./webhooks.server.ts";

// The server's long-lived parts, started once per process: the database (migrated before use),
// the form secret, the mailer, the outbox worker, the webhook worker, and the team's calendar
// when configured.

export type Services = Database & {
  secret: string;
  /** Where mail goes, for the server's start-up line ("SMTP server host:port" or "files in …"). */
  mailDescribe: string;
  outbox: ReturnType<typeof startOutboxWorker>;
  webhooks: ReturnType<typeof startWebhookWorker>;
  /** Writes bookings to the team's calendar and reads its busy times (does nothing when none is configured). */
  calendar: TeamCalendarWorker;
  close: () => Promise<void>;
};

let started: Promise<Services> | undefined;

/** An error that names the setting the database comes from, for the operator who set it. */
function databaseError(what: string, error: unknown) {
  const setting = env.DATABASE_URL ? "DATABASE_URL" : "DATA_DIR";
  return new Error(`${setting}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

const dayMs = 24 * 60 * 60_000;

/** The team's calendar (decision 027): busy times over the booking window with a day's margin either side. */
function startCalendar(database: Database) {
  const config = calDavConfig(env);
  if (!config) return noTeamCalendar;
  return startTeamCalendar({
    db: database.db,
    engine: database.engine,
    client: calDavClient(config),
    calendarUrl: config.url,
    timeZone: env.BOOKING_TIME_ZONE,
    range: (now) => ({
      from: now.subtract({ milliseconds: dayMs }),
      to: now.add({ milliseconds: (env.BOOKING_HORIZON_DAYS + 2) * dayMs }),
    }),
    refreshMs: config.refreshMs,
    onWarn: log.warn,
    onError: log.error,
  });
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
    const webhooks = startWebhookWorker({
      db: database.db,
      engine: database.engine,
      endpoints: env.WEBHOOK_ENDPOINTS,
      alert: { recipient: env.CONTACT_EMAIL, messageIdDomain: new URL(env.SITE_URL).hostname },
      timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
      onError: log.error,
      onMailQueued: outbox.kick,
    });
    const calendar = startCalendar(database);
    const pruner = setInterval(() => {
      pruneRateLimits(database.db, new Date(epochMs() - env.RATE_LIMIT_WINDOW_SECONDS * 1000)).catch(() => {});
      // The delivery log is kept as long as the copies of sent e-mails.
      pruneWebhookEvents(database.db, new Date(epochMs() - env.RETENTION_MAIL_DAYS * 24 * 60 * 60_000)).catch(() => {});
    }, 60 * 60_000);
    pruner.unref();
    return {
      ...database,
      secret,
      mailDescribe: mailer.describe,
      outbox,
      webhooks,
      calendar,
      close: async () => {
        clearInterval(pruner);
        await Promise.all([outbox.stop(), webhooks.stop(), calendar.stop()]);
        mailer.close();
        await database.db.destroy();
      },
    };
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
