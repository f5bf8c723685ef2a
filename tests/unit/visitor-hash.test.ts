import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { finish, keyed, keyOfSalt, visitorMark, withPrefix } from "#app/analytics/visitor-hash.ts";

// The visitors' marks (app/analytics/visitor-hash.ts) are HalfSipHash-2-4: the reference code's
// own test vectors, and a mark that only the day's salt gives.

/** Bytes 0, 1, … n−1 as UTF-16 code units (little-endian pairs), as the hash reads strings. */
const counting = (bytes: number) =>
  String.fromCharCode(...Array.from({ length: bytes / 2 }, (_, index) => (2 * index) | ((2 * index + 1) << 8)));

describe("visitor marks", () => {
  test("the hash is HalfSipHash-2-4 with a 32-bit tag: the reference vectors (key 00…07, message 00…n−1)", () => {
    const key = keyed(0x03020100, 0x07060504);
    // vectors_hsip32[0], [2], [4], [6] of the SipHash reference code, read as little-endian words.
    expect(finish(key, counting(0))).toBe(0x5b9f35a9);
    expect(finish(key, counting(2))).toBe(0x03a662fa);
    expect(finish(key, counting(4))).toBe(0x89466e2a);
    expect(finish(key, counting(6))).toBe(0x23fc6358);
  });

  test("a User-Agent's state is the hash of its length and its padded units, so each address after it is a few rounds", () => {
    const key = keyed(0x03020100, 0x07060504);
    const agent = "Mozilla/5.0 (X11; Linux x86_64)";
    const whole = `${String.fromCharCode(agent.length, 0)}${agent}\u0000`;
    expect(agent.length % 2).toBe(1);
    expect(finish(withPrefix(key, agent), "203.0.113.7")).toBe(finish(key, `${whole}203.0.113.7`));
  });

  test("a visitor's mark is 30 bits, the same for the same salt, User-Agent and address, and another under another day's salt", () => {
    const today = randomBytes(32).toString("base64url");
    const tomorrow = randomBytes(32).toString("base64url");
    const agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)";
    const mark = visitorMark(withPrefix(keyOfSalt(today), agent), "198.51.100.4");
    expect(mark).toBeGreaterThanOrEqual(0);
    expect(mark).toBeLessThan(2 ** 30);
    expect(visitorMark(withPrefix(keyOfSalt(today), agent), "198.51.100.4")).toBe(mark);
    expect(visitorMark(withPrefix(keyOfSalt(tomorrow), agent), "198.51.100.4")).not.toBe(mark);
    expect(visitorMark(withPrefix(keyOfSalt(today), agent), "198.51.100.5")).not.toBe(mark);
  });
});
