import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from "react-router";
import { logger } from "./platform/log.server.ts";
import { withoutTokens } from "./platform/tokens.server.ts";
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
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is rendered reject and reach handleError.
          if (shellRendered)
            logger.error({ err: error instanceof Error ? error.stack : String(error) }, "render failed");
        },
      },
    );
  });
}

/** Errors React Router reports from loaders, actions and rendering: into the JSON log. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // Answers such as 404 and 405 are the site working as intended; aborted requests are the client's.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const pathname = withoutTokens(new URL(request.url).pathname);
  // React Router's own refusal of an action posted from another origin (answered 400); the server
  // refuses most of them before (server/app.ts). The sender's doing: one line, no stack.
  if (error instanceof Error && error.message.endsWith("Aborting the action."))
    return void logger.warn({ path: pathname }, "action from another origin refused");
  logger.error({ path: pathname, err: error instanceof Error ? error.stack : String(error) }, "request failed");
};
