import { data } from "react-router";
import { toCsv, toExportRecord } from "#app/forms/export.server.ts";
import { isoNow } from "#app/platform/clock.ts";
import type { Route } from "./+types/inbox-export";
import { exportInbox, InboxFilterSchema, teamSheet } from "./inbox.server.ts";
import { requireStaff } from "../sign-in/session.server.ts";

// GET /workspace/export/csv or /json with the inbox's filters: everything they choose, as a
// download: JSON as `npm run submissions -- export` writes it, CSV one kind's formula-safe sheet.

const kindFiles = { contact: "inquiries", application: "applications", meeting: "meetings" } as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  const format = params.format;
  if (format !== "csv" && format !== "json") throw data("Export as csv or json.", { status: 404 });
  const filter = InboxFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  // A sheet holds one kind, its columns those of its form: the inbox offers one download per kind.
  if (format === "csv" && !filter.kind)
    throw data("A spreadsheet export is of one kind: choose inquiries, applications or meetings.", { status: 400 });
  const records = await exportInbox(db, filter, format, staff);
  const body =
    format === "csv" && filter.kind
      ? toCsv(await teamSheet(db, filter.kind, records))
      : `${JSON.stringify(records.map(toExportRecord), null, 2)}\n`;
  const day = isoNow().slice(0, 10);
  const name = `${filter.kind ? kindFiles[filter.kind] : "submissions"}-${day}.${format}`;
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
