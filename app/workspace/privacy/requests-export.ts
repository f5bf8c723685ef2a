import { data, redirect } from "react-router";
import { exportAddress } from "#app/privacy/requests.server.ts";
import { isoNow } from "#app/platform/clock.ts";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/requests-export";
import { recordAudit } from "../people/audit.server.ts";
import { DataRequestSchema } from "./data-request-schema.ts";
import { requireStaff } from "../sign-in/session.server.ts";
import { workspace } from "../shell/workspace-content.ts";
import { workspacePaths } from "../workspace-paths.ts";

// POST /workspace/requests/export: the person's data by their address, as one JSON download
// (every field, files in base64, e-mail copies) for them. Other people's submissions that
// mention the address are not in it: the page's Find lists them for review.

export function loader() {
  return redirect(workspacePaths.requests, 303);
}

export async function action({ request }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, { role: "admin" });
  const parsed = DataRequestSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(workspace.requests.invalidAddress, { status: 400 });
  const { archive } = await exportAddress(db, (await getServices()).secret, parsed.data.address);
  await recordAudit(db, {
    actor: staff,
    action: "privacy-export",
    detail: `${archive.submissions.length} submissions`,
  });
  return new Response(`${JSON.stringify(archive, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${isoNow().slice(0, 10)}.json"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
