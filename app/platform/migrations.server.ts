import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Engine } from "./db.server.ts";
import * as m0001 from "./migrations/0001-submissions-outbox.ts";
import * as m0002 from "./migrations/0002-consent-records.ts";
import * as m0003 from "./migrations/0003-submission-form-key.ts";
import * as m0004 from "./migrations/0004-rate-limit-hits.ts";
import * as m0005 from "./migrations/0005-workspace.ts";
import * as m0006 from "./migrations/0006-openid-attempts.ts";
import * as m0007 from "./migrations/0007-bookings.ts";
import * as m0008 from "./migrations/0008-inbox-posting-counts.ts";
import * as m0009 from "./migrations/0009-privacy.ts";
import * as m0010 from "./migrations/0010-meeting-invitations.ts";
import * as m0011 from "./migrations/0011-receipts-webhooks.ts";
import * as m0012 from "./migrations/0012-team-calendar.ts";
import * as m0013 from "./migrations/0013-staff-openid.ts";
import * as m0014 from "./migrations/0014-search-text-and-purge-indexes.ts";
import * as m0015 from "./migrations/0015-lease-succeeded-at.ts";
import * as m0016 from "./migrations/0016-content.ts";
import * as m0017 from "./migrations/0017-proof.ts";
import * as m0018 from "./migrations/0018-readable-workspace.ts";
import * as m0019 from "./migrations/0019-analytics-reply-promise.ts";
import * as m0020 from "./migrations/0020-analytics-tallies.ts";
import * as m0021 from "./migrations/0021-analytics-visits.ts";
import * as m0022 from "./migrations/0022-submission-opened.ts";
import * as m0023 from "./migrations/0023-analytics-one-format.ts";
import * as m0025 from "./migrations/0025-app-showcase.ts";
import * as m0026 from "./migrations/0026-erasure-secret-key.ts";
import * as m0024 from "./migrations/0024-page-copy.ts";

// One set of migrations for both engines, one file each in ./migrations/, applied in the order
// of their names. A migration that needs an engine-specific type asks ./migrations/column-types.ts;
// everything else is plain SQL both understand. Migrations only add (docs/operating.md).
const migrationFiles = {
  "0001-submissions-outbox": m0001,
  "0002-consent-records": m0002,
  "0003-submission-form-key": m0003,
  "0004-rate-limit-hits": m0004,
  "0005-workspace": m0005,
  "0006-openid-attempts": m0006,
  "0007-bookings": m0007,
  "0008-inbox-posting-counts": m0008,
  "0009-privacy": m0009,
  "0010-meeting-invitations": m0010,
  "0011-receipts-webhooks": m0011,
  "0012-team-calendar": m0012,
  "0013-staff-openid": m0013,
  "0014-search-text-and-purge-indexes": m0014,
  "0015-lease-succeeded-at": m0015,
  "0016-content": m0016,
  "0017-proof": m0017,
  "0018-readable-workspace": m0018,
  "0019-analytics-reply-promise": m0019,
  "0020-analytics-tallies": m0020,
  "0021-analytics-visits": m0021,
  "0022-submission-opened": m0022,
  "0023-analytics-one-format": m0023,
  "0025-app-showcase": m0025,
  "0026-erasure-secret-key": m0026,
  "0024-page-copy": m0024,
} satisfies Record<string, { up: (db: Kysely<any>, engine: Engine) => Promise<void> }>;

function migrations(engine: Engine): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrationFiles).map(([name, file]) => [name, { up: (db: Kysely<any>) => file.up(db, engine) }]),
  );
}

/**
 * Applies every pending migration; instances starting together wait on Kysely's migration lock
 * (an advisory lock on PostgreSQL) and the later ones find nothing left to do. A schema that a
 * newer version has already extended is left alone: migrations only add (docs/operating.md), so an
 * older instance restarting during a rollout keeps serving.
 */
/** Every migration's name, in the order they apply. */
export const migrationNames = Object.keys(migrationFiles).sort();

export async function migrateToLatest(db: Kysely<any>, engine: Engine) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(engine) } });
  if ((await migrator.getMigrations()).every((migration) => migration.executedAt !== undefined)) return [];
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Applies the migrations up to and including `name` only: a test of a later one's backfill starts there. */
export async function migrateTo(db: Kysely<any>, engine: Engine, name: string) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(engine) } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

/** Whether every migration this code knows has been applied (the schema is not older than the code). */
export async function isSchemaCurrent(db: Kysely<any>, engine: Engine) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(engine) } });
  const all = await migrator.getMigrations();
  return all.every((migration) => migration.executedAt !== undefined);
}
