import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Schema } from "./db.server.ts";

// The site's one secret (FORM_SECRET): it signs form stamps and hashes client addresses, so
// every instance must share it.

/** An HMAC of `value` for one `purpose`, so a signature made for one use is worthless for another. */
export const signFor = (secret: string, purpose: string, value: string) =>
  createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");

/** One secret for every instance: from FORM_SECRET, or generated once and kept in the database. */
export async function loadFormSecret(db: Kysely<Schema>, configured?: string) {
  if (configured) return configured;
  await db
    .insertInto("settings")
    .values({ key: "form-secret", value: randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", "form-secret")
    .executeTakeFirstOrThrow();
  return row.value;
}

/** A stable, non-reversible key for a client address: the address itself is never stored. */
export function clientKey(secret: string, address: string) {
  return signFor(secret, "client", address).slice(0, 32);
}
