import type { Kysely } from "kysely";

// Which site secret keyed an erasure's hash (a fingerprint, not the secret): a list of erasures
// applied under another secret matches nobody, and a restore must say so rather than bring those
// people back. Earlier rows have none: which secret made them is not known.
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("privacy_requests").addColumn("secret_key", "text").execute();
}
