import type { Kysely } from "kysely";
import {
  type Consent,
  categoriesOf,
  consentCookieName,
  consentMaxAgeSeconds,
  serializeConsent,
} from "./consent-cookie.ts";
import { isoNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import type { Schema } from "#app/platform/db.server.ts";

export const consentSources = ["banner", "settings", "placeholder"] as const;
export type ConsentSource = (typeof consentSources)[number];

/** Stores the proof of a choice: the consent id, categories, revision and time (no address). */
export async function recordConsent(db: Kysely<Schema>, consent: Consent, source: ConsentSource) {
  await db
    .insertInto("consent_records")
    .values({
      id: newId(),
      consent_id: consent.id,
      categories: categoriesOf(consent).join(","),
      revision: consent.revision,
      source,
      created_at: isoNow(new Date(consent.at)),
    })
    .execute();
}

export async function listConsentRecords(db: Kysely<Schema>) {
  const rows = await db.selectFrom("consent_records").selectAll().orderBy("id").execute();
  return rows.map((row) => ({
    consentId: row.consent_id,
    categories: row.categories.split(","),
    revision: Number(row.revision),
    source: row.source,
    createdAt: row.created_at,
  }));
}

/** First-party, readable by the page's script (it follows the choice), Lax, six months. */
export function consentCookieHeader(consent: Consent, { secure }: { secure: boolean }) {
  return [
    `${consentCookieName}=${serializeConsent(consent)}`, // ids, digits, "." and "+": valid cookie characters
    "Path=/",
    `Max-Age=${consentMaxAgeSeconds}`,
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
