import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, type Engine, openDatabase } from "#app/platform/db.server.ts";
import { migrateToLatest } from "#app/platform/migrations.server.ts";

// Every storage test runs on both engines: SQLite in a temporary folder, and a fresh database
// on the PostgreSQL server of TEST_DATABASE_URL (`npm test` starts a throwaway one).

export const engines: Engine[] = ["sqlite", "postgres"];

export type TestDatabase = Database & { dataDir: string; databaseUrl?: string; cleanup: () => Promise<void> };

export function testDatabaseUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      "TEST_DATABASE_URL is not set. Run the tests with `npm test` (it starts a throwaway PostgreSQL), or run `node scripts/with-test-postgres.ts npx vitest`.",
    );
  }
  return url;
}

/** A new, empty PostgreSQL database on the test server; returns its URL and a function that drops it. */
export async function createPostgresDatabase() {
  const adminUrl = testDatabaseUrl();
  const name = `site_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function openTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-test-"));
  const postgres = engine === "postgres" ? await createPostgresDatabase() : null;
  const database = openDatabase({ dataDir, databaseUrl: postgres?.url });
  await migrateToLatest(database.db, database.engine);
  return {
    ...database,
    dataDir,
    databaseUrl: postgres?.url,
    cleanup: async () => {
      await database.db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
