import { normalEmail } from "../people/staff.server.ts";

// What an ID token's claims say about who may open the workspace (decision 019). The provider
// vouches for an address; the workspace then lets in staff with that address, and people of the
// allowed domain.

export type OpenIdProvider = "google" | "microsoft" | "other";

/** Which provider an issuer is: Google and Microsoft say differently that an address is verified. */
export function openIdProvider(issuer: string): OpenIdProvider {
  const host = new URL(issuer).hostname;
  if (host === "accounts.google.com") return "google";
  if (host === "login.microsoftonline.com") return "microsoft";
  return "other";
}

export type Vouched = { email: string; inAllowedDomain: boolean };

/**
 * The address the provider vouches for (lower-cased) and whether it is in the allowed domain, or
 * null when the token vouches for none.
 *
 * - Verified means `email_verified: true`. Microsoft Entra never sends that claim for work
 *   accounts; it says the same with the optional claim `xms_edov` (the address's domain is
 *   verified by the tenant), which the app registration must add.
 * - Google vouches for an address of the company's domain only from the company's Workspace
 *   (`hd`): a personal Google account can carry any address its owner once received mail at.
 */
export function vouchedEmail(
  claims: Record<string, unknown>,
  { provider, allowedDomain }: { provider: OpenIdProvider; allowedDomain: string | null },
): Vouched | null {
  if (typeof claims.email !== "string") return null;
  const email = normalEmail(claims.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
  const verified =
    claims.email_verified === true ||
    (provider === "microsoft" && claims.email_verified === undefined && claims.xms_edov === true);
  if (!verified) return null;
  const inAllowedDomain = allowedDomain !== null && email.slice(email.lastIndexOf("@") + 1) === allowedDomain;
  if (provider === "google" && inAllowedDomain && claims.hd !== allowedDomain) return null;
  return { email, inAllowedDomain };
}
