import { useMatches } from "react-router";

// Pages are HTML and CSS only unless a route asks for JavaScript: everything on the content
// pages (navigation, the menu, cookie choices, frames) works as plain links and forms, so they
// load no script at all. The form pages hydrate at the visitor's first interaction, for checks as
// the visitor types (docs/decisions/012-performance.md, 013); pages that cannot work without
// scripts (passkeys live in the browser's JavaScript) hydrate at once.

export const hydrateHandle = { hydrate: true } as const;
export const hydrateAtOnceHandle = { hydrate: "at-once" } as const;

/**
 * A page that brings its own frame: no site header, footer or cookie banner (the staff
 * workspace, which sets no cookie that needs consent).
 */
export const ownFrameHandle = { ownFrame: true } as const;

type Handle = { hydrate?: boolean | "at-once"; ownFrame?: boolean } | undefined;

/** Whether a page whose matched routes have these handles loads React Router's scripts. */
export function hydrates(handles: unknown[]) {
  return handles.some((handle) => Boolean((handle as Handle)?.hydrate));
}

/** Whether its scripts start with the page rather than at the visitor's first interaction. */
export function hydratesAtOnce(handles: unknown[]) {
  return handles.some((handle) => (handle as Handle)?.hydrate === "at-once");
}

/** Whether the page being rendered loads React Router's scripts. */
export function useHydration() {
  return hydrates(useMatches().map((match) => match.handle));
}

/** Whether the page being rendered brings its own frame. */
export function useOwnFrame() {
  return useMatches().some((match) => (match.handle as Handle)?.ownFrame === true);
}
