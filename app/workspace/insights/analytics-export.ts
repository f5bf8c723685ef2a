import { toCsv } from "#app/forms/export.server.ts";
import type { Route } from "./+types/analytics-export";
import { analyticsSheet, analyticsView, requireAnalytics } from "./analytics-view.server.ts";

// GET /workspace/analytics/export with the dashboard's range: what the dashboard shows, as CSV
// (one block per table). Totals only: nothing in it is about a person.

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAnalytics(request);
  const view = await analyticsView(db, new URL(request.url));
  return new Response(toCsv(analyticsSheet(view)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${view.range.from}-to-${view.range.to}.csv"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
