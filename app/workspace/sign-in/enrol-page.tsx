import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { data } from "react-router";
import { Card } from "#app/ui/card.tsx";
import { Container } from "#app/ui/container.tsx";
import { getServices } from "#app/platform/services.server.ts";
import { hydrateHandle } from "#app/site/hydration.ts";
import type { Route } from "./+types/enrol-page";
import { postStep, usePasskeyCeremony } from "./passkey-client.ts";
import { PasskeyForm, PasskeyNameField } from "./passkey-form.tsx";
import { suggestedPasskeyName } from "./passkey-names.ts";
import { findInvitation, wasSuperseded } from "../people/staff.server.ts";
import { hashToken } from "#app/platform/tokens.server.ts";
import { workspace } from "../shell/workspace-content.ts";
import { workspacePaths } from "../workspace-paths.ts";

// The invitation link's page. Opening it changes nothing (mail scanners open links): only the
// button, which posts from this page, creates the passkey and spends the invitation.

export const handle = hydrateHandle;

export const meta: Route.MetaFunction = () => [
  { title: `${workspace.enrol.title} | ${workspace.name}` },
  { name: "robots", content: "noindex, nofollow" },
  // The link's token must not leave in a Referer header.
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await getServices();
  const tokenHash = hashToken(params.token);
  const invitation = await findInvitation(db, tokenHash);
  if (!invitation)
    return data({ email: null, superseded: await wasSuperseded(db, tokenHash), suggestedName: "" }, { status: 404 });
  return {
    email: invitation.email,
    superseded: false,
    suggestedName: suggestedPasskeyName(request.headers.get("user-agent")),
  };
}

export default function Enrol({ loaderData, params }: Route.ComponentProps) {
  const copy = workspace.enrol;
  const enrolment = usePasskeyCeremony(enrol, copy.failed);

  if (!loaderData.email) {
    return (
      <Container className="max-w-xl py-12 sm:py-16">
        <Card className="p-6 sm:p-8">
          <h1 className="text-3xl font-extrabold tracking-tight">{copy.invalidTitle}</h1>
          <p className="mt-3 text-ink-muted">
            {loaderData.superseded ? copy.supersededDescription : copy.invalidDescription}
          </p>
        </Card>
      </Container>
    );
  }

  async function enrol(form: HTMLFormElement) {
    const url = workspacePaths.enrolPasskey(params.token);
    const name = String(new FormData(form).get("name") ?? "");
    const options = await postStep<PublicKeyCredentialCreationOptionsJSON>(url, { step: "options" });
    if (!options.ok) throw new Error(`options ${options.status}`);
    const response = await startRegistration({ optionsJSON: options.data });
    const verified = await postStep<{ signedIn: boolean }>(url, { step: "verify", response, name });
    if (!verified.ok) throw new Error(`verify ${verified.status}`);
    window.location.assign(workspacePaths.inbox);
  }

  return (
    <Container className="max-w-xl py-12 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
        <p className="mt-3">
          {copy.invitedAs} <strong>{loaderData.email}</strong>
        </p>
        <p className="mt-3 text-ink-muted">{copy.intro}</p>
        <PasskeyForm
          ceremony={enrolment}
          label={copy.button}
          workingLabel={copy.working}
          needsJavaScript={workspace.signIn.needsJavaScript}
        >
          <PasskeyNameField defaultValue={loaderData.suggestedName} />
        </PasskeyForm>
      </Card>
    </Container>
  );
}
