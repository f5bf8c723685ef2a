import { type ComponentType, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { whenIdle } from "#app/platform/when-idle.ts";
import { islandId, islandPropsId } from "./island-ids.ts";

/**
 * Hydrates the island `name` (rendered by `<Island>`, app/site/island.tsx) with `component` and the
 * props the server rendered it with. The page marks itself `data-hydrated` once React has taken
 * over and the browser is idle: the form controls then reach React, and tests know it is done.
 */
export function hydrateIsland<Props extends object>(name: string, component: ComponentType<Props>) {
  const container = document.getElementById(islandId(name));
  const props = document.getElementById(islandPropsId(name))?.textContent;
  if (!container || !props) return;
  const Component = component;
  hydrateRoot(
    container,
    <Hydrated>
      <Component {...(JSON.parse(props) as Props)} />
    </Hydrated>,
  );
}

function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    whenIdle(() => {
      document.documentElement.dataset.hydrated = "";
    });
  }, []);
  return children;
}
