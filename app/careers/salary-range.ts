import { careers } from "./careers-content.ts";
import type { Posting } from "./posting-fields.ts";

// A salary range in its currency's usual form: compact where the compact form says the amount
// exactly ("$120k-$180k", as the brief writes them; "₹40L-₹60L" in lakh and crore, as Indian
// postings write rupees; "€65k"), in full otherwise ("$45-$60 an hour", "₹40,51,234"). The locale
// is the English one of the currency's home, so each reads as its own readers write it.

/**
 * The English locale whose writing of a currency differs from en-US's and is its usual one (lakh
 * and crore for rupees). Every other currency reads as en-US writes it, with a symbol that cannot
 * be taken for another's: "A$85k", "CA$60k", "CHF 120k".
 */
const localeOf: Record<string, string> = { INR: "en-IN", GBP: "en-GB", EUR: "en-IE" };

const formats = new Map<string, { compact: Intl.NumberFormat; full: Intl.NumberFormat; exact: Intl.NumberFormat }>();
function formatsFor(currency: string) {
  let found = formats.get(currency);
  if (!found) {
    const locale = localeOf[currency] ?? "en-US";
    const options = { style: "currency", currency } as const;
    found = {
      compact: new Intl.NumberFormat(locale, { ...options, notation: "compact", maximumFractionDigits: 2 }),
      full: new Intl.NumberFormat(locale, { ...options, maximumFractionDigits: 0 }),
      // The compact form's number, read back: it is shown only when it is the amount itself.
      exact: new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 }),
    };
    formats.set(currency, found);
  }
  return found;
}

/** One amount: compact when that is exact and shorter ("$120k", "₹40L", "₹4.5Cr"), in full otherwise. */
export function formatAmount(value: number, currency: string) {
  const { compact, full } = formatsFor(currency);
  const short = compact.format(value);
  const exact = compactIsExact(value, compact);
  // "K" as the brief writes it: "$120k".
  return exact && value >= 10_000 ? short.replace(/(\d)K\b/, "$1k") : full.format(value);
}

/** Whether the compact form, with its unit multiplied back, is the amount itself. */
function compactIsExact(value: number, compact: Intl.NumberFormat) {
  const parts = compact.formatToParts(value);
  const number = Number(
    parts
      .filter((part) => part.type === "integer" || part.type === "decimal" || part.type === "fraction")
      .map((part) => (part.type === "decimal" ? "." : part.value))
      .join(""),
  );
  const unit = parts.find((part) => part.type === "compact")?.value ?? "";
  const multiplier = unitValue[unit.trim()] ?? (unit ? Number.NaN : 1);
  return Math.round(number * multiplier) === value;
}

/** The compact units the locales above write, and what each stands for. */
const unitValue: Record<string, number> = {
  K: 1e3,
  k: 1e3,
  M: 1e6,
  B: 1e9,
  bn: 1e9,
  T: 1e12,
  tn: 1e12,
  L: 1e5,
  Cr: 1e7,
  LCr: 1e12,
};

/** "$120k-$180k" a year (the brief's way); "$45-$60 an hour" for another period. */
export function formatSalaryRange({
  salaryMin,
  salaryMax,
  salaryCurrency,
  salaryPeriod,
}: Pick<Posting, "salaryMin" | "salaryMax" | "salaryCurrency" | "salaryPeriod">) {
  return `${formatAmount(salaryMin, salaryCurrency)}-${formatAmount(salaryMax, salaryCurrency)}${careers.salaryPeriods[salaryPeriod]}`;
}
