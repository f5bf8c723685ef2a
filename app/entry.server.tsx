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
        // The page's pieces (app/ui/piece.tsx) are Suspense boundaries that never suspend: each
        // stays where it is in the document. Past this many bytes React would move the rest of a
        // page to its end, hidden, for a script to put back, and without JavaScript it stayed hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
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
          const { matches } = routerContext.staticHandlerContext;
          const handles = matches.map((match) => routerContext.routeModules[match.route.id]?.handle);
          const { manifest } = routerContext;
          // Every module the page's scripts import, those the others build on first.
          const modules = [...manifest.entry.imports, ...matches.flatMap((match) => manifest.routes[match.route.id]?.imports ?? [])];
          const page = hydrates(handles) && !hydratesAtOnce(handles) ? body.pipe(scriptsOnFirstInteraction(modules)) : body;
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
 * Until React has taken over the whole page (`data-hydrated`), what the visitor does in a form
 * control is the browser's alone: these events stop on their way to React. React would otherwise
 * hydrate, there and then, everything between the page's root and the field, in the task of the
 * key press (selective hydration): a key typed while the scripts start waited 300 ms and more at
 * CPU 4× (decision 025). The fields work natively meanwhile and React reads them as they are;
 * buttons and links still reach React (a choice in the cookie banner is handled in place).
 */
const shieldedEvents = [
  "keydown", "keypress", "keyup", "beforeinput", "textInput", "input", "change", "compositionstart", "compositionupdate",
  "compositionend", "paste", "cut", "focusin", "focusout", "pointerdown", "mousedown", "pointerup", "mouseup", "click",
];
const nativeControls = "input:not([type=submit],[type=button],[type=image],[type=reset]),textarea,select,label";

/**
 * The pages that load JavaScript work without it: it only adds checks as the visitor types and
 * the cookie dialog in place. So it waits for the visitor: React Router's module preloads are
 * made inert and its module script starts at the first sign of someone using the page (a pointer
 * moving or pressed, a key, a focus, a touch); a visitor who only reads spends nothing on it, and
 * a value typed before React takes over is kept (React keeps what is in the field). The document
 * is small and rendered at once, so it is buffered whole for this. The page marks itself
 * `data-hydrated` when React has taken over. Decision 013.
 *
 * Started, the modules are all fetched at once, `modules` (the ones the others import) first, and
 * each runs as it arrives, in a task of its own: run together, as React Router's script imports
 * them, they made one task of about 50 ms at CPU 4× before React DOM's own (decision 025).
 */
export function scriptsOnFirstInteraction(modules: string[]) {
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
        // React Router's module preloads stay, for React to find as it takes over (it would add
        // each one missing, a fetch started per module in the task that adds them), but inert:
        // a preload whose media does not match is not fetched.
        .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" media="not all" ')
        .replace(/<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/, (_tag, nonce: string, code: string) => {
          // React Router's script: `import * as routeN from "…";` for the page's route modules, the
          // manifest, then `import("…entry.client…")`.
          const routes = [...code.matchAll(/import \* as (route\d+) from "([^"]+)";/g)].map(([, name, url]) => ({ name: name as string, url: url as string }));
          const entry = code.match(/import\("([^"]+)"\);?\s*$/)?.[1];
          const first = [...new Set(modules)].filter((url) => !routes.some((route) => route.url === url));
          const imports = [...first, ...routes.map((route) => route.url)];
          // Each fetch starts in a task of its own (starting one is a call into the browser, slow
          // on a busy phone, 10 ms and more at CPU 4×), React DOM's first; each module runs as it
          // arrives, in a task of its own.
          const run =
            `const y=()=>globalThis.scheduler?.yield?scheduler.yield():new Promise((r)=>setTimeout(r));` +
            // React Router numbers the history entry when it starts (replaceState, a slow call in
            // Chromium); numbered here, in a task of its own, it skips that. Harmless if it changes.
            `if(history.state?.idx==null)history.replaceState({...history.state,idx:0},"");await y();` +
            (entry ? `{const l=document.createElement("link");l.rel="modulepreload";l.href=${JSON.stringify(entry)};document.head.append(l)}await y();` : "") +
            `const p=[];for(const u of ${JSON.stringify(imports)}){p.push(import(u));await y()}const r=await Promise.all(p);` +
            routes.map((route, index) => `const ${route.name}=r[${first.length + index}];`).join("") +
            code.replace(/import \* as route\d+ from "[^"]+";/g, "");
          const source = JSON.stringify(run).replaceAll("<", "\\u003c");
          const start = `(()=>{const c=document.currentScript,n=c.nonce,e=${JSON.stringify(firstInteraction)},d=document.documentElement,f=(t)=>t instanceof Element&&t.matches(${JSON.stringify(nativeControls)}),h=(v)=>{if(!d.hasAttribute("data-hydrated")&&f(v.target))v.stopPropagation()};for(const t of ${JSON.stringify(shieldedEvents)})addEventListener(t,h,true);const go=()=>{for(const t of e)removeEventListener(t,go,true);const s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=${source};c.replaceWith(s)};for(const t of e)addEventListener(t,go,{capture:true,passive:true})})()`;
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
