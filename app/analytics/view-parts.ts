// What a counted view keeps of its request, worked out when the views are flushed (never on the
// request's path): the device class from the User-Agent, the referring site's host, whether the
// view starts a visit, and the campaign from the address's `utm_` parameters.

export type Device = "mobile" | "tablet" | "desktop";

/** The device class a User-Agent names: phones, tablets, everything else. */
export function deviceClass(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The Referer's address when it is a web page's (http or https), or null. */
function refererUrl(referer: string | undefined) {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : null;
}

/** Whether `url` is this site's: on one of `ownHosts` (URL gives the host in lower case). */
const isOwn = (url: URL, ownHosts: ReadonlySet<string>) => ownHosts.has(url.hostname);

/**
 * The referring site's host (without "www."), or null: none, unreadable, or this site itself
 * (`ownHosts`).
 */
export function referrerHost(referer: string | undefined, ownHosts: ReadonlySet<string>): string | null {
  const url = refererUrl(referer);
  if (!url || isOwn(url, ownHosts)) return null;
  return url.hostname.replace(/^www\./, "").slice(0, 100) || null;
}

/**
 * Whether a view starts a visit: the page was opened from anywhere but another page of this site
 * (another site, a link in an e-mail or an app, a bookmark, the address typed). Browsers name the
 * page a link was followed from in the Referer, and this site's Referrer-Policy
 * (strict-origin-when-cross-origin) keeps it whole between its own pages, so a visitor's further
 * pages are views of the same visit (decision 042).
 */
export function startsVisit(referer: string | undefined, ownHosts: ReadonlySet<string>) {
  const url = refererUrl(referer);
  return !url || !isOwn(url, ownHosts);
}

/**
 * Whether a view comes from the same page of this site: a form's confirmation after its post, a
 * day or time zone chosen on the booking page. It is the same visit to that page, not another
 * view of it, or every form would count a view more per person who sends it.
 */
export function fromSamePage(referer: string | undefined, path: string, ownHosts: ReadonlySet<string>) {
  const url = refererUrl(referer);
  return (
    url !== null &&
    isOwn(url, ownHosts) &&
    url.pathname.replace(/\/+$/, "").toLowerCase() === path.replace(/\/+$/, "").toLowerCase()
  );
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
