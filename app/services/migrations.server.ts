import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Engine } from "./db.server.ts";

// One set of migrations for both engines. A migration that needs an engine-specific type asks
// `binaryType(engine)`; everything else is plain SQL both understand.
const binaryType = (engine: Engine) => (engine === "postgres" ? "bytea" : "blob");

function migrations(engine: Engine): Record<string, Migration> {
  return {
    "0001-submissions-outbox": {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable("submissions")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("kind", "text", (col) => col.notNull())
          .addColumn("status", "text", (col) => col.notNull())
          .addColumn("created_at", "text", (col) => col.notNull())
          .addColumn("job_slug", "text")
          .addColumn("fields", "text", (col) => col.notNull())
          .addColumn("spam_reason", "text")
          .execute();
        await db.schema.createIndex("submissions_created_at").on("submissions").column("created_at").execute();

        await db.schema
          .createTable("attachments")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("submission_id", "text", (col) => col.notNull().references("submissions.id").onDelete("cascade"))
          .addColumn("position", "integer", (col) => col.notNull())
          .addColumn("name", "text", (col) => col.notNull())
          .addColumn("type", "text", (col) => col.notNull())
          .addColumn("size", "integer", (col) => col.notNull())
          .addColumn("content", sql.raw(binaryType(engine)), (col) => col.notNull())
          .execute();
        await db.schema.createIndex("attachments_submission").on("attachments").column("submission_id").execute();

        await db.schema
          .createTable("outbox")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("submission_id", "text", (col) => col.references("submissions.id").onDelete("cascade"))
          .addColumn("recipient", "text", (col) => col.notNull())
          .addColumn("reply_to", "text")
          .addColumn("subject", "text", (col) => col.notNull())
          .addColumn("text_body", "text", (col) => col.notNull())
          .addColumn("html_body", "text", (col) => col.notNull())
          .addColumn("message_id", "text", (col) => col.notNull().unique())
          .addColumn("status", "text", (col) => col.notNull())
          .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("next_attempt_at", "text", (col) => col.notNull())
          .addColumn("locked_until", "text")
          .addColumn("last_error", "text")
          .addColumn("created_at", "text", (col) => col.notNull())
          .addColumn("sent_at", "text")
          .execute();
        await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();

        await db.schema
          .createTable("rate_limits")
          .addColumn("key", "text", (col) => col.notNull())
          .addColumn("window_start", "text", (col) => col.notNull())
          .addColumn("count", "integer", (col) => col.notNull())
          .addPrimaryKeyConstraint("rate_limits_pk", ["key", "window_start"])
          .execute();

        await db.schema
          .createTable("settings")
          .addColumn("key", "text", (col) => col.primaryKey())
          .addColumn("value", "text", (col) => col.notNull())
          .execute();
      },
    },
    "0002-consent-records": {
      async up(db: Kysely<any>) {
        // Proof of each cookie choice: which categories, under which revision, when. No IP address.
        await db.schema
          .createTable("consent_records")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("consent_id", "text", (col) => col.notNull())
          .addColumn("categories", "text", (col) => col.notNull())
          .addColumn("revision", "integer", (col) => col.notNull())
          .addColumn("source", "text", (col) => col.notNull())
          .addColumn("created_at", "text", (col) => col.notNull())
          .execute();
        await db.schema.createIndex("consent_records_consent").on("consent_records").column("consent_id").execute();
      },
    },
    "0003-submission-form-key": {
      async up(db: Kysely<any>) {
        // The key of the form's stamp (form-guard.server.ts): a form sent twice is stored once.
        await db.schema.alterTable("submissions").addColumn("form_key", "text").execute();
        await db.schema.createIndex("submissions_form_key").on("submissions").column("form_key").unique().execute();
      },
    },
    "0004-rate-limit-hits": {
      async up(db: Kysely<any>) {
        // One row per counted post (rate-limit.server.ts), replacing 0001's counters per fixed window,
        // which let a client post twice the limit across a window's edge. `rate_limits` stays for
        // instances of the previous version during a rollout (migrations only add).
        await db.schema
          .createTable("rate_limit_hits")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("key", "text", (col) => col.notNull())
          .addColumn("at", "text", (col) => col.notNull())
          .execute();
        await db.schema.createIndex("rate_limit_hits_key_at").on("rate_limit_hits").columns(["key", "at"]).execute();
      },
    },
  };
}

/**
 * Applies every pending migration; instances starting together wait on Kysely's migration lock
 * (an advisory lock on PostgreSQL) and the later ones find nothing left to do. A schema that a
 * newer version has already extended is left alone: migrations only add (docs/deploy.md), so an
 * older instance restarting during a rollout keeps serving.
 */
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

/** Whether every migration this code knows has been applied (the schema is not older than the code). */
export async function isSchemaCurrent(db: Kysely<any>, engine: Engine) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(engine) } });
  const all = await migrator.getMigrations();
  return all.every((migration) => migration.executedAt !== undefined);
}
