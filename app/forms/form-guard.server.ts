import { randomBytes, timingSafeEqual } from "node:crypto";
import { honeypotField, startedField } from "./guard-fields.ts";
import { signFor } from "#app/platform/secret.server.ts";
import { now as clockNow } from "#app/platform/clock.ts";

// Spam defence without tracking visitors: a hidden honeypot field, and a signed stamp that
// proves when the form was served. A bot that posts at once, forges the stamp or fills the
// honeypot is stored as spam (reviewable) and answered as if it had succeeded.
// The stamp also names this one filling of the form (a random key): a form sent twice, by a
// double click, a resend after a lost answer or a retry on another instance, is stored once.

export function issueFormStamp(secret: string, purpose: string, now: Date = clockNow()) {
  const value = `${now.getTime()}.${randomBytes(12).toString("base64url")}`;
  return `${value}.${signFor(secret, purpose, value)}`;
}

export type SpamReason = "honeypot" | "bad-stamp" | "too-fast";
/** formKey: the stamp's key when the stamp is genuine, else null. */
export type FormJudgement = { spamReason: SpamReason | null; formKey: string | null };

export function judgeSubmission(
  formData: FormData,
  {
    secret,
    purpose,
    minSeconds,
    now = clockNow(),
  }: { secret: string; purpose: string; minSeconds: number; now?: Date },
): FormJudgement {
  const stamp = formData.get(startedField);
  const parts = typeof stamp === "string" ? stamp.split(".") : [];
  // A form served before stamps had keys ("time.signature", still open during a rollout) is
  // genuine too, without a key.
  const [time, key, signature] = parts.length === 2 ? [parts[0], null, parts[1]] : parts;
  const expected = Buffer.from(signFor(secret, purpose, key === null ? `${time}` : `${time}.${key}`));
  const given = Buffer.from(signature ?? "");
  const genuine =
    !!time &&
    /^\d+$/.test(time) &&
    key !== undefined &&
    key !== "" &&
    expected.length === given.length &&
    timingSafeEqual(expected, given);
  const formKey = genuine && key ? `${purpose}:${key}` : null;
  const honeypot = formData.get(honeypotField);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { spamReason: "honeypot", formKey };
  if (!genuine) return { spamReason: "bad-stamp", formKey };
  const elapsedSeconds = (now.getTime() - Number(time)) / 1000;
  return { spamReason: elapsedSeconds < minSeconds ? "too-fast" : null, formKey };
}
