import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { bookingRoutes } from "./booking/booking-links.ts";
import { careersRoutes } from "./careers/jobs.ts";
import { consentActionPath } from "./consent/consent-cookie.ts";
import { generatedFiles, mediaRoute, pages, statusPageRoute } from "./site/pages.ts";
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
  route(mediaRoute, "pages/media-file.ts"),

  route(careersRoutes.list, "careers/careers-page.tsx"),
  route(careersRoutes.posting, "careers/job-posting-page.tsx"),
  route(careersRoutes.apply, "careers/job-application-page.tsx"),

  route(pages.contact.path, "contact/contact-page.tsx"),
  route(bookingRoutes.page, "booking/booking-page.tsx"),
  route(bookingRoutes.manage, "booking/manage-page.tsx"),
  route(bookingRoutes.invitation, "booking/invitation-file.ts", { id: "booking/invitation-file" }),
  route(bookingRoutes.manageInvitation, "booking/invitation-file.ts", { id: "booking/manage-invitation-file" }),

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
    route(workspaceRoutes.agenda, "workspace/agenda-page.tsx"),
    route(workspaceRoutes.postings, "workspace/postings-page.tsx"),
    route(workspaceRoutes.newPosting, "workspace/posting-page.tsx", { id: "new-posting" }),
    route(workspaceRoutes.posting, "workspace/posting-page.tsx"),
    route(workspaceRoutes.proof, "workspace/proof-page.tsx"),
    route(workspaceRoutes.newProofEntry, "workspace/proof-entry-page.tsx", { id: "new-proof-entry" }),
    route(workspaceRoutes.proofEntry, "workspace/proof-entry-page.tsx"),
    route(workspaceRoutes.analytics, "workspace/analytics-page.tsx"),
  ]),
  // In the site's own frame: the posting exactly as its public page will show it.
  route(workspaceRoutes.postingPreview, "workspace/posting-preview-page.tsx"),
  route(workspaceRoutes.proofPreview, "workspace/proof-preview-page.tsx"),
  route(workspaceRoutes.analyticsExport, "workspace/analytics-export.ts"),
  route(workspaceRoutes.addPasskey, "workspace/add-passkey.ts"),
  route(workspaceRoutes.requestsExport, "workspace/requests-export.ts"),
  route(workspaceRoutes.export, "workspace/inbox-export.ts"),
  route(workspaceRoutes.signInPasskey, "workspace/sign-in-passkey.ts"),
  route(workspaceRoutes.openIdCallback, "workspace/sign-in-openid-callback.ts"),
  route(workspaceRoutes.enrolPasskey, "workspace/enrol-passkey.ts"),
  route(workspaceRoutes.signOut, "workspace/sign-out.ts"),
  route(workspaceRoutes.timeZone, "workspace/time-zone.ts"),
  route(workspaceRoutes.file, "workspace/submission-file.ts"),

  route(statusPageRoute, "site/status-page.tsx"),
  route("*", "site/not-found-page.tsx"),
] satisfies RouteConfig;
