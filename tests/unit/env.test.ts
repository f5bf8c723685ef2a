import { describe, expect, test } from "vitest";
import { parseConfig, siteConfig } from "#app/config.ts";
import { ConfigError, parseEnv, publicConfig, siteUrlMismatch } from "#app/platform/env.ts";
import { openIdConfig } from "#app/workspace/sign-in/workspace-config.ts";

describe("parseEnv", () => {
  test("gives working defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.CONTACT_EMAIL).toBe("hello@example.com");
    expect(publicConfig(env)).toMatchObject({
      appStoreUrl: null,
      playStoreUrl: null,
      newsletterEmbedUrl: null,
      loginEmbedUrl: null,
    });
  });

  test("treats empty values as unset and drops a trailing slash from SITE_URL", () => {
    const env = parseEnv({ SITE_URL: "https://www.example.org/", APP_STORE_URL: "", PORT: "8080" });
    expect(env.SITE_URL).toBe("https://www.example.org");
    expect(env.APP_STORE_URL).toBeUndefined();
    expect(env.PORT).toBe(8080);
  });

  test("without SITE_URL, links name the port the server listens on; a SITE_URL given wins", () => {
    expect(parseEnv({ PORT: "3400" }).SITE_URL).toBe("http://localhost:3400");
    expect(parseEnv({ PORT: "3400", SITE_URL: "" }).SITE_URL).toBe("http://localhost:3400");
    expect(publicConfig(parseEnv({ PORT: "3400" })).siteUrl).toBe("http://localhost:3400");
    expect(parseEnv({ PORT: "3400", SITE_URL: "https://www.example.org" }).SITE_URL).toBe("https://www.example.org");
    expect(parseEnv({ PORT: "3400", SITE_URL: "http://localhost:3000" }).SITE_URL).toBe("http://localhost:3000");
  });

  test("a SITE_URL on this machine but another port than PORT is named at start-up", () => {
    expect(siteUrlMismatch(parseEnv({ PORT: "3400" }))).toBeNull();
    expect(siteUrlMismatch(parseEnv({ PORT: "3400", SITE_URL: "http://localhost:3000" }))).toBe(
      "SITE_URL is http://localhost:3000 but this server listens on port 3400: links in e-mails and passkeys name SITE_URL. Set SITE_URL to the address people open (unset, it is http://localhost:3400).",
    );
    expect(siteUrlMismatch(parseEnv({ PORT: "3400", SITE_URL: "http://127.0.0.1:3000" }))).toMatch(
      /^SITE_URL is http:\/\/127\.0\.0\.1:3000 /,
    );
    expect(siteUrlMismatch(parseEnv({ PORT: "3400", SITE_URL: "http://[::1]" }))).toMatch(
      /^SITE_URL is http:\/\/\[::1\] /,
    );
    expect(siteUrlMismatch(parseEnv({ PORT: "80", SITE_URL: "http://localhost" }))).toBeNull();
    // A public address is reached through a proxy on whatever port it listens on.
    expect(siteUrlMismatch(parseEnv({ PORT: "3400", SITE_URL: "https://www.example.org" }))).toBeNull();
  });

  test("names every bad variable and what is wrong with it", () => {
    const attempt = () =>
      parseEnv({
        SITE_URL: "www.example.org",
        CONTACT_EMAIL: "not-an-address",
        SOCIAL_URL: "http://insecure.example.org",
        APP_STORE_URL: "javascript:alert(1)",
        LOGIN_EMBED_URL: "ftp://files.example.org",
        PORT: "70000",
        HOST: "bad host",
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems).toEqual([
        "SITE_URL must be an absolute http:// or https:// URL",
        "CONTACT_EMAIL must be an e-mail address",
        "SOCIAL_URL must be an absolute https:// URL",
        "APP_STORE_URL must be an absolute https:// URL",
        "LOGIN_EMBED_URL must be an absolute https:// URL",
        "PORT must be a whole number between 1 and 65535",
        "HOST must be a host name or IP address",
      ]);
    }
  });

  test("signing in with the company's accounts needs issuer, client id and secret together", () => {
    expect(openIdConfig(parseConfig({}))).toBeNull();
    const google = { OIDC_ISSUER: "https://accounts.google.com", OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "secret" };
    expect(openIdConfig(parseConfig({ ...google, OIDC_ALLOWED_DOMAIN: "Company.Example" }))).toEqual({
      issuer: "https://accounts.google.com",
      clientId: "id",
      clientSecret: "secret",
      allowedDomain: "company.example",
    });
    // http only for a provider on this machine (tests, development).
    expect(openIdConfig(parseConfig({ ...google, OIDC_ISSUER: "http://127.0.0.1:4000" }))).toMatchObject({
      issuer: "http://127.0.0.1:4000",
    });
    const problems = (source: Record<string, string>) => {
      try {
        parseConfig(source);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ OIDC_CLIENT_ID: "id" })).toEqual([
      "OIDC_ISSUER must be set with OIDC_CLIENT_ID",
      "OIDC_CLIENT_SECRET must be set with OIDC_CLIENT_ID",
    ]);
    expect(problems({ OIDC_ALLOWED_DOMAIN: "company.example" })).toEqual([
      "OIDC_ALLOWED_DOMAIN needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
    ]);
    expect(problems({ ...google, OIDC_ISSUER: "http://id.company.example" })).toEqual([
      "OIDC_ISSUER must be an absolute https:// URL (http only for localhost)",
    ]);
    expect(problems({ ...google, OIDC_ISSUER: "https://login.microsoftonline.com/common/v2.0" })).toEqual([
      "OIDC_ISSUER must name your tenant: https://login.microsoftonline.com/<tenant id>/v2.0",
    ]);
    expect(problems({ ...google, OIDC_ALLOWED_DOMAIN: "@company.example" })).toEqual([
      "OIDC_ALLOWED_DOMAIN must be an e-mail domain such as company.example",
    ]);
    // The secret is never echoed.
    expect(problems({ OIDC_CLIENT_SECRET: "s3cr3t-value" }).join(" ")).not.toContain("s3cr3t");
  });

  test("retention periods: the defaults the notice promises, bounds, and future openings never shorter", () => {
    expect(siteConfig(parseConfig({}))).toMatchObject({
      retentionInquiryMonths: 12,
      retentionApplicationMonths: 6,
      retentionFutureOpeningsMonths: 12,
      retentionSpamDays: 30,
      retentionMailDays: 30,
    });
    expect(() => parseConfig({ RETENTION_INQUIRY_MONTHS: "0" })).toThrow(
      "RETENTION_INQUIRY_MONTHS must be a whole number of months from 1 to 120",
    );
    expect(() => parseConfig({ RETENTION_APPLICATION_MONTHS: "13" })).toThrow(
      "RETENTION_FUTURE_OPENINGS_MONTHS must be at least RETENTION_APPLICATION_MONTHS",
    );
    expect(
      parseConfig({ RETENTION_APPLICATION_MONTHS: "3", RETENTION_FUTURE_OPENINGS_MONTHS: "3" })
        .RETENTION_FUTURE_OPENINGS_MONTHS,
    ).toBe(3);
  });

  test("start-up names the bad variables of every folder's part at once, the platform's first", () => {
    const problems = (source: Record<string, string>) => {
      try {
        parseConfig(source);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(
      problems({
        PORT: "eighty",
        RECEIPTS: "yes",
        WEBHOOK_TIMEOUT_SECONDS: "0",
        BOOKING_HORIZON_DAYS: "0",
        CALDAV_USERNAME: "team",
      }),
    ).toEqual([
      "PORT must be a whole number between 1 and 65535",
      "RECEIPTS must be on or off",
      "WEBHOOK_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 30",
      "BOOKING_HORIZON_DAYS must be a whole number of days from 1 to 366",
      "CALDAV_URL must be set with CALDAV_USERNAME",
      "CALDAV_PASSWORD must be set with CALDAV_USERNAME",
    ]);
    // Each part's values together, as the server reads them.
    expect(parseConfig({ PORT: "3400", BOOKING_TIME_ZONE: "Europe/Berlin", RECEIPTS: "off" })).toMatchObject({
      SITE_URL: "http://localhost:3400",
      BOOKING_TIME_ZONE: "Europe/Berlin",
      RECEIPTS: "off",
      WEBHOOK_ENDPOINTS: [],
    });
  });

  test("rejects a PORT that is not a number", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT must be a whole number/);
  });
});
