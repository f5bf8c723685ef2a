import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { honeypotField, startedField } from "#app/forms/guard-fields.ts";
import type { Schema } from "./db.server.ts";

// Spam defence without tracking visitors: a hidden honeypot field, and a signed timestamp that
// proves when the form was served. A bot that posts at once, forges the stamp or fills the
// honeypot is stored as spam (reviewable) and answered as if it had succeeded.

const sign = (secret: string, purpose: string, value: string) =>
  createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");

export function issueFormStamp(secret: string, purpose: string, now: Date = new Date()) {
  const time = String(now.getTime());
  return `${time}.${sign(secret, purpose, time)}`;
}

export type SpamVerdict = { spam: false } | { spam: true; reason: "honeypot" | "bad-stamp" | "too-fast" };

export function judgeSubmission(
  formData: FormData,
  { secret, purpose, minSeconds, now = new Date() }: { secret: string; purpose: string; minSeconds: number; now?: Date },
): SpamVerdict {
  const honeypot = formData.get(honeypotField);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { spam: true, reason: "honeypot" };
  const stamp = formData.get(startedField);
  const [time, signature] = typeof stamp === "string" ? stamp.split(".") : [];
  if (!time || !signature || !/^\d+$/.test(time)) return { spam: true, reason: "bad-stamp" };
  const expected = Buffer.from(sign(secret, purpose, time));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { spam: true, reason: "bad-stamp" };
  const elapsedSeconds = (now.getTime() - Number(time)) / 1000;
  if (elapsedSeconds < minSeconds) return { spam: true, reason: "too-fast" };
  return { spam: false };
}

/** One secret for every instance: from FORM_SECRET, or generated once and kept in the database. */
export async function loadFormSecret(db: Kysely<Schema>, configured?: string) {
  if (configured) return configured;
  await db
    .insertInto("settings")
    .values({ key: "form-secret", value: randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("settings").select("value").where("key", "=", "form-secret").executeTakeFirstOrThrow();
  return row.value;
}

/** A stable, non-reversible key for a client address: the address itself is never stored. */
export function clientKey(secret: string, address: string) {
  return sign(secret, "client", address).slice(0, 32);
}
