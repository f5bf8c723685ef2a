import { useRouteLoaderData } from "react-router";
import type { PrivacyNotice } from "./privacy-config.ts";

/** What the pages promise of the data, from the root route's data (app/root.tsx gives it). */
export function usePrivacyNotice(): PrivacyNotice {
  const notice = useRouteLoaderData<{ config: PrivacyNotice }>("root")?.config;
  if (!notice) throw new Error("The root loader data is missing");
  return notice;
}
