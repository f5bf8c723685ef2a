import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { pages } from "./content/pages.ts";

export default [
  index(pages.home.file),
  route(pages.about.path, pages.about.file),
  route(pages.features.path, pages.features.file),
  route(pages.careers.path, pages.careers.file),
  route(`${pages.careers.path}/:slug`, "routes/job-posting.tsx"),
  // Also /careers/apply, a general application: static segments outrank :slug.
  route(`${pages.careers.path}/:slug?/apply`, "routes/job-application.tsx"),
  route(pages.login.path, pages.login.file),
  route(pages.contact.path, pages.contact.file),
  route(pages.download.path, pages.download.file),
  route(pages.cookieSettings.path, pages.cookieSettings.file),
  route("consent", "routes/consent.ts"),
  route("__status/:code", "routes/status-page.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
