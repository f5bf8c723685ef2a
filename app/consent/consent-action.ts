import { redirect } from "react-router";
import { z } from "zod";
import { isSecureRequest } from "#app/platform/env.server.ts";
import { consentEnv } from "./consent-env.server.ts";
import { epochMs } from "#app/platform/clock.ts";
import {
  type Consent,
  consentFromCookies,
  consentInPageHeader,
  cookieSettingsHref,
  cookieSettingsPath,
  formsChosen,
  safeReturnPath,
} from "./consent-cookie.ts";
import { newId } from "#app/platform/ids.server.ts";
import { consentCookieHeader, consentSources, recordConsent } from "./consent.server.ts";
import { limitClient } from "#app/platform/rate-limit.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/consent-action";
import { statusPagePath } from "#app/site/pages.ts";

// POST /consent: every cookie choice arrives here, as a form, from the banner, the settings page
// or a frame's "Load form" button; the answer leads back to the page, rendered for the choice.

const ChoiceSchema = z.object({
  choice: z.enum(["all", "necessary", "save", "customize"]),
  forms: z.literal("on").optional(),
  source: z.enum(consentSources).default("banner"),
  // Where to go back to matters less than the choice: an unusable one (too long) means home.
  returnTo: z.string().max(2048).optional().catch(undefined),
});

// Opened in a browser (a bookmark, an address typed or shared), this address shows where the
// choices are made instead of an error.
export function loader() {
  return redirect(cookieSettingsPath, 302);
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = ChoiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    // An unknown choice (only an altered form sends one) leads to where choices are made.
    return redirect(cookieSettingsPath, 303);
  }
  const { choice, forms, source } = parsed.data;
  const returnTo = safeReturnPath(parsed.data.returnTo);
  if (choice === "customize") {
    return redirect(cookieSettingsHref(returnTo), 303);
  }

  const services = await getServices();
  const limit = await limitClient(services, request, { scope: "consent", allowance: 3 });
  if (!limit.allowed) {
    const retryAfter = { "Retry-After": String(limit.retryAfterSeconds) };
    // Sent to the site's 429 page.
    return redirect(statusPagePath(429), { status: 303, headers: retryAfter });
  }

  const previous = consentFromCookies(request.headers.get("cookie"), consentEnv.CONSENT_REVISION);
  const consent: Consent = {
    id: previous?.id ?? newId(),
    revision: consentEnv.CONSENT_REVISION,
    forms: formsChosen(choice, forms) === true,
    at: epochMs(),
  };
  await recordConsent(services.db, consent, source);
  const headers = { "Set-Cookie": consentCookieHeader(consent, { secure: isSecureRequest(request) }) };
  // From the banner's script: the visitor stays on the page, where they were.
  if (request.headers.get(consentInPageHeader) === "1") return new Response(null, { status: 204, headers });
  return redirect(returnTo, { status: 303, headers });
}
