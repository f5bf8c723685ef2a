import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from "react-router";
import { logger } from "./platform/log.server.ts";
import { hydrates, hydratesAtOnce } from "./site/hydration.ts";
import { NonceContext, nonceHeader } from "./site/nonce.ts";

// React Router's default Node entry, plus the CSP nonce the server gives each request
// (server/security-headers.ts): every inline script React Router renders carries it.

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = request.headers.get(nonceHeader) ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and static generation wait for everything, so they get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          const handles = routerContext.staticHandlerContext.matches.map((match) => routerContext.routeModules[match.route.id]?.handle);
          const page = hydrates(handles) && !hydratesAtOnce(handles) ? body.pipe(scriptsOnFirstInteraction()) : body;
          resolve(new Response(createReadableStreamFromReadable(page), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is rendered reject and reach handleError.
          if (shellRendered) logger.error({ err: error instanceof Error ? error.stack : String(error) }, "render failed");
        },
      },
    );
  });
}

const firstInteraction = ["pointerdown", "pointermove", "keydown", "focusin", "touchstart"];

/**
 * The pages that load JavaScript work without it: it only adds checks as the visitor types and
 * the cookie dialog in place. So it waits for the visitor: React Router's module preloads are
 * dropped and its module script starts at the first sign of someone using the page (a pointer
 * moving or pressed, a key, a focus, a touch); a visitor who only reads spends nothing on it, and
 * a value typed before React takes over is kept (React keeps what is in the field). The document
 * is small and rendered at once, so it is buffered whole for this. The page marks itself
 * `data-hydrated` when React has taken over. Decision 013.
 */
export function scriptsOnFirstInteraction() {
  const decoder = new StringDecoder("utf8");
  let html = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      html += decoder.write(chunk);
      callback();
    },
    flush(callback) {
      html += decoder.end();
      const deferred = html
        .replace(/<link rel="modulepreload"[^>]*>/g, "")
        .replace(/<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/, (_tag, nonce: string, code: string) => {
          const source = JSON.stringify(code).replaceAll("<", "\\u003c");
          const start = `(()=>{const c=document.currentScript,n=c.nonce,e=${JSON.stringify(firstInteraction)},go=()=>{for(const t of e)removeEventListener(t,go,true);const s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=${source};c.replaceWith(s)};for(const t of e)addEventListener(t,go,{capture:true,passive:true})})()`;
          return `<script nonce="${nonce}">${start}</script>`;
        });
      callback(null, deferred);
    },
  });
}

/** Errors React Router reports from loaders, actions and rendering: into the JSON log. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // Answers such as 404 and 405 are the site working as intended; aborted requests are the client's.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const { pathname } = new URL(request.url);
  logger.error({ path: pathname, err: error instanceof Error ? error.stack : String(error) }, "request failed");
};
