import type { Kysely } from "kysely";

// Signing in with the company's accounts (OpenID Connect): each attempt's state, nonce and PKCE
// verifier, between the redirect to the provider and its answer, consumed once.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("openid_attempts")
    // A hash of the token in the browser's cookie: the attempt belongs to the browser that began it.
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("nonce", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("next", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
}
