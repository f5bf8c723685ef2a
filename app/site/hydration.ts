import { useMatches } from "react-router";

// Pages are HTML and CSS only unless a route asks for JavaScript: everything on the content
// pages (navigation, the menu, cookie choices, frames) works as plain links and forms, so they
// load no script at all. The form pages hydrate, for checks as the visitor types
// (docs/decisions/012-performance.md).

export const hydrateHandle = { hydrate: true } as const;

/** Whether a page whose matched routes have these handles loads React Router's scripts. */
export function hydrates(handles: unknown[]) {
  return handles.some((handle) => (handle as { hydrate?: boolean } | undefined)?.hydrate === true);
}

/** Whether the page being rendered loads React Router's scripts. */
export function useHydration() {
  return hydrates(useMatches().map((match) => match.handle));
}
