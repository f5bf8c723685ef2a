import { data, redirect } from "react-router";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/sign-in-openid-callback";
import { attemptCookieName, attemptZoneCookieName, finishOpenIdSignIn, openIdSettings } from "./openid.server.ts";
import { takeBrowserZone } from "../people/staff.server.ts";
import { readWorkspaceCookie, sessionCookie, startSession, workspaceCookie } from "./session.server.ts";
import { workspacePaths } from "../workspace-paths.ts";

// GET /workspace/sign-in/openid/callback: the company's provider sends the browser back here.
// Signed in, the person goes where they were going; refused, back to the sign-in page with one
// message for every reason. The attempt's cookie goes either way.

export async function loader({ request }: Route.LoaderArgs) {
  const settings = openIdSettings();
  if (!settings) throw data("Not found.", { status: 404 });
  const { db } = await getServices();
  const outcome = await finishOpenIdSignIn(db, settings, {
    token: readWorkspaceCookie(request, attemptCookieName),
    search: new URL(request.url).search,
  });
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", workspaceCookie(request, attemptCookieName, null));
  const zone = readWorkspaceCookie(request, attemptZoneCookieName);
  if (zone) headers.append("Set-Cookie", workspaceCookie(request, attemptZoneCookieName, null));
  if ("problem" in outcome) {
    return redirect(
      `${workspacePaths.signIn}?${new URLSearchParams({ next: outcome.next, problem: outcome.problem })}`,
      { status: 303, headers },
    );
  }
  headers.append("Set-Cookie", sessionCookie(request, await startSession(db, outcome.staff.id)));
  await takeBrowserZone(db, outcome.staff.id, zone ?? undefined);
  return redirect(outcome.next, { status: 303, headers });
}
