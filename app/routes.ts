import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { pages } from "./site/pages.ts";

// Every route module, by the capability folder it lives in (docs/architecture.md).
export default [
  index("pages/home-page.tsx"),
  route(pages.about.path, "pages/about-page.tsx"),
  route(pages.features.path, "pages/features-page.tsx"),
  route(pages.login.path, "pages/login-page.tsx"),
  route(pages.download.path, "pages/download-page.tsx"),
  route("sitemap.xml", "pages/sitemap-xml.ts"),
  route("robots.txt", "pages/robots-txt.ts"),

  route(pages.careers.path, "careers/careers-page.tsx"),
  route(`${pages.careers.path}/:slug`, "careers/job-posting-page.tsx"),
  // Also /careers/apply, a general application: static segments outrank :slug.
  route(`${pages.careers.path}/:slug?/apply`, "careers/job-application-page.tsx"),

  route(pages.contact.path, "contact/contact-page.tsx"),
  route(pages.meeting.path, "booking/booking-page.tsx"),
  route(`${pages.meeting.path}/manage/:token`, "booking/manage-page.tsx"),

  route(pages.cookieSettings.path, "consent/cookie-settings-page.tsx"),
  route(pages.privacy.path, "privacy/privacy-page.tsx"),
  route("consent", "consent/consent-action.ts"),

  layout("workspace/workspace-layout.tsx", [
    route("workspace", "workspace/inbox-page.tsx"),
    route("workspace/sign-in", "workspace/sign-in-page.tsx"),
    route("workspace/enrol/:token", "workspace/enrol-page.tsx"),
    route("workspace/submissions/:id", "workspace/submission-page.tsx"),
    route("workspace/passkeys", "workspace/passkeys-page.tsx"),
    route("workspace/people", "workspace/people-page.tsx"),
    route("workspace/audit", "workspace/audit-page.tsx"),
    route("workspace/requests", "workspace/requests-page.tsx"),
  ]),
  route("workspace/passkeys/new", "workspace/add-passkey.ts"),
  route("workspace/requests/export", "workspace/requests-export.ts"),
  route("workspace/export/:format", "workspace/inbox-export.ts"),
  route("workspace/sign-in/passkey", "workspace/sign-in-passkey.ts"),
  route("workspace/sign-in/openid/callback", "workspace/sign-in-openid-callback.ts"),
  route("workspace/enrol/:token/passkey", "workspace/enrol-passkey.ts"),
  route("workspace/sign-out", "workspace/sign-out.ts"),
  route("workspace/submissions/:id/files/:position", "workspace/submission-file.ts"),

  route("__status/:code", "site/status-page.tsx"),
  route("*", "site/not-found-page.tsx"),
] satisfies RouteConfig;
