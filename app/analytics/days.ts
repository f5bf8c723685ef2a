// Days as the counts are kept: "2026-05-04", in UTC.

export const dayMs = 24 * 60 * 60_000;

/** A moment's day in UTC ("2026-05-04"). */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `count` days after `day` (before, when negative). */
export const addDays = (day: string, count: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + count * dayMs);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string) {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The day `months` calendar months before `day` (the 31st becomes the month's last day). */
export function monthsBeforeDay(day: string, months: number) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return dayOf(target.getTime());
}

/** Whether a text is a day as kept ("2026-05-04") that exists. */
export const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && dayOf(Date.parse(`${text}T00:00:00Z`) || 0) === text;
