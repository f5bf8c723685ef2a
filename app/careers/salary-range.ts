import { careers } from "./careers-content.ts";
import type { Posting } from "./posting-fields.ts";

/** "$120k-$180k", the way the brief writes salary ranges; "$45-$60 an hour" for another period. */
export function formatSalaryRange({
  salaryMin,
  salaryMax,
  salaryCurrency,
  salaryPeriod,
}: Pick<Posting, "salaryMin" | "salaryMax" | "salaryCurrency" | "salaryPeriod">) {
  const symbol =
    new Intl.NumberFormat("en-US", { style: "currency", currency: salaryCurrency })
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? salaryCurrency;
  const amount = (value: number) =>
    value >= 10_000 ? `${symbol}${Math.round(value / 1000)}k` : `${symbol}${value.toLocaleString("en-US")}`;
  return `${amount(salaryMin)}-${amount(salaryMax)}${careers.salaryPeriods[salaryPeriod]}`;
}
