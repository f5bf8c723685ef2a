import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { data, redirect } from "react-router";
import type { Route } from "./+types/add-passkey";
import { addPasskey, enrolmentOptions, refuseOpenedElsewhere } from "./passkeys.server.ts";
import { readPasskeyStep } from "./passkey-step-schema.ts";
import { requireStaff } from "./session.server.ts";
import { findStaffByEmail } from "../people/staff.server.ts";
import { workspacePaths } from "../workspace-paths.ts";

// POST /workspace/passkeys/new: the passkeys page's two steps, as JSON, for the signed-in person.

export function loader() {
  return redirect(workspacePaths.passkeys, 303);
}

export async function action({ request }: Route.ActionArgs) {
  // Before the same-origin check, which would refuse it without saying why.
  const elsewhere = refuseOpenedElsewhere(request, "new passkey");
  if (elsewhere) return elsewhere;
  const { db, staff } = await requireStaff(request);
  const step = await readPasskeyStep(request);
  if (!step) return data({ error: "bad request" }, { status: 400 });
  if (step.step === "options") {
    const person = await findStaffByEmail(db, staff.email);
    if (!person) return data({ error: "signed out" }, { status: 401 });
    return Response.json(await enrolmentOptions(db, person));
  }
  const added = await addPasskey(db, staff, step.response as unknown as RegistrationResponseJSON, {
    name: step.name,
  });
  if (!added) return data({ error: "not accepted" }, { status: 400 });
  return Response.json({ added: true });
}
