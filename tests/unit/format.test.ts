import { expect, test } from "vitest";
import { formatSalaryRange } from "#app/careers/salary-range.ts";

const yearly = { salaryCurrency: "USD", salaryPeriod: "YEAR" } as const;

test("formats salary ranges the way the brief writes them", () => {
  expect(formatSalaryRange({ salaryMin: 120_000, salaryMax: 180_000, ...yearly })).toBe("$120k-$180k");
  expect(formatSalaryRange({ salaryMin: 85_000, salaryMax: 130_000, ...yearly })).toBe("$85k-$130k");
});
