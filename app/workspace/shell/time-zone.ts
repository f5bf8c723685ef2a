import { data, redirect } from "react-router";
import type { Route } from "./+types/time-zone";
import { currentZoneName, isTimeZoneName } from "#app/platform/time-zones.ts";
import { requireStaff } from "../sign-in/session.server.ts";
import { setTimeZone } from "../people/staff.server.ts";
import { workspacePaths } from "../workspace-paths.ts";

// POST /workspace/time-zone: the zone a person's browser reports, posted once by the workspace's
// frame while none is stored (workspace-layout.tsx). It never replaces a zone already there: the
// person changes theirs on the passkeys page.

export function loader() {
  return redirect(workspacePaths.passkeys, 303);
}

export async function action({ request }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request);
  const zone = (await request.formData()).get("zone");
  if (typeof zone !== "string" || !isTimeZoneName(zone)) throw data("Unknown time zone.", { status: 400 });
  // Stored by its current name: Chromium reports Kolkata as "Asia/Calcutta".
  await setTimeZone(db, staff.id, currentZoneName(zone), { unlessSet: true });
  return new Response(null, { status: 204 });
}
