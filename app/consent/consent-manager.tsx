import { type FormEvent, lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { consent as copy } from "./consent-content.ts";
import { consentActionPath, consentFromCookies, cookieSettingsPath, formsChosen, type ConsentView, viewOf } from "./consent-cookie.ts";
import { ConsentContext, ReturnTo, useConsent, usePagePath } from "./consent-context.tsx";
import { Button, buttonClasses, CloseButton } from "#app/ui/button.tsx";
import { Piece } from "#app/ui/piece.tsx";
import { withoutTrailingSlash } from "#app/platform/uri.ts";
import { whenIdle } from "#app/platform/when-idle.ts";

// The consent manager in the page: the banner, the settings dialog, and the state every frame
// follows. Each choice is a form posted to /consent, so it works without JavaScript; with
// JavaScript the same forms are sent in the background and the page updates at once.

// Most visitors never open the settings: the dialog's code comes with its first opening.
const ConsentDialog = lazy(() => import("./consent-dialog.tsx"));

export function ConsentProvider({
  initialView,
  revision,
  isBot,
  children,
}: {
  initialView: ConsentView;
  revision: number;
  isBot: boolean;
  children: ReactNode;
}) {
  // The page was rendered for this view (the server picked the variant); the cookie is the truth.
  const [view, setView] = useState(initialView);
  const [choices, setChoices] = useState(0);
  // Each opening is counted: a close and a reopening handled in one render (Escape, then Enter at
  // once) would otherwise leave the state as it was, and the dialog shut.
  const [settings, setSettings] = useState({ open: false, openings: 0 });
  const closeSettings = useCallback(() => setSettings((current) => (current.open ? { ...current, open: false } : current)), []);
  useEffect(() => {
    // Only a recorded choice overrides the page's own view (crawlers get pages without a banner).
    // Reading document.cookie asks the browser's cookie store and waits for it (tens of ms at CPU
    // 4× on a busy machine): done once the page is idle, not in the task that hydrates it.
    whenIdle(() => {
      const fromCookie = consentFromCookies(document.cookie, revision);
      if (fromCookie) setView((current) => (current.decided && current.forms === fromCookie.forms ? current : viewOf(fromCookie)));
    });
  }, [revision]);

  const submitChoice = useCallback((event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget, submitter);
    const forms = formsChosen(formData.get("choice"), formData.get("forms"));
    if (forms === null) return; // "customize" opens the dialog below, or the settings page without JavaScript
    event.preventDefault();
    setView({ decided: true, forms });
    setChoices((count) => count + 1);
    closeSettings();
    void fetch(consentActionPath, {
      method: "POST",
      body: new URLSearchParams(formData as unknown as Record<string, string>),
      headers: { Accept: "application/json" },
      keepalive: true, // the choice is saved even if the visitor leaves the page at once
    });
  }, [closeSettings]);

  // The settings page is the choice itself: the banner that led there never covers its form.
  const onSettingsPage = withoutTrailingSlash(useLocation().pathname) === cookieSettingsPath;
  const value = useMemo(
    () => ({
      view,
      choices,
      showBanner: !isBot && !view.decided && !onSettingsPage,
      submitChoice,
      openSettings: () => setSettings((current) => ({ open: true, openings: current.openings + 1 })),
    }),
    [view, choices, isBot, onSettingsPage, submitChoice],
  );
  return (
    <ConsentContext.Provider value={value}>
      {children}
      {value.showBanner ? (
        <Piece>
          <ConsentBanner />
        </Piece>
      ) : null}
      {settings.openings > 0 ? (
        <Suspense>
          <ConsentDialog open={settings.open} openings={settings.openings} onClose={closeSettings} />
        </Suspense>
      ) : null}
    </ConsentContext.Provider>
  );
}

/** The brief's privacy popup: a labelled, non-modal region with buttons of equal weight. */
function ConsentBanner() {
  const { submitChoice, openSettings } = useConsent();
  const { banner } = copy;
  return (
    <section
      id="consent-banner"
      aria-labelledby="consent-banner-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-xl rounded-card border border-line bg-raised p-4 shadow-card sm:p-5"
    >
      <form method="post" action={consentActionPath} onSubmit={submitChoice}>
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
          <Button
            type="submit"
            name="choice"
            value="customize"
            variant="secondary"
            className="px-3"
            onClick={(event) => {
              event.preventDefault();
              openSettings();
            }}
          >
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

/** The footer's "Cookie settings": the settings page without JavaScript, the dialog with it. */
export function CookieSettingsLink({ className }: { className: string }) {
  const { openSettings } = useConsent();
  const path = usePagePath();
  return (
    <a
      href={`${cookieSettingsPath}?returnTo=${encodeURIComponent(path)}`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        openSettings();
      }}
    >
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
  const { view, submitChoice } = useConsent();
  if (view.decided && view.forms) return <>{children}</>;
  const provider = new URL(src).hostname;
  const fill = (text: string) => text.replaceAll("{provider}", provider);
  return (
    <div className={`${box} flex flex-col items-center justify-center gap-4 bg-surface p-6 text-center`}>
      <p className="font-bold">{fill(copy.placeholder.title)}</p>
      <p className="max-w-sm text-sm text-ink-muted">{fill(copy.placeholder.description)}</p>
      <form method="post" action={consentActionPath} onSubmit={submitChoice}>
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

