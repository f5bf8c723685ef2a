import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import { consent as copy } from "./consent-content.ts";
import { type ConsentView, consentActionPath, consentFromCookies, cookieSettingsPath, formsChosen, viewOf } from "./consent-cookie.ts";
import { withoutTrailingSlash } from "#app/platform/uri.ts";
import { Button, buttonClasses, CloseButton } from "#app/ui/button.tsx";

// The consent manager in the page: the banner, the settings dialog, and the state every frame
// follows. Each choice is a form posted to /consent, so it works without JavaScript; with
// JavaScript the same forms are sent in the background and the page updates at once.

type ConsentContextValue = {
  view: ConsentView;
  /** How many choices were made on this page (the settings page confirms each). */
  choices: number;
  showBanner: boolean;
  /** Sends a choice form in the background and applies it to the page. */
  submitChoice: (event: FormEvent<HTMLFormElement>) => void;
  openSettings: () => void;
};

const ConsentContext = createContext<ConsentContextValue | null>(null);

export function useConsent() {
  const value = useContext(ConsentContext);
  if (!value) throw new Error("useConsent needs a ConsentProvider");
  return value;
}

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
    const fromCookie = consentFromCookies(document.cookie, revision);
    if (fromCookie) setView((current) => (current.decided && current.forms === fromCookie.forms ? current : viewOf(fromCookie)));
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
      {value.showBanner ? <ConsentBanner /> : null}
      <ConsentDialog open={settings.open} openings={settings.openings} onClose={closeSettings} />
    </ConsentContext.Provider>
  );
}

/** This page's path, as a place to come back to ("/about", never "/about/"). */
function usePagePath() {
  const { pathname, search } = useLocation();
  return `${withoutTrailingSlash(pathname)}${search}`;
}

function ReturnTo() {
  return <input type="hidden" name="returnTo" value={usePagePath()} />;
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

/** The categories and the buttons that save them: in the dialog, and on /cookie-settings. */
export function ConsentSettingsForm({ source, returnTo }: { source: "settings"; returnTo?: string }) {
  const { view, submitChoice } = useConsent();
  const { dialog } = copy;
  return (
    <form method="post" action={consentActionPath} onSubmit={submitChoice} className="space-y-5">
      <input type="hidden" name="source" value={source} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : <ReturnTo />}
      <fieldset className="space-y-4">
        <legend className="sr-only">{dialog.title}</legend>
        <ConsentCategory
          id="consent-necessary"
          label={
            <>
              {dialog.categories.necessary.title} <span className="font-normal text-ink-muted">({dialog.categories.necessary.alwaysOn})</span>
            </>
          }
          description={dialog.categories.necessary.description}
        >
          <input id="consent-necessary" type="checkbox" checked disabled className="mt-1 size-5 shrink-0" aria-describedby="consent-necessary-text" />
        </ConsentCategory>
        <ConsentCategory id="consent-forms" label={dialog.categories.forms.title} description={dialog.categories.forms.description}>
          <input
            id="consent-forms"
            type="checkbox"
            name="forms"
            value="on"
            defaultChecked={view.decided && view.forms}
            key={view.decided && view.forms ? "on" : "off"}
            className="mt-1 size-5 shrink-0 accent-[var(--color-brand)]"
            aria-describedby="consent-forms-text"
          />
        </ConsentCategory>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Button type="submit" name="choice" value="necessary" variant="secondary">
          {dialog.rejectAll}
        </Button>
        <Button type="submit" name="choice" value="save" variant="secondary">
          {dialog.save}
        </Button>
        <Button type="submit" name="choice" value="all" variant="secondary">
          {dialog.acceptAll}
        </Button>
      </div>
    </form>
  );
}

/** A real modal dialog: focus moves in, Escape closes it, focus goes back where it was. */
function ConsentDialog({ open, openings, onClose }: { open: boolean; openings: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, openings]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="consent-dialog-title"
      aria-describedby="consent-dialog-text"
      onClose={() => {
        onClose();
        if (returnFocus.current instanceof HTMLElement && returnFocus.current.isConnected) returnFocus.current.focus();
      }}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[min(36rem,calc(100%-1.5rem))] overflow-y-auto rounded-panel border border-line bg-raised p-6 text-ink shadow-card backdrop:bg-black/50 sm:p-8"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="consent-dialog-title" className="text-2xl font-extrabold tracking-tight">
          {copy.dialog.title}
        </h2>
        <CloseButton onClick={onClose} label={copy.dialog.close} />
      </div>
      <p id="consent-dialog-text" className="mt-2 mb-6 text-ink-muted">
        {copy.dialog.description}
      </p>
      {open ? <ConsentSettingsForm source="settings" /> : null}
    </dialog>
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

/** One cookie category in the settings: its checkbox (the child, with id `id`), label and description. */
function ConsentCategory({ id, label, description, children }: { id: string; label: ReactNode; description: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-control border border-line p-4">
      {children}
      <div>
        <label htmlFor={id} className="font-bold">
          {label}
        </label>
        <p id={`${id}-text`} className="text-sm text-ink-muted">
          {description}
        </p>
      </div>
    </div>
  );
}
