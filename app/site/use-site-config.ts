import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "#app/platform/env.ts";

/** What the frame and every page read from the root route's data (app/root.tsx's loader gives it). */
export type SiteRootData = { config: PublicConfig };

/** The deployment's public configuration, loaded once by the root route. */
export function useSiteConfig(): PublicConfig {
  const data = useRouteLoaderData<SiteRootData>("root");
  if (!data) throw new Error("The root loader data is missing");
  return data.config;
}
