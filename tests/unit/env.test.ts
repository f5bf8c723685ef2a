import { describe, expect, test } from "vitest";
import { ConfigError, parseEnv, publicConfig } from "#app/platform/env.ts";

describe("parseEnv", () => {
  test("gives working defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.CONTACT_EMAIL).toBe("hello@example.com");
    expect(publicConfig(env)).toMatchObject({ appStoreUrl: null, playStoreUrl: null, newsletterEmbedUrl: null, loginEmbedUrl: null });
  });

  test("treats empty values as unset and drops a trailing slash from SITE_URL", () => {
    const env = parseEnv({ SITE_URL: "https://www.example.org/", APP_STORE_URL: "", PORT: "8080" });
    expect(env.SITE_URL).toBe("https://www.example.org");
    expect(env.APP_STORE_URL).toBeUndefined();
    expect(env.PORT).toBe(8080);
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

  test("rejects a PORT that is not a number", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT must be a whole number/);
  });
});
