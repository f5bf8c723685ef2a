import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { bookingRoutes } from "./booking/booking-links.ts";
import { careersRoutes } from "./careers/jobs.ts";
import { consentActionPath } from "./consent/consent-cookie.ts";
import { generatedFiles, mediaRoute, pages, shareImageRoutes, statusPageRoute } from "./site/pages.ts";
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
  route(shareImageRoutes.caseStudy, "pages/case-study-share-image.ts"),

  route(careersRoutes.list, "careers/careers-page.tsx"),
  route(careersRoutes.posting, "careers/job-posting-page.tsx"),
  route(careersRoutes.apply, "careers/job-application-page.tsx"),
  route(shareImageRoutes.posting, "careers/posting-share-image.ts"),

  route(pages.contact.path, "contact/contact-page.tsx"),
  route(bookingRoutes.page, "booking/booking-page.tsx"),
  route(bookingRoutes.manage, "booking/manage-page.tsx"),
  route(bookingRoutes.invitation, "booking/invitation-file.ts", { id: "booking/invitation-file" }),
  route(bookingRoutes.manageInvitation, "booking/invitation-file.ts", { id: "booking/manage-invitation-file" }),

  route(pages.cookieSettings.path, "consent/cookie-settings-page.tsx"),
  route(pages.privacy.path, "privacy/privacy-page.tsx"),
  route(consentActionPath, "consent/consent-action.ts"),

  layout("workspace/shell/workspace-layout.tsx", [
    route(workspaceRoutes.inbox, "workspace/inbox/inbox-page.tsx"),
    route(workspaceRoutes.signIn, "workspace/sign-in/sign-in-page.tsx"),
    route(workspaceRoutes.enrol, "workspace/sign-in/enrol-page.tsx"),
    route(workspaceRoutes.submission, "workspace/inbox/submission-page.tsx"),
    route(workspaceRoutes.moveMeeting, "workspace/inbox/move-meeting-page.tsx"),
    route(workspaceRoutes.passkeys, "workspace/sign-in/passkeys-page.tsx"),
    route(workspaceRoutes.people, "workspace/people/people-page.tsx"),
    route(workspaceRoutes.audit, "workspace/people/audit-page.tsx"),
    route(workspaceRoutes.requests, "workspace/privacy/requests-page.tsx"),
    route(workspaceRoutes.agenda, "workspace/inbox/agenda-page.tsx"),
    route(workspaceRoutes.postings, "workspace/content/postings-page.tsx"),
    route(workspaceRoutes.newPosting, "workspace/content/posting-page.tsx", { id: "new-posting" }),
    route(workspaceRoutes.posting, "workspace/content/posting-page.tsx"),
    route(workspaceRoutes.proof, "workspace/content/proof-page.tsx"),
    route(workspaceRoutes.newProofEntry, "workspace/content/proof-entry-page.tsx", { id: "new-proof-entry" }),
    route(workspaceRoutes.proofEntry, "workspace/content/proof-entry-page.tsx"),
    route(workspaceRoutes.app, "workspace/content/app-page.tsx"),
    route(workspaceRoutes.pageCopies, "workspace/content/page-copies-page.tsx"),
    route(workspaceRoutes.pageCopy, "workspace/content/page-copy-page.tsx"),
    route(workspaceRoutes.analytics, "workspace/insights/analytics-page.tsx"),
  ]),
  // In the site's own frame: the posting exactly as its public page will show it.
  route(workspaceRoutes.postingPreview, "workspace/content/posting-preview-page.tsx"),
  route(workspaceRoutes.proofPreview, "workspace/content/proof-preview-page.tsx"),
  route(workspaceRoutes.pageCopyPreview, "workspace/content/page-copy-preview-page.tsx"),
  route(workspaceRoutes.markdownPreview, "workspace/content/markdown-preview.ts"),
  route(workspaceRoutes.analyticsExport, "workspace/insights/analytics-export.ts"),
  route(workspaceRoutes.addPasskey, "workspace/sign-in/add-passkey.ts"),
  route(workspaceRoutes.requestsExport, "workspace/privacy/requests-export.ts"),
  route(workspaceRoutes.export, "workspace/inbox/inbox-export.ts"),
  route(workspaceRoutes.signInPasskey, "workspace/sign-in/sign-in-passkey.ts"),
  route(workspaceRoutes.openIdCallback, "workspace/sign-in/sign-in-openid-callback.ts"),
  route(workspaceRoutes.enrolPasskey, "workspace/sign-in/enrol-passkey.ts"),
  route(workspaceRoutes.signOut, "workspace/sign-in/sign-out.ts"),
  route(workspaceRoutes.timeZone, "workspace/shell/time-zone.ts"),
  route(workspaceRoutes.file, "workspace/inbox/submission-file.ts"),

  route(statusPageRoute, "site/status-page.tsx"),
  route("*", "site/not-found-page.tsx"),
] satisfies RouteConfig;
