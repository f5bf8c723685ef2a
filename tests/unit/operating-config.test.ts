import { describe, expect, test } from "vitest";
import { parseConfig } from "#app/config.ts";
import type { ConfigError } from "#app/platform/env.ts";
import { hasToken, routeGroup } from "#app/metrics/metrics.server.ts";

// The backups' and the metrics' variables (docs/backups.md), checked at start-up with the rest,
// and what /metrics makes of a request: its route group, and whether it carries the token.

const problems = (source: Record<string, string>) => {
  try {
    parseConfig(source);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe("configuration", () => {
  test("BACKUP_KEEP defaults to 14 and BACKUP_DIR to none; METRICS_TOKEN is unset unless given", () => {
    const defaults = parseConfig({});
    expect(defaults.BACKUP_KEEP).toBe(14);
    expect(defaults.BACKUP_DIR).toBeUndefined();
    expect(defaults.METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ BACKUP_DIR: "/srv/backups", BACKUP_KEEP: "30" })).toMatchObject({
      BACKUP_DIR: "/srv/backups",
      BACKUP_KEEP: 30,
    });
  });

  test("a bad value stops the start with the variable's name, never its value", () => {
    const token = "short";
    expect(problems({ BACKUP_KEEP: "0", METRICS_TOKEN: token })).toEqual([
      "BACKUP_KEEP must be a whole number of backups from 1 to 366",
      "METRICS_TOKEN must be at least 24 characters long (openssl rand -hex 16)",
    ]);
    expect(problems({ METRICS_TOKEN: "with a space but long enough to pass" })).toEqual([
      "METRICS_TOKEN must be printable characters without spaces",
    ]);
  });
});

describe("/metrics", () => {
  test("a request's route group is one of a fixed few, whatever its path", () => {
    expect(
      [
        "/",
        "/about",
        "/contact",
        "/contact/meeting",
        "/contact/meeting/manage/abc",
        "/careers/senior-mobile-engineer/apply",
        "/workspace/submissions/1",
        "/assets/app-1234.js",
        "/media/logo.webp",
        "/readyz",
        "/metrics",
        "/wp-login.php",
      ].map(routeGroup),
    ).toEqual([
      "pages",
      "pages",
      "contact",
      "booking",
      "booking",
      "careers",
      "team",
      "assets",
      "media",
      "health",
      "metrics",
      "pages",
    ]);
  });

  test("only the Bearer token itself is let in", () => {
    const token = "a-token-of-enough-characters-0123";
    expect(hasToken(`Bearer ${token}`, token)).toBe(true);
    for (const wrong of [undefined, "", token, `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token.slice(1)}`])
      expect(hasToken(wrong, token)).toBe(false);
  });
});
