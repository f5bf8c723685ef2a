import { env } from "#app/platform/env.server.ts";

export function loader() {
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${env.SITE_URL}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
