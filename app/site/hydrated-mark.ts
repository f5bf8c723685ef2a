import { useEffect } from "react";
import { whenIdle } from "#app/platform/when-idle.ts";

/**
 * Marks the page `data-hydrated` once React has taken it over (or its island) and the browser is
 * idle: form controls then reach React (app/site/island.tsx), and tests know React is in charge.
 */
export function useHydratedMark() {
  useEffect(() => {
    whenIdle(() => {
      document.documentElement.dataset.hydrated = "";
    });
  }, []);
}
