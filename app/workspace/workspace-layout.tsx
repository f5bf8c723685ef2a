import { Form, NavLink, Outlet } from "react-router";
import { Container } from "#app/ui/container.tsx";
import { LogoMark } from "#app/ui/logo.tsx";
import { ownFrameHandle } from "#app/site/hydration.ts";
import { site } from "#app/site/site-content.ts";
import type { Route } from "./+types/workspace-layout";
import { currentSession } from "./session.server.ts";
import { analyticsCopy } from "./analytics-content.ts";
import { canSeeAnalytics } from "./analytics-access.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { workspace } from "./workspace-content.ts";
import { workspacePaths } from "./workspace-paths.ts";

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
  return { email: session?.staff.email ?? null, admin: session?.staff.role === "admin", analytics };
}

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  const { navigation } = workspace;
  const links = [
    { to: workspacePaths.inbox, label: navigation.inbox },
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
    </>
  );
}
