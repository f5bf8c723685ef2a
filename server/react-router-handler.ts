import type { IncomingHttpHeaders } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { endOnceSenderStops, takenBody, wasRefused } from "./body-limit.ts";

// React Router's Express adapter, with one difference: a request's body is what
// server/body-limit.ts let through (counted as it arrived), not the request's own stream.

function headersOf(incoming: IncomingHttpHeaders) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return headers;
}

export function reactRouterHandler(build: ServerBuild) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    try {
      // A visitor who leaves before the answer is out cancels the work still running for it.
      const controller = new AbortController();
      res.once("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : takenBody(req);
      // (Express's `host` follows X-Forwarded-Host only from trusted proxies, as the adapter did.)
      const request = new Request(`${req.protocol}://${req.host}${req.originalUrl}`, {
        method: req.method,
        headers: headersOf(req.headers),
        signal: controller.signal,
        ...(body === undefined ? {} : { body, duplex: "half" }),
      });
      const response = await handle(request);
      if (res.destroyed || res.writableEnded) return void (await response.body?.cancel());
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      // A refusal's page is small: written whole, ended once the sender stopped (body-limit.ts).
      if (wasRefused(req)) return endOnceSenderStops(req, res, new Uint8Array(await response.arrayBuffer()));
      if (!response.body) return void res.end();
      await writeReadableStreamToWritable(response.body, res).catch((error: unknown) => {
        if (!(res.destroyed || res.writableEnded)) throw error;
      });
    } catch (error) {
      next(error);
    }
  };
}
