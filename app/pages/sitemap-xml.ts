import { env } from "#app/platform/env.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { pageList } from "#app/site/pages.ts";
import { jobPath } from "#app/careers/jobs.ts";
import { openPostings } from "#app/careers/postings.server.ts";
import { absoluteUrl } from "#app/site/seo.ts";

// Rendered into memory by the server with the careers pages (server/live-pages.ts): at start and
// whenever the open postings change.
export async function loader() {
  const { db } = await getServices();
  const paths = [
    ...pageList.filter((page) => page.sitemap).map((page) => page.path),
    ...(await openPostings(db)).map(jobPath),
  ];
  const urls = paths.map((path) => `  <url><loc>${absoluteUrl(env.SITE_URL, path)}</loc></url>`);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
