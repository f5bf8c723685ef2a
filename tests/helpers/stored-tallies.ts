import { addStoredTallies, type DayTallies, type Dimension } from "#app/analytics/tallies.ts";

/** Rows the flushes wrote (`analytics_tallies`), added up as the dashboard adds them: a value's views and visitors, and the visitors' marks. */
export function storedFigures(rows: ReadonlyArray<{ tallies: string }>) {
  const tallies: DayTallies = new Map();
  for (const row of rows) addStoredTallies(tallies, row.tallies);
  const tally = (dimension: Dimension, value: string) => tallies.get(dimension)?.get(value);
  return {
    figure: (dimension: Dimension, value: string) => {
      const found = tally(dimension, value);
      return found && { views: found.views, visitors: found.visitors.size };
    },
    marks: (dimension: Dimension, value: string) => [...(tally(dimension, value)?.visitors ?? [])],
  };
}
