import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { data, redirect } from "react-router";
import { limitClient } from "#app/platform/rate-limit.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/enrol-passkey";
import { recordAudit } from "../people/audit.server.ts";
import { completeEnrolment, enrolmentOptions, refuseOpenedElsewhere } from "./passkeys.server.ts";
import { readPasskeyStep } from "./passkey-step-schema.ts";
import { requireSameOrigin, sessionCookie, startSession } from "./session.server.ts";
import { findInvitation, takeBrowserZone } from "../people/staff.server.ts";
import { hashToken } from "#app/platform/tokens.server.ts";
import { workspacePaths } from "../workspace-paths.ts";

// POST /workspace/enrol/:token/passkey: the enrolment page's two steps, as JSON. The new
// passkey signs its owner in at once.

export function loader({ params }: Route.LoaderArgs) {
  return redirect(workspacePaths.enrol(params.token), 303);
}

export async function action({ request, params }: Route.ActionArgs) {
  // Before the same-origin check, which would refuse it without saying why.
  const elsewhere = refuseOpenedElsewhere(request, "enrolment");
  if (elsewhere) return elsewhere;
  requireSameOrigin(request);
  const services = await getServices();
  const step = await readPasskeyStep(request);
  if (!step) return data({ error: "bad request" }, { status: 400 });
  const limit = await limitClient(services, request, { scope: "enrol", allowance: 2 });
  if (!limit.allowed)
    return data(
      { error: "too many attempts" },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  const invitation = await findInvitation(services.db, hashToken(params.token));
  if (!invitation) return data({ error: "invitation not valid" }, { status: 404 });

  if (step.step === "options") return Response.json(await enrolmentOptions(services.db, invitation));
  const enrolled = await completeEnrolment(
    services.db,
    { invitationId: invitation.invitationId, staffId: invitation.id, name: step.name },
    step.response as unknown as RegistrationResponseJSON,
  );
  if (!enrolled) return data({ error: "not accepted" }, { status: 400 });
  const token = await startSession(services.db, invitation.id);
  await takeBrowserZone(services.db, invitation.id, step.zone);
  const actor = { id: invitation.id, email: invitation.email };
  await recordAudit(services.db, { actor, action: "sign-in", detail: "enrolment" });
  return Response.json({ signedIn: true }, { headers: { "Set-Cookie": sessionCookie(request, token) } });
}
