import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { recordAudit } from "../people/audit.server.ts";
import { endSession, requireStaff, sessionCookie } from "./session.server.ts";
import { workspacePaths } from "../workspace-paths.ts";

export function loader() {
  return redirect(workspacePaths.inbox, 303);
}

// Ends this session on every instance at once (it lives in the database) and forgets the cookie.
export async function action({ request }: Route.ActionArgs) {
  const { db, sessionId, staff } = await requireStaff(request);
  await endSession(db, sessionId);
  await recordAudit(db, { actor: staff, action: "sign-out" });
  return redirect(workspacePaths.signIn, { status: 303, headers: { "Set-Cookie": sessionCookie(request, null) } });
}
