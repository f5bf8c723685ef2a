import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "#app/platform/env.ts";

/** What the frame and every page read from the root route's data (app/root.tsx's loader gives it). */
export type SiteRootData = { config: PublicConfig };

/** The deployment's public configuration, loaded once by the root route. */
export function useSiteConfig(): PublicConfig {
  const config = useOptionalSiteConfig();
  if (!config) throw new Error("The root loader data is missing");
  return config;
}

/**
 * The same, or null where the root's loader did not run: the frame around an error page (a 405
 * is answered before any loader), which must still render.
 */
export function useOptionalSiteConfig(): PublicConfig | null {
  return useRouteLoaderData<SiteRootData>("root")?.config ?? null;
}
