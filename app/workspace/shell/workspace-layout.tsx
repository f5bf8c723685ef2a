import { Form, NavLink, Outlet } from "react-router";
import { Container } from "#app/ui/container.tsx";
import { LogoMark } from "#app/ui/logo.tsx";
import { ownFrameHandle } from "#app/site/hydration.ts";
import { useNonce } from "#app/site/nonce.ts";
import { site } from "#app/site/site-content.ts";
import type { Route } from "./+types/workspace-layout";
import { currentSession } from "../sign-in/session.server.ts";
import { analyticsCopy } from "../insights/analytics-content.ts";
import { canSeeAnalytics } from "../insights/analytics-access.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { workspace } from "./workspace-content.ts";
import { workspacePaths } from "../workspace-paths.ts";
import type { ContentRight } from "../people/staff-rules.ts";

// The frame of every workspace page: never cached, never indexed, no public header, footer or
// cookie banner (the workspace sets only its own session cookie, which needs no consent).

export const handle = ownFrameHandle;

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

export async function loader({ request }: Route.LoaderArgs) {
  const session = await currentSession(request);
  const analytics = session ? await canSeeAnalytics((await getServices()).db, session.staff) : false;
  return {
    email: session?.staff.email ?? null,
    admin: session?.staff.role === "admin",
    askTimeZone: session !== null && session.staff.timeZone === null,
    contentRights: session?.staff.contentRights ?? [],
    analytics,
  };
}

/**
 * Tells the server the browser's time zone, once: rendered only while the person has none, it
 * posts it in the background (the next page shows their times in it). Without JavaScript times
 * stay in UTC, and the person can choose their zone on the passkeys page.
 */
const reportTimeZone = `fetch(${JSON.stringify(workspacePaths.timeZone)},{method:"POST",body:new URLSearchParams({zone:Intl.DateTimeFormat().resolvedOptions().timeZone})}).catch(function(){})`;

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  const { navigation } = workspace;
  const nonce = useNonce();
  // Each content page shows to those who may edit that content (content-rights.server.ts).
  const contentLinks: Array<{ right: ContentRight; to: string; label: string }> = [
    { right: "postings", to: workspacePaths.postings, label: navigation.postings },
    { right: "proof", to: workspacePaths.proof, label: navigation.proof },
  ];
  const links = [
    { to: workspacePaths.inbox, label: navigation.inbox },
    { to: workspacePaths.agenda, label: navigation.agenda },
    ...contentLinks.filter((link) => loaderData.contentRights.includes(link.right)),
    ...(loaderData.analytics ? [{ to: workspacePaths.analytics(), label: analyticsCopy.navigation }] : []),
    { to: workspacePaths.passkeys, label: navigation.passkeys },
    ...(loaderData.admin
      ? [
          { to: workspacePaths.people, label: navigation.people },
          { to: workspacePaths.audit, label: navigation.audit },
          { to: workspacePaths.requests, label: navigation.requests },
        ]
      : []),
  ];
  return (
    <>
      <header className="border-b border-line bg-surface">
        <Container className="flex flex-wrap items-center justify-between gap-4 py-3">
          <p className="flex items-center gap-2.5 font-extrabold tracking-tight">
            <LogoMark />
            {site.companyName} · {workspace.name}
          </p>
          {loaderData.email ? (
            <nav aria-label={workspace.name} className="flex flex-wrap items-center gap-4 text-sm">
              {links.map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  end
                  className="inline-flex min-h-6 items-center font-semibold underline-offset-4 hover:underline aria-[current=page]:underline"
                >
                  {link.label}
                </NavLink>
              ))}
              <span className="text-ink-muted">
                {navigation.signedInAs} {loaderData.email}
              </span>
              <Form method="post" action={workspacePaths.signOut}>
                <button
                  type="submit"
                  className="rounded-control border border-line px-3 py-1.5 font-semibold hover:bg-raised"
                >
                  {navigation.signOut}
                </button>
              </Form>
            </nav>
          ) : null}
        </Container>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {loaderData.askTimeZone ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no data in it
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: reportTimeZone }} />
      ) : null}
    </>
  );
}
