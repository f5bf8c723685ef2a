import { expect, test } from "vitest";
import { formatSalaryRange } from "#app/careers/salary-range.ts";

test("formats salary ranges the way the brief writes them", () => {
  expect(formatSalaryRange({ min: 120_000, max: 180_000 })).toBe("$120k-$180k");
  expect(formatSalaryRange({ min: 85_000, max: 130_000 })).toBe("$85k-$130k");
});
