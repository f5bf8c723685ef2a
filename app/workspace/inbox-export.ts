import { data } from "react-router";
import { toCsv, toExportRecord } from "#app/forms/export.server.ts";
import type { Route } from "./+types/inbox-export";
import { exportInbox, InboxFilterSchema } from "./inbox.server.ts";
import { requireStaff } from "./session.server.ts";

// GET /workspace/export/csv or /json with the inbox's filters: everything they choose, as a
// download (the formula-safe CSV of `npm run submissions -- export`).

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  const format = params.format;
  if (format !== "csv" && format !== "json") throw data("Export as csv or json.", { status: 404 });
  const filter = InboxFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const records = await exportInbox(db, filter, format, staff);
  const body = format === "csv" ? toCsv(records) : `${JSON.stringify(records.map(toExportRecord), null, 2)}\n`;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="submissions-${day}.${format}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
