import { expect, test } from "vitest";
import { isoTimeOf } from "#app/platform/log.server.ts";
import { newToken, withoutTokens } from "#app/platform/tokens.server.ts";

test("log lines carry the time as toISOString() writes it, to the millisecond", () => {
  const start = Date.parse("2026-11-22T06:47:14.000Z");
  const moments = [0, 5, 50, 999, 1000, 1001, 7, 86_400_000 - 1].map((offset) => start + offset);
  moments.push(Date.parse("2026-12-31T23:59:59.999Z"), Date.parse("2027-01-01T00:00:00.000Z"));
  for (const moment of moments) expect(isoTimeOf(moment)).toBe(new Date(moment).toISOString());
});

test("a logged path shows no token: a manage link's or an invitation's secret becomes :token, other paths stay as they are", () => {
  const { token } = newToken();
  expect(withoutTokens(`/contact/meeting/manage/${token}`)).toBe("/contact/meeting/manage/:token");
  expect(withoutTokens(`/workspace/enrol/${token}/`)).toBe("/workspace/enrol/:token/");
  expect(withoutTokens(`/${token}`)).toBe("/:token");
  for (const path of ["/", "/privacy", "/careers/senior-mobile-engineer", `/x/${token}x`, `/x/${token.slice(1)}`])
    expect(withoutTokens(path)).toBe(path);
});
