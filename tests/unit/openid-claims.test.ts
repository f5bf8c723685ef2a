import { describe, expect, test } from "vitest";
import { openIdProvider, vouchedEmail } from "#app/workspace/sign-in/openid-claims.server.ts";

// Which ID tokens vouch for an address, provider by provider (decision 019).

describe("openIdProvider", () => {
  test("knows Google and Microsoft by their issuer", () => {
    expect(openIdProvider("https://accounts.google.com")).toBe("google");
    expect(openIdProvider("https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0")).toBe(
      "microsoft",
    );
    expect(openIdProvider("https://id.company.example/realms/staff")).toBe("other");
  });
});

describe("vouchedEmail", () => {
  const other = { provider: "other", allowedDomain: "company.example" } as const;

  test("takes a verified address, lower-cased, and says whether it is in the allowed domain", () => {
    expect(vouchedEmail({ email: " Ada@Company.Example ", email_verified: true }, other)).toEqual({
      email: "ada@company.example",
      inAllowedDomain: true,
    });
    expect(vouchedEmail({ email: "ada@partner.example", email_verified: true }, other)).toEqual({
      email: "ada@partner.example",
      inAllowedDomain: false,
    });
    expect(vouchedEmail({ email: "ada@sub.company.example", email_verified: true }, other)).toMatchObject({
      inAllowedDomain: false,
    });
    expect(
      vouchedEmail({ email: "ada@company.example", email_verified: true }, { ...other, allowedDomain: null }),
    ).toMatchObject({ inAllowedDomain: false });
  });

  test("refuses an address that is missing, malformed or not verified", () => {
    for (const claims of [
      {},
      { email_verified: true },
      { email: "not an address", email_verified: true },
      { email: "ada@company.example" },
      { email: "ada@company.example", email_verified: false },
      { email: "ada@company.example", email_verified: "true" },
      // Only Microsoft says it with xms_edov.
      { email: "ada@company.example", xms_edov: true },
    ]) {
      expect(vouchedEmail(claims, other), JSON.stringify(claims)).toBeNull();
    }
  });

  test("Microsoft: an address whose domain the tenant verified (xms_edov), or email_verified where it is sent", () => {
    const microsoft = { provider: "microsoft", allowedDomain: "company.example" } as const;
    expect(vouchedEmail({ email: "ada@company.example", xms_edov: true }, microsoft)).toEqual({
      email: "ada@company.example",
      inAllowedDomain: true,
    });
    expect(vouchedEmail({ email: "ada@company.example", xms_edov: false }, microsoft)).toBeNull();
    expect(vouchedEmail({ email: "ada@company.example" }, microsoft)).toBeNull();
    expect(vouchedEmail({ email: "ada@company.example", email_verified: false, xms_edov: true }, microsoft)).toBeNull();
    expect(vouchedEmail({ email: "ada@company.example", email_verified: true }, microsoft)).toMatchObject({
      inAllowedDomain: true,
    });
  });

  test("Google: an address of the company's domain only from the company's Workspace (hd)", () => {
    const google = { provider: "google", allowedDomain: "company.example" } as const;
    expect(
      vouchedEmail({ email: "ada@company.example", email_verified: true, hd: "company.example" }, google),
    ).toMatchObject({ inAllowedDomain: true });
    // A personal Google account made with the company address, or one from another Workspace.
    expect(vouchedEmail({ email: "ada@company.example", email_verified: true }, google)).toBeNull();
    expect(
      vouchedEmail({ email: "ada@company.example", email_verified: true, hd: "other.example" }, google),
    ).toBeNull();
    // Other addresses (an invited contractor's Gmail) are vouched for by email_verified alone.
    expect(vouchedEmail({ email: "contractor@gmail.com", email_verified: true }, google)).toEqual({
      email: "contractor@gmail.com",
      inAllowedDomain: false,
    });
  });
});
