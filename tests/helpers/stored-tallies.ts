import { addStoredTallies, type DayTallies, type Dimension } from "#app/analytics/tallies.ts";

/** Rows the flushes wrote (`analytics_tallies`), added up as the dashboard adds them: a value's views and visits. */
export function storedFigures(rows: ReadonlyArray<{ tallies: string }>) {
  const tallies: DayTallies = new Map();
  for (const row of rows) addStoredTallies(tallies, row.tallies);
  return {
    figure: (dimension: Dimension, value: string) => {
      const found = tallies.get(dimension)?.get(value);
      return found && { views: found.views, visits: found.visits };
    },
  };
}
