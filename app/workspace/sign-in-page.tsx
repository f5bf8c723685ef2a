import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from "@simplewebauthn/browser";
import { type FormEvent, useRef, useState } from "react";
import { useScriptsReady } from "./passkey-client.ts";
import { redirect } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { Card } from "#app/ui/card.tsx";
import { Container } from "#app/ui/container.tsx";
import { hydrateAtOnceHandle } from "#app/site/hydration.ts";
import type { Route } from "./+types/sign-in-page";
import { postStep, wasCancelled } from "./passkey-client.ts";
import { currentSession, safeNext } from "./session.server.ts";
import { workspace } from "./workspace-content.ts";
import { workspacePaths } from "./workspace-paths.ts";

export const handle = hydrateAtOnceHandle;

export const meta: Route.MetaFunction = () => [
  { title: `${workspace.signIn.title} | ${workspace.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (await currentSession(request)) throw redirect(next, 303);
  return { next };
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const copy = workspace.signIn;
  const ready = useScriptsReady();
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const autofillStarted = useRef(false);

  async function signIn(useBrowserAutofill: boolean) {
    const options = await postStep<PublicKeyCredentialRequestOptionsJSON>(workspacePaths.signInPasskey, { step: "options" });
    if (!options.ok) return setMessage(options.status === 429 ? copy.rateLimited : copy.failed);
    const response = await startAuthentication({ optionsJSON: options.data, useBrowserAutofill });
    if (!useBrowserAutofill) setWorking(true);
    const verified = await postStep<{ signedIn: boolean }>(workspacePaths.signInPasskey, { step: "verify", response });
    if (!verified.ok) {
      setWorking(false);
      return setMessage(verified.status === 429 ? copy.rateLimited : copy.failed);
    }
    // A whole page load: the workspace's pages need no scripts.
    window.location.assign(loaderData.next);
  }

  function failed(error: unknown) {
    setWorking(false);
    setMessage(wasCancelled(error) ? copy.cancelled : copy.failed);
  }

  // When the person goes to the e-mail field, the browser may offer their passkey among its
  // suggestions: listen for that choice (once; the button's ceremony replaces this one).
  function offerAutofill() {
    if (autofillStarted.current) return;
    autofillStarted.current = true;
    browserSupportsWebAuthnAutofill()
      .then((supported) => (supported ? signIn(true) : undefined))
      .catch((error: unknown) => {
        if (!wasCancelled(error)) failed(error);
      });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!browserSupportsWebAuthn()) return setMessage(copy.unsupported);
    setMessage(null);
    setWorking(true);
    signIn(false).catch(failed);
  }

  return (
    <Container className="max-w-xl py-12 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
        <p className="mt-3 text-ink-muted">{copy.intro}</p>
        <noscript>
          <p className="mt-4 rounded-card border border-danger/40 bg-danger/5 p-4 font-semibold text-danger">{copy.needsJavaScript}</p>
        </noscript>
        <div role="alert" aria-live="assertive">
          {message ? <p className="mt-4 rounded-card border border-danger/40 bg-danger/5 p-4 font-semibold text-danger">{message}</p> : null}
        </div>
        <form method="post" onSubmit={onSubmit} className="mt-6 space-y-4">
          <div>
            <label htmlFor="passkey-email" className="block font-semibold">
              {copy.emailLabel}
            </label>
            <input
              id="passkey-email"
              type="email"
              name="email"
              autoComplete="username webauthn"
              onFocus={offerAutofill}
              className="mt-2 block w-full rounded-control border border-line bg-raised px-3 py-2"
            />
          </div>
          <Button type="submit" disabled={!ready || working} className="w-full sm:w-auto">
            {working ? copy.working : copy.button}
          </Button>
        </form>
        <p className="mt-6 text-sm text-ink-muted">{copy.lostPasskey}</p>
      </Card>
    </Container>
  );
}
