/** Runs `callback` once the browser has nothing else to do (a short timer where there is no requestIdleCallback). */
export function whenIdle(callback: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback);
  else setTimeout(callback, 50);
}
