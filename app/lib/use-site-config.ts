import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "#app/config/env.ts";
import type { RootData } from "#app/root.tsx";

/** The deployment's public configuration, loaded once by the root route. */
export function useSiteConfig(): PublicConfig {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("The root loader data is missing");
  return data.config;
}
