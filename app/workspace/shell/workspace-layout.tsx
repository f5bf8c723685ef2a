import { Form, Link, Outlet, useLocation } from "react-router";
import { MenuIcon } from "#app/ui/menu-icon.tsx";
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

/** Whether a path lies in a link's area: a submission is the inbox's, a posting's editor the postings'. */
function inArea(pathname: string, to: string) {
  const path = to.split("?")[0]!;
  if (path === workspacePaths.inbox) return pathname === path || pathname.startsWith(`${path}/submissions/`);
  return pathname === path || pathname.startsWith(`${path}/`);
}

const linkClasses =
  "flex min-h-10 items-center rounded-control px-3 font-semibold text-ink hover:bg-raised aria-[current]:bg-brand-soft aria-[current]:text-brand-strong";

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  const { navigation } = workspace;
  const nonce = useNonce();
  const { pathname } = useLocation();
  // Each content page shows to those who may edit that content (content-rights.server.ts).
  const contentLinks: Array<{ right: ContentRight; to: string; label: string }> = [
    { right: "postings", to: workspacePaths.postings, label: navigation.postings },
    { right: "proof", to: workspacePaths.proof, label: navigation.proof },
    { right: "app", to: workspacePaths.app, label: navigation.app },
    { right: "pages", to: workspacePaths.pageCopies, label: navigation.pages },
  ];
  const links = [
    { to: workspacePaths.inbox, label: navigation.inbox },
    { to: workspacePaths.agenda, label: navigation.agenda },
    ...contentLinks.filter((link) => loaderData.contentRights.includes(link.right)),
    ...(loaderData.analytics ? [{ to: workspacePaths.analytics(), label: analyticsCopy.navigation }] : []),
    ...(loaderData.admin
      ? [
          { to: workspacePaths.people, label: navigation.people },
          { to: workspacePaths.audit, label: navigation.audit },
          { to: workspacePaths.requests, label: navigation.requests },
        ]
      : []),
    { to: workspacePaths.passkeys, label: navigation.passkeys },
  ];
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <div className="contents lg:block lg:border-r lg:border-line lg:bg-surface">
        {/* One frame for every width: a compact bar whose menu is a <details> on phones (no JavaScript
          needed, the key closes it on navigation), a sidebar from 1024 px where the same menu always
          shows (decision 055). */}
        <header className="sticky top-0 z-30 border-b border-line bg-surface lg:h-dvh lg:overflow-y-auto lg:border-b-0">
          <div className="flex h-14 items-center justify-between gap-3 px-4 lg:h-auto lg:flex-col lg:items-stretch lg:py-5">
            <p className="flex min-w-0 items-center gap-2.5 leading-tight">
              <LogoMark />
              <span className="min-w-0">
                <span className="block truncate font-extrabold tracking-tight">{site.companyName}</span>
                <span className="block text-xs text-ink-muted">{workspace.name}</span>
              </span>
            </p>
            {loaderData.email ? (
              <details key={pathname} className="open-when-wide group">
                <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-control border border-line px-3 font-semibold [&::-webkit-details-marker]:hidden">
                  <MenuIcon />
                  {navigation.menu}
                </summary>
                <div className="absolute inset-x-0 top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b border-line bg-surface px-4 pb-4 shadow-card lg:static lg:mt-6 lg:max-h-none lg:border-0 lg:p-0 lg:shadow-none">
                  <nav aria-label={workspace.name}>
                    <ul className="grid gap-1 text-sm">
                      {links.map((link) => {
                        const current = inArea(pathname, link.to);
                        return (
                          <li key={link.to}>
                            <Link
                              to={link.to}
                              aria-current={
                                current ? (pathname === link.to.split("?")[0] ? "page" : "true") : undefined
                              }
                              className={linkClasses}
                            >
                              {link.label}
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  </nav>
                  <div className="mt-4 border-t border-line pt-4 text-sm">
                    <p className="break-words text-ink-muted">
                      {navigation.signedInAs} {loaderData.email}
                    </p>
                    <Form method="post" action={workspacePaths.signOut} className="mt-2">
                      <button
                        type="submit"
                        className="min-h-10 rounded-control border border-line px-3 font-semibold hover:bg-raised"
                      >
                        {navigation.signOut}
                      </button>
                    </Form>
                  </div>
                </div>
              </details>
            ) : null}
          </div>
        </header>
      </div>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        <Outlet />
      </main>
      {loaderData.askTimeZone ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no data in it
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: reportTimeZone }} />
      ) : null}
    </div>
  );
}
