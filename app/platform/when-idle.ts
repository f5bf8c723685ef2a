/**
 * Runs `callback` once the browser has nothing else to do, or after a second at the latest (a
 * busy page could put it off for good); a short timer where there is no requestIdleCallback.
 */
export function whenIdle(callback: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback, { timeout: 1000 });
  else setTimeout(callback, 50);
}
