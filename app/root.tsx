import type { ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { RouteError } from "./components/error-page.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { publicConfig } from "./config/env.ts";
import { env } from "./config/env.server.ts";
import { site } from "./content/site.ts";
import stylesheet from "./styles/app.css?url";

export function loader() {
  return { config: publicConfig(env) };
}

export type RootData = ReturnType<typeof loader>;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-control bg-brand px-4 py-3 font-semibold text-brand-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {site.navigation.skipLink}
        </a>
        <SiteHeader
          companyName={site.companyName}
          logoAlt={site.logoAlt}
          about={site.navigation.about}
          getStarted={site.navigation.getStarted}
          menuLabel={site.navigation.menuLabel}
        />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        {data ? (
          <SiteFooter
            companyName={site.companyName}
            copyrightYear={site.copyrightYear}
            footer={site.footer}
            contactEmail={data.config.contactEmail}
            socialUrl={data.config.socialUrl}
          />
        ) : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
