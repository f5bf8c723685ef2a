import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { consent as copy } from "./consent-content.ts";
import { consentActionPath, cookieSettingsPath, type ConsentView } from "./consent-cookie.ts";
import { ConsentContext, ReturnTo, useConsent, usePagePath } from "./consent-context.tsx";
import { Button, buttonClasses, CloseButton } from "#app/ui/button.tsx";
import { withoutTrailingSlash } from "#app/platform/uri.ts";

// The consent manager in the page: the banner, the footer's link to the settings, and the gate
// every frame follows. Each choice is a form posted to /consent, whose answer brings the visitor
// back to the page, rendered for the new choice: no page runs React Router's scripts for it
// (decision 028).

export function ConsentProvider({
  initialView,
  isBot,
  children,
}: {
  initialView: ConsentView;
  isBot: boolean;
  children: ReactNode;
}) {
  // The settings page is the choice itself: the banner that led there never covers its form.
  const onSettingsPage = withoutTrailingSlash(useLocation().pathname) === cookieSettingsPath;
  const value = { view: initialView, showBanner: !isBot && !initialView.decided && !onSettingsPage };
  return (
    <ConsentContext.Provider value={value}>
      {children}
      {value.showBanner ? <ConsentBanner /> : null}
    </ConsentContext.Provider>
  );
}

/** The brief's privacy popup: a labelled, non-modal region with buttons of equal weight. */
function ConsentBanner() {
  const { banner } = copy;
  return (
    <section
      id="consent-banner"
      aria-labelledby="consent-banner-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-xl rounded-card border border-line bg-raised p-4 shadow-card sm:p-5"
    >
      <form method="post" action={consentActionPath}>
        <input type="hidden" name="source" value="banner" />
        <ReturnTo />
        <div className="flex items-start justify-between gap-4">
          <h2 id="consent-banner-title" className="text-lg font-bold">
            {banner.title}
          </h2>
          <CloseButton type="submit" name="choice" value="necessary" label={banner.close} />
        </div>
        <p className="mt-1 text-sm text-ink-muted sm:text-base">{banner.description}</p>
        {/* Three buttons of equal weight: refusing is as easy as accepting. */}
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Button type="submit" name="choice" value="necessary" variant="secondary" className="px-3">
            {banner.necessaryOnly}
          </Button>
          {/* Leads to the cookie settings page, and back here once saved. */}
          <Button type="submit" name="choice" value="customize" variant="secondary" className="px-3">
            {banner.acceptIndividual}
          </Button>
          <Button type="submit" name="choice" value="all" variant="secondary" className="px-3">
            {banner.acceptAll}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The footer's "Cookie settings": the settings page, which leads back here. */
export function CookieSettingsLink({ className }: { className: string }) {
  const path = usePagePath();
  return (
    <a href={`${cookieSettingsPath}?returnTo=${encodeURIComponent(path)}`} className={className}>
      {copy.footerLink}
    </a>
  );
}

/** A third-party form frame that loads only once "third-party forms" is accepted. */
export function ConsentGate({
  src,
  box,
  children,
}: {
  src: string;
  /** Classes that give the placeholder the frame's exact size. */
  box: string;
  children: ReactNode;
}) {
  const { view } = useConsent();
  if (view.decided && view.forms) return <>{children}</>;
  const provider = new URL(src).hostname;
  const fill = (text: string) => text.replaceAll("{provider}", provider);
  return (
    <div className={`${box} flex flex-col items-center justify-center gap-4 bg-surface p-6 text-center`}>
      <p className="font-bold">{fill(copy.placeholder.title)}</p>
      <p className="max-w-sm text-sm text-ink-muted">{fill(copy.placeholder.description)}</p>
      <form method="post" action={consentActionPath}>
        <input type="hidden" name="source" value="placeholder" />
        <input type="hidden" name="forms" value="on" />
        <ReturnTo />
        <button type="submit" name="choice" value="save" className={buttonClasses("primary")}>
          {copy.placeholder.load}
        </button>
      </form>
    </div>
  );
}
