import { type Kysely, sql } from "kysely";
import type { Engine } from "../db.server.ts";
import { binaryType } from "./column-types.ts";

// The staff workspace (app/workspace/): people, their invitations, passkeys, sessions and the
// challenges of passkey ceremonies, an audit trail, and each submission's progress and note.
export async function up(db: Kysely<any>, engine: Engine) {
  await db.schema
    .createTable("staff")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("role", "text", (col) => col.notNull())
    // The WebAuthn user handle: random, so a passkey reveals nothing about the person.
    .addColumn("webauthn_user_id", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("staff_id", "text", (col) => col.notNull().references("staff.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("staff_id", "text", (col) => col.notNull().references("staff.id").onDelete("cascade"))
    .addColumn("public_key", sql.raw(binaryType(engine)), (col) => col.notNull())
    .addColumn("counter", "bigint", (col) => col.notNull())
    .addColumn("transports", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_staff").on("passkeys").column("staff_id").execute();

  await db.schema
    .createTable("webauthn_challenges")
    .addColumn("challenge", "text", (col) => col.primaryKey())
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("staff_id", "text", (col) => col.references("staff.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("staff_sessions")
    // A hash of the cookie's token: the database never holds a usable session.
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("staff_id", "text", (col) => col.notNull().references("staff.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("staff_sessions_staff").on("staff_sessions").column("staff_id").execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("at", "text", (col) => col.notNull())
    // Kept as text, not a reference: the trail outlives the people it names.
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("target", "text")
    .addColumn("detail", "text")
    .execute();

  await db.schema
    .alterTable("submissions")
    .addColumn("progress", "text", (col) => col.notNull().defaultTo("new"))
    .execute();
  await db.schema.alterTable("submissions").addColumn("note", "text").execute();
  // The inbox pages newest first by id (time-ordered) within spam or not.
  await db.schema.createIndex("submissions_status_id").on("submissions").columns(["status", "id"]).execute();
}
