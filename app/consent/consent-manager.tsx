import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { consent as copy } from "./consent-content.ts";
import {
  consentActionPath,
  consentInPageHeader,
  cookieSettingsHref,
  cookieSettingsPath,
  type ConsentView,
} from "./consent-cookie.ts";
import { ConsentContext, ReturnTo, useConsent, useReturnPath } from "./consent-context.tsx";
import { Button, buttonClasses, CloseButton } from "#app/ui/button.tsx";
import { withoutTrailingSlash } from "#app/platform/uri.ts";
import { useNonce } from "#app/site/nonce.ts";
import { useOptionalSiteConfig } from "#app/site/use-site-config.ts";

// The consent manager in the page: the banner, the footer's link to the settings, and the gate
// every frame follows. Each choice is a form posted to /consent, whose answer brings the visitor
// back to the page, rendered for the new choice: no page runs React Router's scripts for it
// (decision 028). With JavaScript, the banner's choices are sent in the page instead (its inline script).

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

/** Marks a frame's placeholder, which holds its frame in a template: a choice made in the page that allows it puts the frame in its place. */
const gateAttribute = "data-consent-gate";

/**
 * With JavaScript, a choice from the banner is sent in the page (answered 204, the cookie set) and
 * the banner goes: the visitor stays where they were, without a reload. When the choice allows the
 * frames, each placeholder gives way to its frame (same box: nothing moves). "Accept Individual",
 * and any answer but 204 (the rate limit), go on as the form they are.
 */
const inPageScript =
  `(()=>{const b=document.getElementById("consent-banner"),f=b&&b.querySelector("form");if(!f)return;` +
  `f.addEventListener("submit",async(e)=>{const s=e.submitter;if(!s||s.value==="customize"||f.dataset.sent)return;` +
  `e.preventDefault();f.dataset.sent="1";const d=new FormData(f,s);let ok=false;` +
  `try{ok=(await fetch(f.action,{method:"POST",body:new URLSearchParams(d),headers:{${JSON.stringify(consentInPageHeader)}:"1"},redirect:"manual"})).status===204}catch{}` +
  `if(!ok){f.requestSubmit(s);return}` +
  `if(d.get("choice")==="all")for(const g of document.querySelectorAll("[${gateAttribute}]")){const t=g.querySelector("template");if(t)g.replaceWith(t.content)}` +
  `b.remove()})})()`;

/**
 * The brief's privacy popup: a labelled, non-modal region with buttons of equal weight, kept to a
 * strip along a phone's or a tablet's bottom (a quarter of a phone's first screen at most, one row
 * of buttons from 640 px), a card in a desktop's bottom right corner, clear of the pages' calls to
 * action on the left; edged in the brand's colour so it stands apart in both themes.
 */
function ConsentBanner() {
  const { banner } = copy;
  const config = useOptionalSiteConfig();
  const nonce = useNonce();
  // Unknown around an error page: the wording that names third-party forms promises less.
  const embeds = config ? Boolean(config.newsletterEmbedUrl || config.loginEmbedUrl) : true;
  // 40 px high: the banner stays within a quarter of a phone's screen with two rows of them.
  const choice = "min-h-10! px-3 py-1.5 text-sm whitespace-nowrap";
  return (
    <section
      id="consent-banner"
      aria-labelledby="consent-banner-title"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto max-w-3xl rounded-card border-2 border-brand bg-raised p-3 shadow-card sm:inset-x-4 sm:bottom-4 sm:px-5 sm:py-4 lg:right-6 lg:bottom-6 lg:left-auto lg:w-[36rem]"
    >
      <form method="post" action={consentActionPath} className="space-y-2.5">
        <input type="hidden" name="source" value="banner" />
        <ReturnTo />
        <div>
          <h2 id="consent-banner-title" className="pr-10 text-sm font-bold sm:text-base">
            {banner.title}
          </h2>
          <p className="mt-0.5 text-sm leading-5 text-ink-muted">
            {embeds ? banner.description : banner.descriptionNoEmbeds}
          </p>
        </div>
        {/* Three buttons of equal weight: refusing is as easy as accepting. Two rows on a phone, one from 640 px. */}
        <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3 sm:gap-2">
          <Button type="submit" name="choice" value="necessary" variant="secondary" className={choice}>
            {banner.necessaryOnly}
          </Button>
          {/* Leads to the cookie settings page, and back here once saved. */}
          <Button
            type="submit"
            name="choice"
            value="customize"
            variant="secondary"
            className={`${choice} col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto`}
          >
            {banner.acceptIndividual}
          </Button>
          <Button type="submit" name="choice" value="all" variant="secondary" className={choice}>
            {banner.acceptAll}
          </Button>
        </div>
        <CloseButton
          type="submit"
          name="choice"
          value="necessary"
          label={banner.close}
          className="absolute top-2 right-2 sm:top-3 sm:right-3"
        />
      </form>
      {/* The banner is the server's HTML (no page hydrates it); React would not run a script it renders in the browser. */}
      {import.meta.env.SSR ? (
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own script, no data in it
          dangerouslySetInnerHTML={{ __html: inPageScript }}
        />
      ) : null}
    </section>
  );
}

/** The footer's "Cookie settings" link: its id is where the settings page leads back to. */
const cookieSettingsLinkId = "cookie-settings";

/** The footer's "Cookie settings": the settings page, which leads back here, to the footer it was opened from. */
export function CookieSettingsLink({ className }: { className: string }) {
  const returnTo = useReturnPath(cookieSettingsLinkId);
  return (
    <a id={cookieSettingsLinkId} href={cookieSettingsHref(returnTo)} className={className}>
      {copy.footerLink}
    </a>
  );
}

/** A third-party form frame that loads only once "third-party forms" is accepted. */
export function ConsentGate({
  id,
  src,
  box,
  children,
}: {
  /** The frame's id, which its placeholder carries too: "Load form" comes back to it. */
  id: string;
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
    <div
      id={id}
      {...{ [gateAttribute]: "" }}
      className={`${box} flex flex-col items-center justify-center gap-4 bg-surface p-6 text-center`}
    >
      <p className="font-bold">{fill(copy.placeholder.title)}</p>
      <p className="max-w-sm text-sm text-ink-muted">{fill(copy.placeholder.description)}</p>
      {/* Inert until a choice made in the page allows it (the banner's script). */}
      <template>{children}</template>
      <form method="post" action={consentActionPath}>
        <input type="hidden" name="source" value="placeholder" />
        <input type="hidden" name="forms" value="on" />
        {/* Back to this place, where the frame will be, not to the top of the page. */}
        <ReturnTo anchor={id} />
        <button type="submit" name="choice" value="save" className={buttonClasses("primary")}>
          {copy.placeholder.load}
        </button>
      </form>
    </div>
  );
}
