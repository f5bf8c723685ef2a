import { describe, expect, test } from "vitest";
import {
  consentFromCookies,
  formsChosen,
  parseConsent,
  cookieSettingsHref,
  maxReturnPath,
  safeReturnPath,
  serializeConsent,
  variantOf,
  viewOf,
} from "#app/consent/consent-cookie.ts";
import { consentCookieHeader } from "#app/consent/consent.server.ts";

const choice = { id: "01a1ff8d-fa4f-72bd-9c9f-e2b29a1f660a", revision: 2, forms: true, at: 1_795_290_000_000 };

describe("the consent cookie", () => {
  test("round-trips a choice and reads it among other cookies", () => {
    const value = serializeConsent(choice);
    expect(value).toBe("01a1ff8d-fa4f-72bd-9c9f-e2b29a1f660a.2.necessary+forms.1795290000000");
    expect(parseConsent(value, 2)).toEqual(choice);
    expect(consentFromCookies(`theme=dark; site_consent=${value}; other=1`, 2)).toEqual(choice);
    expect(parseConsent(serializeConsent({ ...choice, forms: false }), 2)).toEqual({ ...choice, forms: false });
  });

  test("a choice made under an older revision, or a damaged cookie, counts as no choice", () => {
    expect(parseConsent(serializeConsent(choice), 3)).toBeNull();
    for (const damaged of [
      "",
      "garbage",
      "x.2.necessary+forms.1",
      `${choice.id}.2.forms.1`,
      `${choice.id}.2.necessary.soon`,
      "%E0%A4%A",
    ]) {
      expect(parseConsent(damaged, 2), damaged).toBeNull();
      expect(consentFromCookies(`site_consent=${damaged}`, 2), damaged).toBeNull();
    }
    expect(consentFromCookies(undefined, 2)).toBeNull();
    expect(viewOf(null)).toEqual({ decided: false });
  });

  test("each view has its prerendered variant", () => {
    expect(variantOf({ decided: false })).toBe("undecided");
    expect(variantOf({ decided: true, forms: false })).toBe("necessary");
    expect(variantOf({ decided: true, forms: true })).toBe("forms");
  });

  test("is first-party, Lax, six months, readable by the page, and Secure when asked", () => {
    expect(consentCookieHeader(choice, { secure: false })).toBe(
      "site_consent=01a1ff8d-fa4f-72bd-9c9f-e2b29a1f660a.2.necessary+forms.1795290000000; Path=/; Max-Age=15724800; SameSite=Lax",
    );
    expect(consentCookieHeader(choice, { secure: true })).toMatch(/; Secure$/);
  });
});

test("each button means the same choice in the browser and on the server", () => {
  expect(formsChosen("all", null)).toBe(true);
  expect(formsChosen("necessary", "on")).toBe(false);
  expect(formsChosen("save", "on")).toBe(true);
  expect(formsChosen("save", null)).toBe(false);
  expect(formsChosen("customize", "on")).toBeNull();
});

test("after a choice, visitors only ever go back to a path of this site", () => {
  expect(safeReturnPath("/careers/product-manager?x=1")).toBe("/careers/product-manager?x=1");
  for (const unsafe of [
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    undefined,
    42,
  ]) {
    expect(safeReturnPath(unsafe)).toBe("/");
  }
});

test("a way back is normalised, never nested, never the settings or a status page, and bounded", () => {
  expect(safeReturnPath("/careers/../about#cookie-settings")).toBe("/about#cookie-settings");
  // Its own way back is dropped: each hop through the settings page cannot nest it again.
  expect(safeReturnPath("/contact?x=1&returnTo=%2Fabout#cookie-settings")).toBe("/contact?x=1#cookie-settings");
  for (const loop of ["/cookie-settings?returnTo=%2Fabout", "/Cookie-Settings/", "/__status/414", "/__status/404#x"])
    expect(safeReturnPath(loop)).toBe("/");
  // Too long: the query goes first, then the path goes home.
  const query = `?day=${"9".repeat(maxReturnPath)}`;
  expect(safeReturnPath(`/contact/meeting${query}#times`)).toBe("/contact/meeting#times");
  expect(safeReturnPath(`/${"a".repeat(maxReturnPath)}`)).toBe("/");
  expect(cookieSettingsHref("/about#cookie-settings")).toBe("/cookie-settings?returnTo=%2Fabout%23cookie-settings");
  // On the settings page itself, and on a status page, the link leads to the page without a way back.
  expect(cookieSettingsHref("/cookie-settings?returnTo=%2Fabout#cookie-settings")).toBe("/cookie-settings");
  expect(cookieSettingsHref("/__status/414#cookie-settings")).toBe("/cookie-settings");
});
