import { randomBytes } from "node:crypto";
import type { IncomingMessage, RequestListener } from "node:http";
import type { TLSSocket } from "node:tls";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { env } from "#app/platform/env.server.ts";
import { consentEnv } from "#app/consent/consent-env.server.ts";
import { openIdConfig } from "#app/workspace/sign-in/workspace-config.ts";
import { workspaceEnv } from "#app/workspace/sign-in/workspace-env.server.ts";
import { workspacePaths } from "#app/workspace/workspace-paths.ts";
import { decodedOrNull, pathOf, withoutTrailingSlash } from "#app/platform/uri.ts";
import { sql } from "kysely";
import { clientAddressHeader } from "#app/platform/rate-limit.server.ts";
import { logger, logRequest } from "#app/platform/log.server.ts";
import { metricsEnv } from "#app/metrics/metrics-env.server.ts";
import { analyticsEnv } from "#app/analytics/analytics-env.server.ts";
import { isCountedAnswer, startCountingViews } from "#app/analytics/page-views.server.ts";
import { isSchemaCurrent } from "#app/platform/migrations.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { mediaPath, statusPagePath } from "#app/site/pages.ts";
import { browserOf } from "./browsers.ts";
import { precompressedFiles } from "./precompressed.ts";
import { prerenderedPages } from "./prerendered.ts";
import { startLivePages } from "./live-pages.ts";
import { bodyLimitOf, closeAfterAnswer, limitBody } from "./body-limit.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  fileDocumentPolicy,
  frameOrigins,
  newNonce,
} from "./security-headers.ts";
import { nonceHeader } from "#app/site/nonce.ts";

// This file is the server bundle's entry (vite.config.ts): the Express app and the services
// share one module graph with the routes. Prerendering imports the bundle as React Router's
// server build, hence the re-export.
export * from "virtual:react-router/server-build";
export { getServices, startServing, stopServices } from "#app/platform/services.server.ts";
// The work that starts once the server listens (startServing): each declares itself beside its
// work, and is named here so that it is part of the server's bundle.
export { meetingReminders } from "#app/booking/reminders.server.ts";
export { dailyPurge } from "#app/purge-steps.server.ts";
export { dailyBackup } from "#app/backup-steps.server.ts";
export { replyReminders } from "#app/workspace/inbox/reply-promise.server.ts";
export { logger } from "#app/platform/log.server.ts";

const build = serverBuild as unknown as ServerBuild;

const maxUrlLength = 2048;
const fetchForbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);
// The methods that reach an action, which reads the body.
const actionMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const siteOrigin = new URL(env.SITE_URL).origin;
const htmlCache = "no-cache"; // revalidated with the ETag: a new deployment shows at once
const immutableCache = "public, max-age=31536000, immutable";
const publicFileCache = "public, max-age=86400";

/** Cache-Control for a file of build/client by its URL path. */
function staticCacheControl(urlPath: string) {
  if (urlPath.startsWith("/assets/")) return immutableCache;
  // Prerendered loader data changes with each deployment, like the HTML it belongs to.
  if (/\.(data|xml|txt)$/.test(urlPath)) return htmlCache;
  return publicFileCache;
}

const frames = frameOrigins([env.NEWSLETTER_EMBED_URL, env.LOGIN_EMBED_URL]);
// The workspace's sign-in page posts to itself and is redirected to the company's provider.
const openIdIssuer = openIdConfig(workspaceEnv)?.issuer;
const signInFormTargets = openIdIssuer ? [new URL(openIdIssuer).origin] : [];

/** TRUST_PROXY as Express understands it: a boolean, a number of hops, or addresses. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}

// New request ids: this process's random prefix and a count, unique across instances and
// restarts like a UUID, at a tenth of randomUUID()'s cost on every request.
const requestIdPrefix = randomBytes(9).toString("base64url");
let requestCount = 0;

/** A request's id: the proxy's when it sent a usable one, else a new one. */
function requestIdOf(req: IncomingMessage) {
  const given = req.headers["x-request-id"];
  if (typeof given === "string" && /^[\w.-]{1,64}$/.test(given)) return given;
  requestCount += 1;
  return `${requestIdPrefix}-${requestCount.toString(36)}`;
}

/**
 * The server's request listener: prerendered pages answered at once from memory by plain
 * node:http (server/prerendered.ts), everything else by the Express app. Ready once the pages
 * showing the workspace's content are rendered into memory (server/live-pages.ts); `stop` ends
 * their renewal.
 */
export async function createApp({ clientDir }: { clientDir: string }): Promise<{
  listener: RequestListener;
  stop: () => Promise<void>;
}> {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));
  const trusted = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  // As Express's req.secure: TLS here, or a trusted proxy's X-Forwarded-Proto.
  const isSecure = (req: IncomingMessage) => {
    if ((req.socket as TLSSocket).encrypted) return true;
    const forwardedProto = req.headers["x-forwarded-proto"];
    if (!forwardedProto || !trusted(req.socket.remoteAddress ?? "", 0)) return false;
    return String(forwardedProto).split(",")[0]?.trim() === "https";
  };
  // Page views, counted where they are answered, without cookies or personal data (app/analytics/).
  const countView = startCountingViews({
    enabled: analyticsEnv.ANALYTICS === "on",
    siteUrl: env.SITE_URL,
    flushEverySeconds: analyticsEnv.ANALYTICS_FLUSH_SECONDS,
  });
  // Prerendered pages first, from memory (server/prerendered.ts).
  const prerendered = prerenderedPages({ clientDir, frames, maxUrlLength, isSecure, countView });
  const servePrerendered = prerendered.serve;
  const livePages = await startLivePages({
    build,
    db: (await getServices()).db,
    siteUrl: env.SITE_URL,
    consentRevision: consentEnv.CONSENT_REVISION,
    frames,
    memory: prerendered,
  });

  // Every response: the security headers, and a Content-Security-Policy with a fresh nonce that
  // rendered pages put on their inline scripts (prerendered pages replace it with their hashes).
  app.use((req, res, next) => {
    res.set(baseSecurityHeaders({ secure: req.secure }));
    const nonce = newNonce();
    req.headers[nonceHeader] = nonce;
    const formTargets = withoutTrailingSlash(req.path) === workspacePaths.signIn ? signInFormTargets : [];
    const extension = path.extname(req.path);
    res.setHeader(
      "Content-Security-Policy",
      // Documents that are files, and the proof's images (an SVG's own styles, nothing run).
      extension === ".xml" || extension === ".txt" || req.path.startsWith(mediaPath(""))
        ? fileDocumentPolicy({ viewerStyles: extension === ".xml" || extension === ".svg" })
        : contentSecurityPolicy({ scriptSources: [`'nonce-${nonce}'`], frames, formTargets }),
    );
    next();
  });

  const reactRouter = reactRouterHandler(build);

  // Limits before any work: methods no page takes, overlong or undecodable addresses, posts from
  // another site's pages, and bodies an address does not take or beyond its limit, counted as
  // they arrive (server/body-limit.ts). All of them are the sender's doing: the request's log
  // line tells the status, and nothing is logged as an error.
  // The answer is the site's own error page for that status, rendered without the request.
  const statusPage = (code: number, req: express.Request, res: express.Response, next: express.NextFunction) => {
    req.method = "GET";
    req.url = req.originalUrl = statusPagePath(code);
    return reactRouter(req, res, next);
  };
  // A browser names the page's origin in every POST (Origin). One from another site is refused
  // here, before its body is read (React Router refuses those to a page's action too, but only
  // after reading the body, as a 400 logged as an error). The address the request was sent to is
  // accepted beside SITE_URL's, as React Router does, so an instance reached directly on its own
  // port takes the public forms; the workspace accepts SITE_URL's origin only (requireSameOrigin).
  const fromAnotherSite = (req: express.Request) => {
    const origin = req.get("origin");
    if (origin === undefined) return false;
    try {
      const { origin: named } = new URL(origin);
      return named !== siteOrigin && named !== `${req.protocol}://${req.host}`;
    } catch {
      return true; // "null" (a sandboxed frame) or not an origin at all
    }
  };
  app.use((req, res, next) => {
    // Methods a web request cannot carry (React Router works on the Fetch API's Request).
    if (fetchForbiddenMethods.has(req.method)) return statusPage(405, req, res, next);
    if (req.originalUrl.length > maxUrlLength) return statusPage(414, req, res, next);
    if (decodedOrNull(req.path) === null) return statusPage(400, req, res, next);
    if (!actionMethods.has(req.method)) return next();
    // A refused body is not read: answered at once, while the client may still be sending, and
    // then the connection closes. (A file form may have answered already, with an error of its own.)
    const refuse = (code: number) => {
      closeAfterAnswer(req, res);
      if (!res.headersSent) statusPage(code, req, res, next);
    };
    if (fromAnotherSite(req)) return refuse(403);
    const body = bodyLimitOf(req);
    if ("refuse" in body) return refuse(body.refuse);
    limitBody(req, res, body.maxBytes, { ready: next, tooLarge: () => refuse(413) });
  });

  app.use(compression());

  // Prometheus' scrape (app/metrics/): only with METRICS_TOKEN set (else the site's 404), and
  // only for a request that carries it. Answers are measured only then, too.
  const metricsToken = metricsEnv.METRICS_TOKEN;
  // prom-client is loaded only then: a site without monitoring keeps its memory at rest (decision 043).
  const metricsModule = metricsToken ? await import("#app/metrics/metrics.server.ts") : null;
  const metrics = metricsModule?.createMetrics((await getServices()).db) ?? null;
  if (metricsModule && metrics && metricsToken) {
    const { hasToken } = metricsModule;
    app.get("/metrics", async (req, res) => {
      res.set("Cache-Control", "no-store");
      if (!hasToken(req.get("authorization"), metricsToken))
        return void res
          .status(401)
          .set("WWW-Authenticate", 'Bearer realm="metrics"')
          .type("text/plain")
          .send("Unauthorized");
      const { contentType, text } = await metrics.scrape();
      res.type(contentType).send(text);
    });
  }

  app.get("/healthz", (_req, res) => {
    res.type("text/plain").set("Cache-Control", "no-store").send("ok");
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      const { db, engine } = await getServices();
      await sql`select 1`.execute(db);
      if (!(await isSchemaCurrent(db, engine)))
        return void res.status(503).json({ status: "unavailable", reason: "migrations pending" });
      res.json({ status: "ready" });
    } catch {
      res.status(503).json({ status: "unavailable", reason: "database unreachable" });
    }
  });

  // The client's address as Express sees it (through trusted proxies only), for rate limits.
  // Whatever a client sends under this name is overwritten.
  app.use((req, _res, next) => {
    req.headers[clientAddressHeader] = req.ip ?? "unknown";
    next();
  });

  // A prerendered page's files (/about/index.html, its variants for each cookie choice, their
  // compressed copies) are not addresses of their own: sent as files they would skip the
  // visitor's cookie choice and the page's cache policy. They point to the page.
  app.use((req, res, next) => {
    // Decoded, as the file would be looked up (the 400 check above let only decodable paths by).
    const file = decodedOrNull(req.path)?.match(/^(.*\/)index(?:\.\w+)?\.html(?:\.br|\.gz)?$/);
    if (!file || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const page = withoutTrailingSlash(file[1] as string);
    if (!prerendered.has(page)) return next();
    res.redirect(301, page + req.originalUrl.slice(pathOf(req.originalUrl).length));
  });

  const precompressed = precompressedFiles(clientDir);

  // The other files of the build: their precompressed copy when there is one, else the file.
  const contentType = (file: string) => (file.endsWith(".data") ? "text/x-script" : undefined);
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = path.join(clientDir, req.path);
    if (!file.startsWith(clientDir + path.sep) || !precompressed.has(file)) return next();
    const encoded = precompressed.pick(req, file);
    res.type(contentType(file) ?? path.extname(file));
    res.sendFile(encoded.file, {
      headers: {
        "Cache-Control": staticCacheControl(req.path),
        ...(encoded.encoding && { "Content-Encoding": encoded.encoding }),
        Vary: "Accept-Encoding",
      },
    });
  });
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      index: false,
      redirect: false,
      fallthrough: false, // a missing hashed asset is a plain 404, not a page
      setHeaders: (res) => res.setHeader("Cache-Control", immutableCache),
    }),
  );
  app.use(
    express.static(clientDir, {
      index: false,
      redirect: false,
      setHeaders: (res, filePath) => {
        const type = contentType(filePath);
        if (type) res.setHeader("Content-Type", type);
        res.setHeader("Cache-Control", staticCacheControl(filePath.slice(clientDir.length).split(path.sep).join("/")));
      },
    }),
  );

  app.all("/{*splat}", reactRouter);

  // Errors that escape the middleware above, such as a missing hashed asset: a plain answer, no stack.
  app.use(
    (
      error: { status?: number; message?: string },
      _req: express.Request,
      res: express.Response,
      _next: express.NextFunction,
    ) => {
      const status = typeof error.status === "number" && error.status >= 400 ? error.status : 500;
      if (status >= 500) logger.error({ err: error.message ?? "unknown" }, "unhandled server error");
      res
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not found" : "Something went wrong");
    },
  );
  // One log line per request, tied to its id (also sent back as X-Request-Id). The path is
  // logged without its query string, which could carry what a visitor typed.
  const listener: RequestListener = (req, res) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    // As requested: an error page's answer rewrites the request (statusPage above).
    const { method = "GET", url = "/" } = req;
    const logLine = (aborted = false) => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logRequest({ requestId, method, path: pathOf(url), status: res.statusCode, ms, aborted });
      metrics?.observe(pathOf(url), res.statusCode, ms);
    };
    if (servePrerendered(req, res, requestId)) return logLine();
    res.setHeader("X-Request-Id", requestId);
    // On "close", not "finish": "close" comes for every answer, also one the client stopped
    // reading (the booking page's switch to the visitor's zone stops the first one; decision 045)
    // and a refused request's, which may end only as its connection closes (server/body-limit.ts).
    // Such an answer is logged as aborted, and a page's view is counted all the same.
    res.once("close", () => {
      logLine(!res.writableFinished);
      // A page rendered for this request (contact, booking, a posting's form) counts as one
      // from memory does; the workspace and a meeting's manage link ask not to be indexed.
      if (
        method === "GET" &&
        isCountedAnswer(res.statusCode, res.getHeader("content-type"), res.getHeader("x-robots-tag"))
      ) {
        const userAgent = req.headers["user-agent"];
        countView(req, withoutTrailingSlash(pathOf(url)), userAgent ? browserOf(userAgent) : undefined);
      }
    });
    app(req, res);
  };
  return { listener, stop: livePages.stop };
}
