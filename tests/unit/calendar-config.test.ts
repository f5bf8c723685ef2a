import { describe, expect, test } from "vitest";
import { calDavConfig } from "#app/booking/booking-config.ts";
import { parseConfig } from "#app/config.ts";
import type { ConfigError } from "#app/platform/env.ts";

// The team's calendar is configured by three variables together (off when none is set) and how
// often its busy times are read; a bad value stops the server naming the variable, never its value.

const problems = (source: Record<string, string>) => {
  try {
    parseConfig(source);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

const fastmail = {
  CALDAV_URL: "https://caldav.fastmail.com/dav/calendars/user/team@company.example/Default",
  CALDAV_USERNAME: "team@company.example",
  CALDAV_PASSWORD: "app-password-123",
};

describe("the team's calendar configuration", () => {
  test("is off by default, and read every two minutes when on", () => {
    expect(calDavConfig(parseConfig({}))).toBeNull();
    expect(calDavConfig(parseConfig({ ...fastmail }))).toEqual({
      url: "https://caldav.fastmail.com/dav/calendars/user/team@company.example/Default/",
      username: "team@company.example",
      password: "app-password-123",
      refreshMs: 120_000,
    });
    expect(calDavConfig(parseConfig({ ...fastmail, CALDAV_REFRESH_SECONDS: "600" }))?.refreshMs).toBe(600_000);
    // A calendar on this machine (the tests' radicale) may be plain http.
    expect(calDavConfig(parseConfig({ ...fastmail, CALDAV_URL: "http://127.0.0.1:5232/team/work/" }))?.url).toBe(
      "http://127.0.0.1:5232/team/work/",
    );
  });

  test("needs all three of address, user name and password", () => {
    expect(problems({ CALDAV_URL: fastmail.CALDAV_URL })).toEqual([
      "CALDAV_USERNAME must be set with CALDAV_URL",
      "CALDAV_PASSWORD must be set with CALDAV_URL",
    ]);
    expect(problems({ CALDAV_PASSWORD: "s3cr3t-value" })).toEqual([
      "CALDAV_URL must be set with CALDAV_PASSWORD",
      "CALDAV_USERNAME must be set with CALDAV_PASSWORD",
    ]);
  });

  test("refuses plain http away from this machine, credentials in the address, and a bad refresh period, without echoing values", () => {
    expect(problems({ ...fastmail, CALDAV_URL: "http://caldav.company.example/team/" })).toEqual([
      "CALDAV_URL must be an absolute https:// URL (http only for localhost)",
    ]);
    expect(problems({ ...fastmail, CALDAV_URL: "https://team:s3cr3t-value@caldav.company.example/team/" })).toEqual([
      "CALDAV_URL must not carry credentials: use CALDAV_USERNAME and CALDAV_PASSWORD",
    ]);
    expect(problems({ ...fastmail, CALDAV_URL: "calendar" })).toEqual(["CALDAV_URL must be an absolute https:// URL"]);
    expect(problems({ ...fastmail, CALDAV_REFRESH_SECONDS: "5" })).toEqual([
      "CALDAV_REFRESH_SECONDS must be a whole number of seconds from 15 to 86400",
    ]);
    expect(
      problems({ ...fastmail, CALDAV_URL: "https://team:s3cr3t-value@caldav.company.example/team/" }).join(" "),
    ).not.toContain("s3cr3t");
  });
});
