import { createContext, useContext } from "react";
import { useLocation } from "react-router";
import type { ConsentView } from "./consent-cookie.ts";
import { withoutTrailingSlash } from "#app/platform/uri.ts";

// What the consent manager's parts share: the visitor's choice, as the page was rendered for it.

export type ConsentContextValue = {
  view: ConsentView;
  showBanner: boolean;
};

export const ConsentContext = createContext<ConsentContextValue | null>(null);

export function useConsent() {
  const value = useContext(ConsentContext);
  if (!value) throw new Error("useConsent needs a ConsentProvider");
  return value;
}

/** This page's path, as a place to come back to ("/about", never "/about/"). */
export function usePagePath() {
  const { pathname, search } = useLocation();
  return `${withoutTrailingSlash(pathname)}${search}`;
}

/**
 * Where the answer to a choice leads: this page, and with `anchor` the element of that id, so a
 * choice made at a place in the page (a frame's "Load form") comes back to that place, not the top.
 */
export function useReturnPath(anchor?: string) {
  const path = usePagePath();
  return anchor ? `${path}#${anchor}` : path;
}

export function ReturnTo({ anchor }: { anchor?: string }) {
  return <input type="hidden" name="returnTo" value={useReturnPath(anchor)} />;
}
