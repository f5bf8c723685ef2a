// The one list of public pages: app/routes.ts mounts them, react-router.config.ts prerenders
// the static ones and the sitemap lists the indexable ones. A capability's deeper addresses
// (a posting, a meeting's manage page) build on its page here, in the capability's own registry.
export const pages = {
  // Home and about show the proof the team edits in the workspace: rendered by the server from
  // the database (server/live-pages.ts).
  home: { path: "/", prerender: false, sitemap: true },
  about: { path: "/about", prerender: false, sitemap: true },
  features: { path: "/features", prerender: true, sitemap: true },
  // Rendered by the server from the postings in the database (server/live-pages.ts).
  careers: { path: "/careers", prerender: false, sitemap: true },
  login: { path: "/login", prerender: true, sitemap: false },
  // Contact renders per request: its form will carry per-visit state and post back to it.
  contact: { path: "/contact", prerender: false, sitemap: true },
  // Booking renders per request: free times change with every booking. Not in the sitemap:
  // it is a step of the contact page, and its content is a calendar that changes daily.
  meeting: { path: "/contact/meeting", prerender: false, sitemap: false },
  download: { path: "/download", prerender: true, sitemap: true },
  privacy: { path: "/privacy", prerender: true, sitemap: true },
  // The cookie settings, where "Accept Individual" and the footer's link lead.
  cookieSettings: { path: "/cookie-settings", prerender: false, sitemap: false },
} as const;

export const pageList = Object.values(pages);

/** Files generated from the route list, prerendered alongside the pages. */
export const generatedFiles = { sitemap: "/sitemap.xml", robots: "/robots.txt" } as const;

/** The error page for a status the server decided before React Router (server/app.ts) or a route that sends a visitor there. */
export const statusPageRoute = "/__status/:code";
export const statusPagePath = (code: number) => statusPageRoute.replace(":code", String(code));

/** The proof's images, named by their content (app/pages/media.server.ts). */
export const mediaRoute = "/media/:file";
export const mediaPath = (name: string) => mediaRoute.replace(":file", name);

/**
 * A published posting's and case study's share images (app/site/share-image.server.ts), under
 * /media/ for a file's policy; the file is named by the picture's hash, so a new title is a new address.
 */
export const shareImageRoutes = {
  posting: "/media/share/careers/:slug/:file",
  caseStudy: "/media/share/case-studies/:id/:file",
} as const;
export const postingShareImagePath = (slug: string, file: string) =>
  shareImageRoutes.posting.replace(":slug", slug).replace(":file", file);
export const caseStudyShareImagePath = (id: string, file: string) =>
  shareImageRoutes.caseStudy.replace(":id", id).replace(":file", file);
