import { type ComponentType, type ReactNode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { useHydratedMark } from "./hydrated-mark.ts";
import { islandId, islandPropsId } from "./island-ids.ts";

/**
 * Hydrates the island `name` (rendered by `<Island>`, app/site/island.tsx) with `component` and the
 * props the server rendered it with, then marks the page `data-hydrated`.
 */
export function hydrateIsland<Props extends object>(name: string, component: ComponentType<Props>) {
  const container = document.getElementById(islandId(name));
  const props = document.getElementById(islandPropsId(name))?.textContent;
  if (!container || !props) return;
  const Component = component;
  // In a transition, React hydrates at a transition's priority, in slices of about 5 ms with the
  // browser's turn between them; a plain `hydrateRoot` hydrates at the default priority, which
  // React never slices: the whole form in one task (issue 32). Form controls' events wait for
  // `data-hydrated` meanwhile (app/site/island.tsx), so nothing asks React to hurry.
  startTransition(() => {
    hydrateRoot(
      container,
      <Hydrated>
        <Component {...(JSON.parse(props) as Props)} />
      </Hydrated>,
    );
  });
}

function Hydrated({ children }: { children: ReactNode }) {
  useHydratedMark();
  return children;
}
