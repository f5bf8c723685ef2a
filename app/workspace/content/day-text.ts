// The editors' days are written and shown as the rest of the workspace writes them, "29 Nov 2026",
// in a text field the server reads (decision 060): a `type=date` field shows the browser's own
// format (mm/dd/yyyy in an American browser) beside pages that say "29 Nov 2026". The field also
// takes an ISO day (2026-11-29), which is what imports and people pasting from elsewhere write.

const months = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

const shown = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** An ISO day as the workspace shows it: "2026-11-29" → "29 Nov 2026"; anything else as it is. */
export function showDay(iso: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const day = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? iso : shown.format(day).replace("Sept", "Sep");
}

const isoDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  // 31 Feb is not a day: the date rolls into March, so it no longer matches what was written.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
};

/** A day as someone writes it, "29 Nov 2026", "29 November 2026" or "2026-11-29", as an ISO day; null if it is none. */
export function parseDay(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const written = /^(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})$/i.exec(value);
  if (!written) return null;
  // A month's name or the start of it, at least three letters: "Nov", "Sept", "November".
  const name = (written[2] ?? "").toLowerCase();
  const month = months.findIndex((candidate) => name.length >= 3 && candidate.startsWith(name));
  if (month < 0) return null;
  return isoDay(Number(written[3]), month + 1, Number(written[1]));
}

/** For a schema: a written day becomes its ISO day before the ISO check; what is not a day stays, to be refused. */
export const dayFromText = (value: unknown) => (typeof value === "string" ? (parseDay(value) ?? value) : value);
