import { createServer, request } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { e2eEnv } from "./server-env.ts";

// The proxy in front of the site, for tests whose instance listens on a port of its own while its
// SITE_URL is the build's (the end-to-end server's): the workspace answers only at SITE_URL
// (passkeys, the OpenID redirect URI and the check that posts come from its own pages belong to
// it). A browser context made with `proxy: siteProxy.settings` sends every request here, the ones
// a redirect leads to included (a page route misses those); the site's go to the instance it is
// told to, unchanged (Host and Origin say SITE_URL, as behind a real proxy), and everything else
// where it was addressed.

export type SiteProxy = {
  /** The browser context's `proxy` option; Chromium sends loopback addresses through it only when told (`<-loopback>`). */
  settings: { server: string; bypass: string };
  /** The instance that answers for SITE_URL from now on (at first, the end-to-end server itself). */
  sendTo: (instance: { url: string }) => void;
  stop: () => Promise<void>;
};

export async function startSiteProxy(): Promise<SiteProxy> {
  const site = new URL(e2eEnv.SITE_URL);
  let target = site;
  const server = createServer((incoming, answer) => {
    // A proxy's requests name the whole address.
    const url = new URL(incoming.url ?? "/");
    const to = url.host === site.host ? target : url;
    const { "proxy-connection": _, ...headers } = incoming.headers;
    const upstream = request(
      { host: to.hostname, port: to.port, method: incoming.method, path: `${url.pathname}${url.search}`, headers },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
        response.once("error", () => answer.destroy());
      },
    );
    // A page left mid-request, or an instance stopped: the other side is dropped, nothing thrown.
    upstream.once("error", () => (answer.headersSent ? answer.destroy() : answer.writeHead(502).end()));
    incoming.once("error", () => upstream.destroy());
    answer.once("error", () => upstream.destroy());
    incoming.pipe(upstream);
  });
  // Tunnels (what some clients use for any address): the site's to the instance, the rest as addressed.
  server.on("connect", (incoming, socket, head) => {
    const asked = new URL(`http://${incoming.url}`);
    const to = asked.host === site.host ? target : asked;
    const upstream = connect(Number(to.port || 80), to.hostname, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.once("error", () => socket.end("HTTP/1.1 502 Bad Gateway\r\n\r\n"));
    socket.once("error", () => upstream.destroy());
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    settings: { server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bypass: "<-loopback>" },
    sendTo: (instance) => {
      target = new URL(instance.url);
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
