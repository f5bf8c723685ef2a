import type { MetaDescriptor } from "react-router";
import type { PageMeta } from "./content-schema.ts";
import { site } from "./site-content.ts";
import type { SiteRootData } from "./use-site-config.ts";
import { withoutTrailingSlash } from "#app/platform/uri.ts";

type MetaArgsLike = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
  error?: unknown;
};

export function rootData(matches: MetaArgsLike["matches"]): SiteRootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as SiteRootData | undefined;
}

/**
 * Absolute URL of a site path, one per page: without a trailing slash, and in lower case, the
 * case of every address of the site (job slugs are checked), since React Router matches a path
 * in any case: /About is /about.
 */
export function absoluteUrl(siteUrl: string, path: string) {
  return `${siteUrl}${withoutTrailingSlash(path).toLowerCase()}`;
}

/** A page's share image: the site's, or a posting's or case study's own (app/site/share-image.server.ts). */
export type ShareImage = { path: string; width: number; height: number; alt: string };

/** A posting's or case study's share image: its size, and what it says ("Careers · Remote · Full-time" over the title). */
export const shareImageSize = { width: 1200, height: 630 } as const;
export type ShareCard = { label: string; title: string };

/**
 * Every page's head: title, description, canonical URL, Open Graph and Twitter cards. A page that
 * failed (a 404 from its loader) has none of them: its error page writes its own title and
 * `noindex`, and must not be shared or indexed as the page it replaced.
 */
export function pageMeta(
  { matches, location, error }: MetaArgsLike,
  page: PageMeta,
  extra: MetaDescriptor[] = [],
  shareImage: ShareImage = site.shareImage,
): MetaDescriptor[] {
  if (error) return [];
  const siteUrl = rootData(matches)?.config.siteUrl ?? "";
  const url = absoluteUrl(siteUrl, location.pathname);
  const title = `${page.title} | ${site.companyName}`;
  const image = `${siteUrl}${shareImage.path}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.companyName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(shareImage.width) },
    { property: "og:image:height", content: String(shareImage.height) },
    { property: "og:image:alt", content: shareImage.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: shareImage.alt },
    ...extra,
  ] satisfies MetaDescriptor[];
}
