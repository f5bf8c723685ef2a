import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Browser, CountView } from "#app/analytics/page-views.server.ts";
import { type ConsentVariant, consentFromCookies, variantOf, viewOf } from "#app/consent/consent-cookie.ts";
import { consentEnv } from "#app/consent/consent-env.server.ts";
import { pathOf, withoutTrailingSlash } from "#app/platform/uri.ts";
import { browserOf } from "./browsers.ts";
import { sharedCacheSeconds } from "./freshness.ts";
import { preferredEncoding } from "./precompressed.ts";
import { baseSecurityHeaders, contentSecurityPolicy, inlineScriptHashes } from "./security-headers.ts";

// Browsers revalidate every time; a shared cache (CDN, nginx) may keep a page a few seconds, one
// copy per cookie (Vary): a spike of first-time visitors is still served from the edge, and a
// closed posting is gone from it within seconds, like from the instances (decision 052).
const prerenderedCache = `public, max-age=0, s-maxage=${sharedCacheSeconds}`;
// A crawler's copy (no banner) must never be served to a person from a shared cache.
const crawlerCache = "private, no-cache";

// A body is kept as a latin1 string (one character per byte): Node then sends the head and the
// body as one string in one write, about 7 % fewer instructions per answer than with a Buffer.
type Body = { body: string; etag: string };
type PrerenderedFile = { csp: string; type: string; bodies: { identity: Body; br?: Body; gzip?: Body } };
/** A page's answer for each cookie choice. */
export type PrerenderedPage = Record<ConsentVariant, PrerenderedFile>;

const htmlType = "text/html; charset=utf-8";

const withEtag = (body: Buffer): Body => ({
  body: body.toString("latin1"),
  etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
});

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * One document the server rendered itself (server/live-pages.ts), made ready to answer as the
 * build's files are: its ETag, its brotli and gzip copies (compressed on the thread pool, so the
 * answers of the moment go on) and, for HTML, the policy allowing its inline scripts by hash.
 */
export async function preparedFile(content: string, { type, csp }: { type: string; csp: (html: string) => string }) {
  const body = Buffer.from(content, "utf8");
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipped(body, { level: 9 }),
  ]);
  return {
    csp: csp(content),
    type,
    bodies: { identity: withEtag(body), br: withEtag(br), gzip: withEtag(gz) },
  } satisfies PrerenderedFile;
}

/** The policy of an HTML page answered from memory: its own inline scripts by hash, the frames. */
export const pagePolicy = (frames: string[]) => (html: string) =>
  contentSecurityPolicy({ scriptSources: inlineScriptHashes(html), frames });

/**
 * URL path → its prerendered HTML for each cookie choice, read once from the build into memory
 * (with its brotli and gzip copies), with the Content-Security-Policy that allows exactly that
 * file's inline scripts (by hash) and the third-party frames (`frames`, their origins).
 */
export function findPrerenderedPages(clientDir: string, frames: string[]) {
  const pages = new Map<string, PrerenderedPage>();
  const readIfPresent = (file: string) => (existsSync(file) ? withEtag(readFileSync(file)) : undefined);
  for (const file of readdirSync(clientDir, { recursive: true, encoding: "utf8" })) {
    if (path.basename(file) !== "index.html") continue;
    const directory = path.dirname(file);
    const urlPath = directory === "." ? "/" : `/${directory.split(path.sep).join("/")}`;
    const variant = (name: ConsentVariant): PrerenderedFile => {
      const variantFile = path.join(clientDir, directory, name === "undecided" ? "index.html" : `index.${name}.html`);
      const html = readFileSync(variantFile);
      return {
        csp: contentSecurityPolicy({ scriptSources: inlineScriptHashes(html.toString("utf8")), frames }),
        type: htmlType,
        bodies: {
          identity: withEtag(html),
          br: readIfPresent(`${variantFile}.br`),
          gzip: readIfPresent(`${variantFile}.gz`),
        },
      };
    };
    pages.set(urlPath, { undecided: variant("undecided"), necessary: variant("necessary"), forms: variant("forms") });
  }
  return pages;
}

/** Which variant of a prerendered page a request gets (its cookie choice; crawlers never get the banner), and its browser. */
export function consentVariantFor(req: IncomingMessage): { variant: ConsentVariant; browser: Browser | undefined } {
  const userAgent = req.headers["user-agent"];
  const browser = userAgent ? browserOf(userAgent) : undefined;
  if (browser?.crawler) return { variant: "necessary", browser };
  return { variant: variantOf(viewOf(consentFromCookies(req.headers.cookie, consentEnv.CONSENT_REVISION))), browser };
}

/**
 * The build's prerendered pages, answered from memory by plain node:http (server/app.ts asks
 * `serve` first: most requests are for them, and Express's work per request would cost two thirds
 * of the throughput). A page answers at its path with or without the trailing slash, never
 * redirecting, in the visitor's cookie-choice variant, precompressed when the client takes it.
 * The pages that show what the team edits in the workspace are rendered by the server itself and
 * put here (`set`), replaced whenever that content changes, and taken out (`remove`) when they
 * no longer exist (server/live-pages.ts).
 */
export function prerenderedPages({
  clientDir,
  frames,
  maxUrlLength,
  isSecure,
  countView,
}: {
  clientDir: string;
  frames: string[];
  /** Longer addresses are left to the app, which refuses them. */
  maxUrlLength: number;
  /** Whether the request came over HTTPS (for Strict-Transport-Security). */
  isSecure: (req: IncomingMessage) => boolean;
  /** Counts a view of the page (app/analytics/page-views.server.ts: a count in memory, a few map lookups). */
  countView?: CountView;
}) {
  const fixedHeaders = (secure: boolean, crawler: boolean) =>
    Object.entries({
      ...baseSecurityHeaders({ secure }),
      "Cache-Control": crawler ? crawlerCache : prerenderedCache,
      Vary: "Cookie, Accept-Encoding",
    }).flat();
  const headersFor = {
    secure: { person: fixedHeaders(true, false), crawler: fixedHeaders(true, true) },
    plain: { person: fixedHeaders(false, false), crawler: fixedHeaders(false, true) },
  };
  const pages = findPrerenderedPages(clientDir, frames);

  /** Answers the request with its prerendered page and returns true, or returns false and sends nothing. */
  const serve = (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    if (url.length > maxUrlLength) return false;
    const path = pathOf(url);
    const pathname = withoutTrailingSlash(path);
    const files = pages.get(pathname);
    if (!files) return false;
    const { variant, browser } = consentVariantFor(req);
    const crawler = browser?.crawler === true;
    countView?.(req, pathname, browser);
    const page = files[variant];
    const encoding = preferredEncoding(req.headers["accept-encoding"], {
      br: !!page.bodies.br,
      gzip: !!page.bodies.gzip,
    });
    const sent = (encoding && page.bodies[encoding]) || page.bodies.identity;
    // A flat array, its fixed part made once: Node handles it faster than an object.
    const headers = [
      ...headersFor[isSecure(req) ? "secure" : "plain"][crawler ? "crawler" : "person"],
      "Content-Type",
      page.type,
      "Content-Security-Policy",
      page.csp,
      "ETag",
      sent.etag,
      "X-Request-Id",
      requestId,
    ];
    if (encoding) headers.push("Content-Encoding", encoding);
    if (req.headers["if-none-match"] === sent.etag) {
      res.writeHead(304, headers).end();
    } else {
      headers.push("Content-Length", String(sent.body.length));
      res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : sent.body, "latin1");
    }
    return true;
  };

  return {
    serve,
    /** Whether a page (its path without the trailing slash) is answered from memory. */
    has: (pathname: string) => pages.has(pathname),
    /** Answers a path from memory with this page from now on. */
    set: (pathname: string, page: PrerenderedPage) => void pages.set(pathname, page),
    /** Leaves a path to the app from now on (a page that no longer exists). */
    remove: (pathname: string) => void pages.delete(pathname),
  };
}
