import { env } from "#app/platform/env.server.ts";
import { pageList } from "#app/site/pages.ts";
import { jobPath, openJobs } from "#app/careers/jobs.ts";
import { absoluteUrl } from "#app/site/seo.ts";
import { now } from "#app/platform/clock.ts";

export function loader() {
  const paths = [...pageList.filter((page) => page.sitemap).map((page) => page.path), ...openJobs(now()).map(jobPath)];
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
