import type { Kysely } from "kysely";

// When a person last signed in with the company's account (OpenID Connect): such a person can
// sign in without a passkey, which the rule that keeps an admin who can sign in counts.
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("staff").addColumn("openid_signed_in_at", "text").execute();
}
