import { createHash, randomBytes } from "node:crypto";

// The headers every response carries, and the Content-Security-Policy of each page: per request
// with a nonce for rendered pages, with the hashes of its inline scripts for prerendered files.

export const newNonce = () => randomBytes(16).toString("base64");

export function baseSecurityHeaders({ secure }: { secure: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    ...(secure ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** Origins the embed frames load from; `frame-src 'none'` when there are none. */
export function frameOrigins(urls: Array<string | undefined>) {
  return [...new Set(urls.filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin))];
}

/**
 * `formTargets`: origins a form may post to besides the site, redirects included (Chromium checks
 * form-action on each redirect of a form's answer): the company's sign-in provider, for the
 * workspace's sign-in page.
 */
export function contentSecurityPolicy({
  scriptSources,
  frames,
  formTargets = [],
}: {
  scriptSources: string[];
  frames: string[];
  formTargets?: string[];
}) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames.length ? frames.join(" ") : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
  ].join("; ");
}

/**
 * The policy of a document that is not HTML (the sitemap, robots.txt): nothing may load, run or
 * frame it. The browser's own XML viewer styles itself inline, so an XML file allows inline styles
 * (it has no scripts for them to help) and its own arrows as data: images.
 */
export function fileDocumentPolicy({ viewerStyles }: { viewerStyles: boolean }) {
  const viewer = viewerStyles ? ["style-src 'unsafe-inline'", "img-src data:"] : [];
  return ["default-src 'none'", ...viewer, "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'"].join(
    "; ",
  );
}

/** The sha256 sources of every inline script in an HTML document. */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? "";
    if (body) hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
