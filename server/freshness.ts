// How soon a content change reaches visitors (decision 052, docs/deploy.md): every instance reads
// the content revisions this often and renders what changed, and a shared cache (nginx, a CDN)
// keeps a page answered from memory at most this long. Browsers revalidate every time.

/** How often every instance reads the revisions: a change shows within about this, plus the rendering. */
export const revisionPollMs = 1000;

/** How long a shared cache may keep a page (s-maxage). */
export const sharedCacheSeconds = 5;
