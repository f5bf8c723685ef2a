import { expect, test } from "vitest";
import { formatSalaryRange } from "#app/careers/salary-range.ts";

const yearly = { salaryCurrency: "USD", salaryPeriod: "YEAR" } as const;

test("formats salary ranges the way the brief writes them", () => {
  expect(formatSalaryRange({ salaryMin: 120_000, salaryMax: 180_000, ...yearly })).toBe("$120k-$180k");
  expect(formatSalaryRange({ salaryMin: 85_000, salaryMax: 130_000, ...yearly })).toBe("$85k-$130k");
});

test("writes each currency's salaries in its usual form, compact only where that is exact", () => {
  const range = (salaryMin: number, salaryMax: number, salaryCurrency: string) =>
    formatSalaryRange({ salaryMin, salaryMax, salaryCurrency, salaryPeriod: "YEAR" });
  // Rupees in lakh and crore, never "₹4000k".
  expect(range(4_000_000, 6_000_000, "INR")).toBe("₹40L-₹60L");
  expect(range(4_050_000, 45_000_000, "INR")).toBe("₹40.5L-₹4.5Cr");
  // An amount the compact form would round is written in full, in the currency's own grouping.
  expect(range(4_051_234, 6_000_000, "INR")).toBe("₹40,51,234-₹60L");
  expect(range(125_500, 1_234_567, "USD")).toBe("$125.5k-$1,234,567");
  expect(range(65_000, 80_000, "EUR")).toBe("€65k-€80k");
  expect(range(65_000, 80_000, "GBP")).toBe("£65k-£80k");
  expect(range(8_000_000, 12_000_000, "JPY")).toBe("¥8M-¥12M");
  // A dollar that is not the US dollar says so.
  expect(range(85_000, 120_000, "AUD")).toBe("A$85k-A$120k");
  expect(range(60_000, 90_000, "CAD")).toBe("CA$60k-CA$90k");
  expect(range(120_000, 150_000, "CHF").replaceAll("\u00a0", " ")).toBe("CHF 120k-CHF 150k");
  // Small amounts in full.
  expect(formatSalaryRange({ salaryMin: 45, salaryMax: 60, salaryCurrency: "USD", salaryPeriod: "HOUR" })).toMatch(
    /^\$45-\$60 /,
  );
  expect(range(9_500, 12_000, "USD")).toBe("$9,500-$12k");
});
