import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { RouteError } from "./site/error-page.tsx";
import { SiteFooter } from "./site/site-footer.tsx";
import { SiteHeader } from "./site/site-header.tsx";
import { isbot } from "isbot";
import { ConsentProvider, CookieSettingsLink } from "./consent/consent-manager.tsx";
import { siteConfig } from "./config.ts";
import { backupsEnv } from "./backups/backups-env.server.ts";
import { careersEnv } from "./careers/careers-env.server.ts";
import { consentEnv } from "./consent/consent-env.server.ts";
import { env } from "./platform/env.server.ts";
import { privacyEnv } from "./privacy/privacy-env.server.ts";
import { site } from "./site/site-content.ts";
import { consentFromCookies, undecided, viewOf } from "./consent/consent-cookie.ts";
import { useHydratedMark } from "./site/hydrated-mark.ts";
import { useHydration, useOwnFrame } from "./site/hydration.ts";
import { useNonce } from "./site/nonce.ts";
import { PreviewBar, usePreviewBar } from "./site/preview-bar.tsx";
import { footerCopy } from "./site/page-copy.ts";
import { currentPreview, publishedCopy } from "./site/page-copy.server.ts";
import type { SiteRootData } from "./site/use-site-config.ts";
import stylesheet from "./ui/app.css?url";
import displayFont from "./ui/fonts/bricolage-display.woff2?url";

export function loader({ request }: Route.LoaderArgs) {
  const cookies = request.headers.get("cookie");
  const data = {
    config: siteConfig({ ...env, ...privacyEnv, ...careersEnv, ...consentEnv, ...backupsEnv }),
    // The page is rendered for the visitor's cookie choice (prerendered pages exist in one
    // variant per choice, picked by the server); crawlers never see the banner.
    consent: viewOf(consentFromCookies(cookies, consentEnv.CONSENT_REVISION)),
    isBot: isbot(request.headers.get("user-agent")),
    // The footer as published in the workspace (from memory, app/site/page-copy.server.ts).
    footer: publishedCopy(footerCopy),
    // A preview of a page's draft copy (the workspace's) comes under the preview bar.
    previewBar: currentPreview()?.bar ?? null,
  };
  // The frame's parts read only what app/site/ knows of this data.
  return data satisfies SiteRootData;
}

export type RootData = ReturnType<typeof loader>;

// An error page rendered here keeps the headers its error was thrown with (Retry-After on 429).
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // The headings' face, fetched beside the stylesheet rather than after the first layout, so it
  // is usually there before the first paint (the fallback is metric-matched for when it is not).
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  const hydrate = useHydration();
  const ownFrame = useOwnFrame();
  const previewBar = usePreviewBar();
  const skipLink = (
    <a
      href="#main"
      className="sr-only z-50 rounded-control bg-brand px-4 py-3 font-semibold text-brand-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {site.navigation.skipLink}
    </a>
  );
  // On the pages that run React Router's scripts (the workspace's passkey pages), as an island
  // does for the public forms.
  useHydratedMark();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {ownFrame ? (
          <>
            {skipLink}
            {children}
          </>
        ) : (
          // A preview is the team's, not a visitor's: no cookie banner over it.
          <ConsentProvider
            initialView={data?.consent ?? undecided}
            isBot={(data?.isBot ?? false) || previewBar !== null}
          >
            {skipLink}
            {previewBar ? <PreviewBar {...previewBar} /> : null}
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
                footer={data.footer}
                contactEmail={data.config.contactEmail}
                socialUrl={data.config.socialUrl}
                cookieSettingsLink={(className) => <CookieSettingsLink className={className} />}
              />
            ) : null}
          </ConsentProvider>
        )}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
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
