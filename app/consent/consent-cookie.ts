import { pages, statusPagePath } from "#app/site/pages.ts";
import { cookieValue } from "#app/platform/cookies.ts";
import { decodedOrNull } from "#app/platform/uri.ts";

// The visitor's cookie choice, which the server renders pages for. Kept in one first-party cookie:
//   site_consent=<consent id>.<revision>.<categories joined by +>.<time in ms>
// A cookie from an older revision counts as no choice, so raising CONSENT_REVISION asks again.

export const consentCookieName = "site_consent";
export const consentActionPath = "/consent";
/** Sent by the banner's script: the choice is made in the page, answered 204 with the cookie, no page. */
export const consentInPageHeader = "x-consent-in-page";
export const cookieSettingsPath = pages.cookieSettings.path;
export const consentMaxAgeSeconds = 182 * 24 * 60 * 60; // six months

export type Consent = { id: string; revision: number; forms: boolean; at: number };

/** What a page shows: the banner (no choice yet), or the frames allowed or not. */
export type ConsentView = { decided: false } | { decided: true; forms: boolean };

export const undecided: ConsentView = { decided: false };

export function categoriesOf(consent: Pick<Consent, "forms">) {
  return ["necessary", ...(consent.forms ? ["forms"] : [])];
}

export function serializeConsent(consent: Consent) {
  return [consent.id, consent.revision, categoriesOf(consent).join("+"), consent.at].join(".");
}

export function parseConsent(value: string | undefined | null, revision: number): Consent | null {
  if (!value) return null;
  const decoded = decodedOrNull(value);
  if (decoded === null) return null;
  const [id, rev, categories, at] = decoded.split(".");
  if (!id || !/^[\w-]{8,64}$/.test(id) || Number(rev) !== revision || !categories || !/^\d+$/.test(at ?? ""))
    return null;
  const list = categories.split("+");
  if (!list.includes("necessary")) return null;
  return { id, revision, forms: list.includes("forms"), at: Number(at) };
}

/** The consent cookie's value from a Cookie header (or document.cookie). */
export function consentFromCookies(cookieHeader: string | null | undefined, revision: number) {
  return parseConsent(cookieValue(cookieHeader, consentCookieName), revision);
}

/** Whether a choice form accepts third-party forms; null when it is not a choice ("customize"). */
export function formsChosen(choice: unknown, forms: unknown): boolean | null {
  if (choice === "all") return true;
  if (choice === "necessary") return false;
  if (choice === "save") return forms === "on";
  return null;
}

export function viewOf(consent: Consent | null): ConsentView {
  return consent ? { decided: true, forms: consent.forms } : undecided;
}

/** The prerendered variant of a page for a view: one file per state, chosen by the server. */
export type ConsentVariant = "undecided" | "necessary" | "forms";
export function variantOf(view: ConsentView): ConsentVariant {
  if (!view.decided) return "undecided";
  return view.forms ? "forms" : "necessary";
}

/** The longest way back kept: a longer one loses its query, then goes home (decision 045). */
export const maxReturnPath = 200;
const base = "http://site.invalid";

/**
 * A same-site path to go back to after a choice; anything else goes home. Normalised (dot
 * segments resolved), never nested (its own `returnTo` is dropped), never the settings page or a
 * status page (their footers would link to themselves), and at most `maxReturnPath` characters:
 * an address built from it cannot grow hop after hop (decision 045).
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 2048 || !/^\/(?![/\\])[^\s]*$/.test(value)) return "/";
  const url = new URL(value, base);
  if (url.origin !== base) return "/";
  const path = url.pathname.toLowerCase().replace(/\/+$/, "");
  if (path === cookieSettingsPath || path.startsWith(statusPagePath(0).replace(/0$/, ""))) return "/";
  if (url.searchParams.has("returnTo")) url.searchParams.delete("returnTo");
  for (const kept of [`${url.pathname}${url.search}${url.hash}`, `${url.pathname}${url.hash}`, url.pathname])
    if (kept.length <= maxReturnPath) return kept;
  return "/";
}

/** The cookie settings page's address, leading back to `from` (a page and place on it) when that is a way back. */
export function cookieSettingsHref(from: string) {
  const back = safeReturnPath(from);
  return back === "/" ? cookieSettingsPath : `${cookieSettingsPath}?returnTo=${encodeURIComponent(back)}`;
}
