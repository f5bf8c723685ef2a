/** "$120k-$180k", the way the brief writes salary ranges. */
export function formatSalaryRange({ min, max }: { min: number; max: number }) {
  const thousands = (value: number) => `$${Math.round(value / 1000)}k`;
  return `${thousands(min)}-${thousands(max)}`;
}
