import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { honeypotField, startedField } from "#app/forms/guard-fields.ts";
import type { Schema } from "./db.server.ts";

// Spam defence without tracking visitors: a hidden honeypot field, and a signed stamp that
// proves when the form was served. A bot that posts at once, forges the stamp or fills the
// honeypot is stored as spam (reviewable) and answered as if it had succeeded.
// The stamp also names this one filling of the form (a random key): a form sent twice, by a
// double click, a resend after a lost answer or a retry on another instance, is stored once.

const sign = (secret: string, purpose: string, value: string) =>
  createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");

export function issueFormStamp(secret: string, purpose: string, now: Date = new Date()) {
  const value = `${now.getTime()}.${randomBytes(12).toString("base64url")}`;
  return `${value}.${sign(secret, purpose, value)}`;
}

export type SpamReason = "honeypot" | "bad-stamp" | "too-fast";
/** formKey: the stamp's key when the stamp is genuine, else null. */
export type FormJudgement = { spamReason: SpamReason | null; formKey: string | null };

export function judgeSubmission(
  formData: FormData,
  { secret, purpose, minSeconds, now = new Date() }: { secret: string; purpose: string; minSeconds: number; now?: Date },
): FormJudgement {
  const stamp = formData.get(startedField);
  const parts = typeof stamp === "string" ? stamp.split(".") : [];
  // A form served before stamps had keys ("time.signature", still open during a rollout) is
  // genuine too, without a key.
  const [time, key, signature] = parts.length === 2 ? [parts[0], null, parts[1]] : parts;
  const expected = Buffer.from(sign(secret, purpose, key === null ? `${time}` : `${time}.${key}`));
  const given = Buffer.from(signature ?? "");
  const genuine = !!time && /^\d+$/.test(time) && key !== undefined && key !== "" && expected.length === given.length && timingSafeEqual(expected, given);
  const formKey = genuine && key ? `${purpose}:${key}` : null;
  const honeypot = formData.get(honeypotField);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { spamReason: "honeypot", formKey };
  if (!genuine) return { spamReason: "bad-stamp", formKey };
  const elapsedSeconds = (now.getTime() - Number(time)) / 1000;
  return { spamReason: elapsedSeconds < minSeconds ? "too-fast" : null, formKey };
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
