import { expect, test } from "vitest";
import { formatSalaryRange } from "#app/lib/format.ts";

test("formats salary ranges the way spec.md writes them", () => {
  expect(formatSalaryRange({ min: 120_000, max: 180_000 })).toBe("$120k-$180k");
  expect(formatSalaryRange({ min: 85_000, max: 130_000 })).toBe("$85k-$130k");
});
