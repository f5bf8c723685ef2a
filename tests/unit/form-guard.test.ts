import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { issueFormStamp, judgeSubmission } from "#app/forms/form-guard.server.ts";
import { clientKey } from "#app/platform/secret.server.ts";

const secret = "a-test-secret-that-is-long-enough-123";
const served = new Date("2026-11-21T10:00:00.000Z");
const later = (seconds: number) => new Date(served.getTime() + seconds * 1000);

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("judgeSubmission", () => {
  const stamp = issueFormStamp(secret, "contact", served);
  const options = { secret, purpose: "contact", minSeconds: 3 };

  test("accepts a form sent after the minimum time with an empty honeypot", () => {
    expect(judgeSubmission(form({ "form-started": stamp, website: "" }), { ...options, now: later(10) })).toEqual({
      spamReason: null,
      formKey: expect.stringMatching(/^contact:/),
    });
  });

  test("flags a filled honeypot", () => {
    expect(
      judgeSubmission(form({ "form-started": stamp, website: "http://spam" }), { ...options, now: later(10) }),
    ).toMatchObject({
      spamReason: "honeypot",
    });
  });

  test("flags a form sent faster than a person can type", () => {
    expect(judgeSubmission(form({ "form-started": stamp }), { ...options, now: later(1) })).toMatchObject({
      spamReason: "too-fast",
    });
  });

  test("flags a missing, forged or re-purposed stamp", () => {
    const [, key, signature] = stamp.split(".");
    const forged = `${served.getTime() - 60_000}.${key}.${signature}`;
    for (const value of [
      undefined,
      "garbage",
      forged,
      issueFormStamp(secret, "application", served),
      issueFormStamp("another-secret-of-enough-length!!", "contact", served),
    ]) {
      const data = value === undefined ? form({}) : form({ "form-started": value });
      expect(judgeSubmission(data, { ...options, now: later(10) })).toEqual({ spamReason: "bad-stamp", formKey: null });
    }
  });
});

test("every stamp names its own filling of the form, and the same stamp the same one", () => {
  const first = issueFormStamp(secret, "contact", served);
  const second = issueFormStamp(secret, "contact", served); // the same millisecond
  const judge = (stamp: string) =>
    judgeSubmission(form({ "form-started": stamp }), { secret, purpose: "contact", minSeconds: 0, now: later(5) });
  expect(first).not.toBe(second);
  expect(judge(first).formKey).not.toBe(judge(second).formKey);
  expect(judge(first).formKey).toBe(judge(first).formKey);
});

test("a form served before stamps had keys (open during a rollout) is still genuine, without a key", () => {
  const time = String(served.getTime());
  const signature = createHmac("sha256", secret).update(`contact:${time}`).digest("base64url");
  const judged = judgeSubmission(form({ "form-started": `${time}.${signature}` }), {
    secret,
    purpose: "contact",
    minSeconds: 3,
    now: later(10),
  });
  expect(judged).toEqual({ spamReason: null, formKey: null });
});

test("client keys are stable per address and do not contain it", () => {
  expect(clientKey(secret, "203.0.113.7")).toBe(clientKey(secret, "203.0.113.7"));
  expect(clientKey(secret, "203.0.113.7")).not.toBe(clientKey(secret, "203.0.113.8"));
  expect(clientKey(secret, "203.0.113.7")).not.toContain("203");
});
