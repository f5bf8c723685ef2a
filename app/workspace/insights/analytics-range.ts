import { z } from "zod";
import { addDays, isDay } from "#app/analytics/days.ts";
import { dayFromText } from "../content/day-text.ts";

// The days the analytics dashboard shows, as its address names them: the last 7, 30 or 90 days,
// or from a day to a day, written as the workspace writes days ("29 Nov 2026", decision 060) or
// as ISO days (the links and the CSV download's address).

export const rangeChoices = [7, 30, 90] as const;
/** The longest range one can choose: the totals are kept 25 months by default. */
const maxRangeDays = 800;

const RangeSchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (rangeChoices as readonly number[]).includes(days))
    .optional()
    .catch(undefined),
  from: z.preprocess(dayFromText, z.string()).optional(),
  to: z.preprocess(dayFromText, z.string()).optional(),
});

/** The days chosen in the address: the last 7, 30 or 90 (30 by default), or from a day to a day; a range that cannot be shown says so and falls back. */
export function chosenRange(params: URLSearchParams, today: string) {
  const { days, from, to } = RangeSchema.parse(Object.fromEntries(params));
  if (from !== undefined || to !== undefined) {
    const valid =
      from && to && isDay(from) && isDay(to) && from <= to && to <= today && addDays(from, maxRangeDays) >= to;
    if (valid) return { from, to, days: null, bad: false };
  }
  const last = days ?? 30;
  return { from: addDays(today, 1 - last), to: today, days: last, bad: from !== undefined || to !== undefined };
}

/** The address's range as it is kept in links (the CSV download shows the same days). */
export function rangeParams(range: ReturnType<typeof chosenRange>) {
  return new URLSearchParams(range.days ? { days: String(range.days) } : { from: range.from, to: range.to });
}
