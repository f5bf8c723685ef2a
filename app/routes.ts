import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { bookingRoutes } from "./booking/booking-links.ts";
import { careersRoutes } from "./careers/jobs.ts";
import { consentActionPath } from "./consent/consent-cookie.ts";
import { generatedFiles, pages, statusPageRoute } from "./site/pages.ts";
import { workspaceRoutes } from "./workspace/workspace-paths.ts";

// Every route module, by the capability folder it lives in (docs/architecture.md), at the address
// its capability's registry gives it: the links are built from the same registries.
export default [
  index("pages/home-page.tsx"),
  route(pages.about.path, "pages/about-page.tsx"),
  route(pages.features.path, "pages/features-page.tsx"),
  route(pages.login.path, "pages/login-page.tsx"),
  route(pages.download.path, "pages/download-page.tsx"),
  route(generatedFiles.sitemap, "pages/sitemap-xml.ts"),
  route(generatedFiles.robots, "pages/robots-txt.ts"),

  route(careersRoutes.list, "careers/careers-page.tsx"),
  route(careersRoutes.posting, "careers/job-posting-page.tsx"),
  route(careersRoutes.apply, "careers/job-application-page.tsx"),

  route(pages.contact.path, "contact/contact-page.tsx"),
  route(bookingRoutes.page, "booking/booking-page.tsx"),
  route(bookingRoutes.manage, "booking/manage-page.tsx"),

  route(pages.cookieSettings.path, "consent/cookie-settings-page.tsx"),
  route(pages.privacy.path, "privacy/privacy-page.tsx"),
  route(consentActionPath, "consent/consent-action.ts"),

  layout("workspace/workspace-layout.tsx", [
    route(workspaceRoutes.inbox, "workspace/inbox-page.tsx"),
    route(workspaceRoutes.signIn, "workspace/sign-in-page.tsx"),
    route(workspaceRoutes.enrol, "workspace/enrol-page.tsx"),
    route(workspaceRoutes.submission, "workspace/submission-page.tsx"),
    route(workspaceRoutes.passkeys, "workspace/passkeys-page.tsx"),
    route(workspaceRoutes.people, "workspace/people-page.tsx"),
    route(workspaceRoutes.audit, "workspace/audit-page.tsx"),
    route(workspaceRoutes.requests, "workspace/requests-page.tsx"),
    route(workspaceRoutes.analytics, "workspace/analytics-page.tsx"),
  ]),
  route(workspaceRoutes.analyticsExport, "workspace/analytics-export.ts"),
  route(workspaceRoutes.addPasskey, "workspace/add-passkey.ts"),
  route(workspaceRoutes.requestsExport, "workspace/requests-export.ts"),
  route(workspaceRoutes.export, "workspace/inbox-export.ts"),
  route(workspaceRoutes.signInPasskey, "workspace/sign-in-passkey.ts"),
  route(workspaceRoutes.openIdCallback, "workspace/sign-in-openid-callback.ts"),
  route(workspaceRoutes.enrolPasskey, "workspace/enrol-passkey.ts"),
  route(workspaceRoutes.signOut, "workspace/sign-out.ts"),
  route(workspaceRoutes.file, "workspace/submission-file.ts"),

  route(statusPageRoute, "site/status-page.tsx"),
  route("*", "site/not-found-page.tsx"),
] satisfies RouteConfig;
