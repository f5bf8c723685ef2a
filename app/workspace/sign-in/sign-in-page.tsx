import {
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from "@simplewebauthn/browser";
import { useEffect, useRef, useState } from "react";
import { data, redirect } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { Card } from "#app/ui/card.tsx";
import { Container } from "#app/ui/container.tsx";
import { limitClient } from "#app/platform/rate-limit.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { hydrateHandle } from "#app/site/hydration.ts";
import { knownZone } from "#app/platform/time-zones.ts";
import type { Route } from "./+types/sign-in-page";
import {
  attemptCookieName,
  attemptZoneCookieName,
  attemptMinutes,
  beginOpenIdSignIn,
  type OpenIdProblem,
  OpenIdUnavailable,
  openIdSettings,
} from "./openid.server.ts";
import { postStep, StepRefused, usePasskeyCeremony } from "./passkey-client.ts";
import { PasskeyForm } from "./passkey-form.tsx";
import { currentSession, requireSameOrigin, safeNext, workspaceCookie } from "./session.server.ts";
import { workspace } from "../shell/workspace-content.ts";
import { workspacePaths } from "../workspace-paths.ts";

export const handle = hydrateHandle;

export const meta: Route.MetaFunction = () => [
  { title: `${workspace.signIn.title} | ${workspace.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

type Problem = OpenIdProblem | "rate-limited";
const problems = new Set<string>(["refused", "failed", "unavailable"] satisfies OpenIdProblem[]);

export async function loader({ request }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const next = safeNext(searchParams.get("next"));
  if (await currentSession(request)) throw redirect(next, 303);
  // The company's provider, when configured (its button needs no JavaScript); a refused or
  // failed sign-in with it comes back here with `problem`.
  const problem = searchParams.get("problem");
  return {
    next,
    openId: openIdSettings()?.provider ?? null,
    problem: problem !== null && problems.has(problem) ? (problem as OpenIdProblem) : null,
  };
}

/** The company-account button: begins an attempt and sends the browser to the provider. */
export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const settings = openIdSettings();
  const form = await request.formData();
  if (!settings || form.get("intent") !== "openid")
    throw redirect(`${workspacePaths.signIn}?next=${encodeURIComponent(next)}`, 303);
  const services = await getServices();
  const limit = await limitClient(services, request, { scope: "sign-in" });
  if (!limit.allowed)
    return data(
      { problem: "rate-limited" as Problem },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  try {
    const { url, token } = await beginOpenIdSignIn(services.db, settings, next);
    const headers = new Headers();
    headers.append(
      "Set-Cookie",
      workspaceCookie(request, attemptCookieName, token, { maxAgeSeconds: attemptMinutes * 60 }),
    );
    const zone = knownZone(form.get("zone"));
    if (zone)
      headers.append(
        "Set-Cookie",
        workspaceCookie(request, attemptZoneCookieName, zone, { maxAgeSeconds: attemptMinutes * 60 }),
      );
    return redirect(url, { status: 303, headers });
  } catch (error) {
    if (error instanceof OpenIdUnavailable) return data({ problem: "unavailable" as Problem }, { status: 503 });
    throw error;
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const copy = workspace.signIn;
  const signingIn = usePasskeyCeremony(() => signIn(false), copy.failed);
  const autofillStarted = useRef(false);
  // Rendered by React once the page's script runs (a value set on the element by hand was lost).
  const [browserZone, setBrowserZone] = useState("");
  useEffect(() => setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);

  async function signIn(useBrowserAutofill: boolean) {
    const refused = (status: number) => new StepRefused(status === 429 ? copy.rateLimited : copy.failed);
    const options = await postStep<PublicKeyCredentialRequestOptionsJSON>(workspacePaths.signInPasskey, {
      step: "options",
    });
    if (!options.ok) throw refused(options.status);
    const response = await startAuthentication({ optionsJSON: options.data, useBrowserAutofill });
    const verified = await postStep<{ signedIn: boolean }>(workspacePaths.signInPasskey, { step: "verify", response });
    if (!verified.ok) throw refused(verified.status);
    // A whole page load: the workspace's pages need no scripts.
    window.location.assign(loaderData.next);
  }

  const problem = actionData?.problem ?? loaderData.problem;
  const problemMessage = problem === "rate-limited" ? copy.rateLimited : problem ? copy.openId.problems[problem] : null;

  // When the person goes to the e-mail field, the browser may offer their passkey among its
  // suggestions: listen for that choice (once; the button's ceremony replaces this one).
  function offerAutofill() {
    if (autofillStarted.current) return;
    autofillStarted.current = true;
    signingIn.run(async () => {
      if (await browserSupportsWebAuthnAutofill()) await signIn(true);
    });
  }

  return (
    <Container className="max-w-xl py-12 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
        <p className="mt-3 text-ink-muted">{copy.intro}</p>
        <PasskeyForm
          ceremony={signingIn}
          problem={signingIn.problem ?? problemMessage}
          label={copy.button}
          workingLabel={copy.working}
          needsJavaScript={loaderData.openId ? copy.openId.needsJavaScript : copy.needsJavaScript}
        >
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
        </PasskeyForm>
        {loaderData.openId ? (
          // A plain form (not React Router's): the answer sends the whole page to the provider, with JavaScript or without.
          <form
            method="post"
            action={`${workspacePaths.signIn}?next=${encodeURIComponent(loaderData.next)}`}
            className="mt-6 border-t border-line pt-6"
          >
            <p className="font-semibold">{copy.openId.or}</p>
            {/* The browser's zone, for the first page after the provider's (filled once the script runs). */}
            <input type="hidden" name="zone" value={browserZone} />
            <Button type="submit" name="intent" value="openid" variant="secondary" className="mt-3 w-full sm:w-auto">
              {copy.openId.buttons[loaderData.openId]}
            </Button>
          </form>
        ) : null}
        <p className="mt-6 text-sm text-ink-muted">{copy.lostPasskey}</p>
      </Card>
    </Container>
  );
}
