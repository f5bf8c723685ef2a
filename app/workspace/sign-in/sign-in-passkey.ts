import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { data, redirect } from "react-router";
import { limitClient } from "#app/platform/rate-limit.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/sign-in-passkey";
import { recordAudit } from "../people/audit.server.ts";
import { takeBrowserZone } from "../people/staff.server.ts";
import { refuseOpenedElsewhere, signInOptions, verifySignIn } from "./passkeys.server.ts";
import { readPasskeyStep } from "./passkey-step-schema.ts";
import { requireSameOrigin, sessionCookie, startSession } from "./session.server.ts";
import { workspacePaths } from "../workspace-paths.ts";

// POST /workspace/sign-in/passkey: the sign-in page's two steps, as JSON. Every answer is the
// same for an unknown passkey and a wrong one; attempts are rate-limited per client.

export function loader() {
  return redirect(workspacePaths.signIn, 303);
}

export async function action({ request }: Route.ActionArgs) {
  // Before the same-origin check, which would refuse it without saying why.
  const elsewhere = refuseOpenedElsewhere(request, "sign-in");
  if (elsewhere) return elsewhere;
  requireSameOrigin(request);
  const services = await getServices();
  const step = await readPasskeyStep(request);
  if (!step) return data({ error: "bad request" }, { status: 400 });
  const limit = await limitClient(
    services,
    request,
    step.step === "options" ? { scope: "sign-in-options", allowance: 3 } : { scope: "sign-in" },
  );
  if (!limit.allowed)
    return data(
      { error: "too many attempts" },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );

  if (step.step === "options") return Response.json(await signInOptions(services.db));
  const staff = await verifySignIn(services.db, step.response as unknown as AuthenticationResponseJSON);
  if (!staff) return data({ error: "not accepted" }, { status: 400 });
  const token = await startSession(services.db, staff.id);
  await takeBrowserZone(services.db, staff.id, step.zone);
  await recordAudit(services.db, { actor: staff, action: "sign-in", detail: "passkey" });
  return Response.json({ signedIn: true }, { headers: { "Set-Cookie": sessionCookie(request, token) } });
}
