import { tmpdir } from "node:os";
import path from "node:path";
import { initialOpenDays } from "#app/platform/migrations/initial-postings.ts";

// The end-to-end servers: one on SQLite and one on PostgreSQL, built once with the same public
// configuration (one store configured and one not, so both states show; embed frames on a
// made-up origin that the tests answer themselves, see fixtures.ts). Their data folders have
// fixed names so that tests can read what the servers stored with `npm run submissions`.
const basePort = Number(process.env.E2E_PORT ?? 3100);

/** The third-party form provider of the tests; no request to it ever leaves the browser. */
export const embedOrigin = "https://forms.embed.example";

export const e2eEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  SITE_URL: `http://localhost:${basePort}`,
  CONTACT_EMAIL: "hello@example.com",
  SOCIAL_URL: "https://www.linkedin.com/company/example",
  APP_STORE_URL: "https://apps.apple.com/app/id0000000000",
  PLAY_STORE_URL: "",
  NEWSLETTER_EMBED_URL: `${embedOrigin}/newsletter`,
  LOGIN_EMBED_URL: `${embedOrigin}/login`,
  // Tests type faster than people: the time check has its own unit tests.
  FORM_MIN_SECONDS: "0",
  RATE_LIMIT_MAX: "5",
  // Each test presents its own client address through X-Forwarded-For, so limits stay per test.
  TRUST_PROXY: "loopback",
  SMTP_URL: "",
  DATABASE_URL: "",
};

export type StorageEnv = { DATA_DIR: string; DATABASE_URL: string };

export const servers = {
  sqlite: { port: basePort, storage: { DATA_DIR: path.join(tmpdir(), `site-e2e-${basePort}`), DATABASE_URL: "" } },
  /**
   * The same build on SQLite, its database made now (the brief's postings open for
   * `initialOpenDays` from now) and its clock started two days after they have all closed.
   */
  postingsClosed: {
    port: basePort + 2,
    storage: { DATA_DIR: path.join(tmpdir(), `site-e2e-${basePort + 2}`), DATABASE_URL: "" },
    clockAt: new Date(Date.now() + (initialOpenDays + 2) * 24 * 60 * 60 * 1000),
  },
  postgres: {
    port: basePort + 1,
    database: `site_e2e_${basePort}`,
    storage: { DATA_DIR: path.join(tmpdir(), `site-e2e-${basePort + 1}`), DATABASE_URL: "" },
  },
};

/** The PostgreSQL server's database, on the server of TEST_DATABASE_URL. */
export function postgresDatabaseUrl() {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return "";
  const url = new URL(admin);
  url.pathname = `/${servers.postgres.database}`;
  return url.toString();
}
servers.postgres.storage.DATABASE_URL = postgresDatabaseUrl();
