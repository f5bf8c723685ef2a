// What a counted view keeps of its request, worked out when the views are flushed (never on the
// request's path): the device class from the User-Agent, the referring site's host, the campaign
// from the address's `utm_` parameters, and the client's address through trusted proxies (only
// ever hashed with the day's salt, never kept).

export type Device = "mobile" | "tablet" | "desktop";

/** The device class a User-Agent names: phones, tablets, everything else. */
export function deviceClass(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  return "desktop";
}

/**
 * The referring site's host (without "www."), or null: none, unreadable, or this site itself
 * (`ownHosts`, or the host the request was sent to).
 */
export function referrerHost(
  referer: string | undefined,
  ownHosts: ReadonlySet<string>,
  requestHost?: string,
): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase();
  if (ownHosts.has(host) || host === requestHost?.replace(/:\d+$/, "").toLowerCase()) return null;
  return host.replace(/^www\./, "").slice(0, 100) || null;
}

/**
 * Whether a view comes from the same page of this site: a form's confirmation after its post, a
 * day or time zone chosen on the booking page. It is the same visit to that page, not another
 * view of it, or every form would count a view more per person who sends it.
 */
export function fromSamePage(
  referer: string | undefined,
  path: string,
  ownHosts: ReadonlySet<string>,
  requestHost?: string,
) {
  if (!referer) return false;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const own = ownHosts.has(host) || host === requestHost?.replace(/:\d+$/, "").toLowerCase();
  return own && url.pathname.replace(/\/+$/, "").toLowerCase() === path.replace(/\/+$/, "").toLowerCase();
}

export type Campaign = { source: string | null; medium: string | null; campaign: string | null };

/** A campaign parameter as counted: trimmed, lower case, at most 100 characters; null when empty. */
const parameter = (value: string | null) => {
  const cleaned = value?.trim().toLowerCase().slice(0, 100);
  return cleaned ? cleaned : null;
};

/** The campaign an address names with `utm_source`, `utm_medium` and `utm_campaign`; nothing else of the query is kept. */
export function campaignOf(url: string | undefined): Campaign {
  const queryStart = url?.indexOf("?") ?? -1;
  if (!url || queryStart === -1) return { source: null, medium: null, campaign: null };
  const query = new URLSearchParams(url.slice(queryStart + 1));
  return {
    source: parameter(query.get("utm_source")),
    medium: parameter(query.get("utm_medium")),
    campaign: parameter(query.get("utm_campaign")),
  };
}

/**
 * The client's address as Express's `req.ip` finds it: from the socket's peer back through
 * X-Forwarded-For while each hop is a trusted proxy.
 */
export function clientAddress(
  remote: string | undefined,
  forwardedFor: string | undefined,
  trusted: (address: string, hop: number) => boolean,
) {
  // One hop, the common case behind a proxy or none: no lists made.
  if (!forwardedFor) return remote ?? "";
  if (!forwardedFor.includes(",")) return trusted(remote ?? "", 0) ? forwardedFor.trim() : (remote ?? "");
  const hops = [
    remote ?? "",
    ...forwardedFor
      .split(",")
      .map((hop) => hop.trim())
      .reverse(),
  ];
  for (let hop = 0; hop < hops.length - 1; hop += 1) {
    if (!trusted(hops[hop] as string, hop)) return hops[hop] as string;
  }
  return hops.at(-1) as string;
}
