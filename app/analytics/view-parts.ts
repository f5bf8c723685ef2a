// What a counted view keeps of its request, worked out when the views are flushed (never on the
// request's path): the device class from the User-Agent, where the view came from (the referring
// site's host, or a page of this site: whether it starts a visit), and the campaign from the
// address's `utm_` parameters.

export type Device = "mobile" | "tablet" | "desktop";

/** The device class a User-Agent names: phones, tablets, everything else. */
export function deviceClass(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  return "desktop";
}

/**
 * Where a view came from, as its Referer says: a page of this site (`ownPath`, its path), or
 * another site (`site`, its host without "www."; null when it has none), or nowhere readable
 * (both null: no Referer, not an http or https address).
 */
export type Referral = { ownPath: string | null; site: string | null };

/**
 * The Referer read once: this site's pages are those on `ownHosts`. A view from nowhere or from
 * another site starts a visit (another site, a link in an e-mail or an app, a bookmark, the
 * address typed); a view from one of this site's pages is a view of the same visit, since this
 * site's Referrer-Policy (strict-origin-when-cross-origin) keeps the Referer whole between its
 * own pages (decision 042).
 */
export function referralOf(referer: string | undefined, ownHosts: ReadonlySet<string>): Referral {
  if (!referer) return { ownPath: null, site: null };
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return { ownPath: null, site: null };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ownPath: null, site: null };
  // URL gives the host in lower case.
  if (ownHosts.has(url.hostname)) return { ownPath: url.pathname, site: null };
  return { ownPath: null, site: url.hostname.replace(/^www\./, "").slice(0, 100) || null };
}

/**
 * Whether a view comes from the same page of this site (`ownPath`, from referralOf): a form's
 * confirmation after its post, a day or time zone chosen on the booking page. It is the same
 * visit to that page, not another view of it, or every form would count a view more per person
 * who sends it.
 */
export const isSamePage = (ownPath: string, path: string) =>
  ownPath.replace(/\/+$/, "").toLowerCase() === path.replace(/\/+$/, "").toLowerCase();

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
