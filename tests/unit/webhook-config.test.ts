import { describe, expect, test } from "vitest";
import { parseConfig } from "#app/config.ts";
import type { ConfigError } from "#app/platform/env.ts";
import { isPublicAddress } from "#app/webhooks/public-address.server.ts";
import { retryAfterMs, retryDelayMs, signWebhook } from "#app/webhooks/delivery.server.ts";
import { Webhook } from "standardwebhooks";

const secret = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;

function problems(value: string) {
  try {
    parseConfig({ WEBHOOK_ENDPOINTS: value });
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

describe("WEBHOOK_ENDPOINTS", () => {
  test("unset means no webhooks; each endpoint gets its defaults", () => {
    expect(parseConfig({}).WEBHOOK_ENDPOINTS).toEqual([]);
    const env = parseConfig({
      WEBHOOK_ENDPOINTS: JSON.stringify([
        { name: "crm", url: "https://crm.example.com/hooks", secret },
        {
          name: "team-chat",
          kind: "slack",
          url: "https://hooks.slack.com/services/T0/B0/x",
          events: ["submission.created"],
        },
        { name: "local", url: "http://127.0.0.1:9000/in", secret, payload: "full", allowPrivate: true },
      ]),
    });
    expect(env.WEBHOOK_ENDPOINTS).toEqual([
      {
        name: "crm",
        url: "https://crm.example.com/hooks",
        kind: "standard",
        secret,
        payload: "thin",
        allowPrivate: false,
      },
      {
        name: "team-chat",
        url: "https://hooks.slack.com/services/T0/B0/x",
        kind: "slack",
        payload: "thin",
        events: ["submission.created"],
        allowPrivate: false,
      },
      { name: "local", url: "http://127.0.0.1:9000/in", kind: "standard", secret, payload: "full", allowPrivate: true },
    ]);
  });

  test("a bad entry is named by its place and field, never by its value", () => {
    expect(problems("crm=https://crm.example.com")).toEqual(["WEBHOOK_ENDPOINTS must be a JSON list of endpoints"]);
    expect(problems(JSON.stringify({ name: "crm" }))).toEqual(["WEBHOOK_ENDPOINTS must be a JSON list of endpoints"]);
    const found = problems(
      JSON.stringify([
        { name: "crm", url: "http://crm.example.com/hooks?token=abc123", secret },
        { name: "other", url: "https://crm.example.com/other", secret: "hunter2-not-a-secret" },
        { name: "Team Chat", kind: "slack", url: "https://hooks.slack.com/services/T0/B0/x", payload: "full" },
        { name: "events", url: "https://crm.example.com/x", secret, events: ["submission.deleted"] },
      ]),
    );
    expect(found.sort()).toEqual([
      "WEBHOOK_ENDPOINTS.0.url must be an https:// URL (http only with allowPrivate)",
      "WEBHOOK_ENDPOINTS.1.secret must be whsec_ followed by the base64 of 24 to 64 random bytes",
      "WEBHOOK_ENDPOINTS.2.name must be 1 to 40 lower-case letters, digits or hyphens",
      "WEBHOOK_ENDPOINTS.2.payload must be thin for a slack endpoint",
      "WEBHOOK_ENDPOINTS.3.events.0 must be among submission.created, meeting.cancelled, inquiry.overdue",
    ]);
    // What depends on the whole entry or the list is checked once each entry's fields are well-formed.
    const second = problems(
      JSON.stringify([
        { name: "crm", url: "https://crm.example.com/a", secret },
        { name: "crm", url: "https://crm.example.com/b" },
      ]),
    );
    expect(second).toEqual([
      "WEBHOOK_ENDPOINTS.1.secret is needed for a standard endpoint",
      "WEBHOOK_ENDPOINTS.1.name must differ from every other endpoint's",
    ]);
    for (const secretValue of ["abc123", "hunter2", "hooks.slack.com"])
      expect(found.join("\n")).not.toContain(secretValue);
  });
});

describe("receipt settings", () => {
  test("receipts are on with three a day to one address unless configured", () => {
    expect(parseConfig({})).toMatchObject({ RECEIPTS: "on", RECEIPT_DAILY_LIMIT: 3, WEBHOOK_TIMEOUT_SECONDS: 10 });
    expect(parseConfig({ RECEIPTS: "off", RECEIPT_DAILY_LIMIT: "5" })).toMatchObject({
      RECEIPTS: "off",
      RECEIPT_DAILY_LIMIT: 5,
    });
    expect(() => parseConfig({ RECEIPTS: "yes" })).toThrow("RECEIPTS must be on or off");
    expect(() => parseConfig({ RECEIPT_DAILY_LIMIT: "0" })).toThrow(
      "RECEIPT_DAILY_LIMIT must be a whole number of receipts from 1 to 20",
    );
  });
});

describe("public addresses", () => {
  test.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:192.168.0.1",
    "64:ff9b::a00:1",
    "2002:c0a8:101::1",
    "2001:db8::1",
    "2001::1",
    "not an address",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "93.184.216.34",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "2002:808:808::1",
  ])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("delivery timing and signing", () => {
  test("delays grow from 5 seconds to 10 hours, within ±10 %", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((attempt) => retryDelayMs(attempt, () => 0.5) / 1000)).toEqual([
      5, 300, 1800, 7200, 18000, 36000, 36000, 36000,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(4500);
    expect(retryDelayMs(1, () => 1)).toBe(5500);
  });

  test("Retry-After is read in seconds or as a date, and capped at a day", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Sat, 21 Nov 2026 10:30:00 GMT", now)).toBe(30 * 60_000);
    expect(retryAfterMs("Sat, 21 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("9999999", now)).toBe(24 * 60 * 60_000);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  test("the signature is the one the standardwebhooks package makes", () => {
    const timestamp = new Date("2026-11-21T10:00:00Z");
    const body = JSON.stringify({ type: "submission.created", data: { id: "x" } });
    expect(signWebhook(secret, "msg_1", timestamp.getTime() / 1000, body)).toBe(
      new Webhook(secret).sign("msg_1", timestamp, body),
    );
  });
});
