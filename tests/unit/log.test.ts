import { expect, test } from "vitest";
import { isoTimeOf } from "#app/platform/log.server.ts";

test("log lines carry the time as toISOString() writes it, to the millisecond", () => {
  const start = Date.parse("2026-11-22T06:47:14.000Z");
  const moments = [0, 5, 50, 999, 1000, 1001, 7, 86_400_000 - 1].map((offset) => start + offset);
  moments.push(Date.parse("2026-12-31T23:59:59.999Z"), Date.parse("2027-01-01T00:00:00.000Z"));
  for (const moment of moments) expect(isoTimeOf(moment)).toBe(new Date(moment).toISOString());
});
