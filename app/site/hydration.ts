import { useMatches } from "react-router";

// Pages are HTML and CSS only unless a route asks for React Router's scripts: everything on the
// content pages (navigation, the menu, cookie choices, frames) works as plain links and forms, and
// the public forms hydrate on their own as islands, without React Router (app/site/island.tsx,
// decision 028). Pages that cannot work without scripts (passkeys live in the browser's
// JavaScript) load React Router's with the page.

export const hydrateHandle = { hydrate: true } as const;

/**
 * A page that brings its own frame: no site header, footer or cookie banner (the staff
 * workspace, which sets no cookie that needs consent).
 */
export const ownFrameHandle = { ownFrame: true } as const;

type Handle = { hydrate?: boolean; ownFrame?: boolean } | undefined;

/** Whether a page whose matched routes have these handles loads React Router's scripts. */
function hydrates(handles: unknown[]) {
  return handles.some((handle) => Boolean((handle as Handle)?.hydrate));
}

/** Whether the page being rendered loads React Router's scripts. */
export function useHydration() {
  return hydrates(useMatches().map((match) => match.handle));
}

/** Whether the page being rendered brings its own frame. */
export function useOwnFrame() {
  return useMatches().some((match) => (match.handle as Handle)?.ownFrame === true);
}
