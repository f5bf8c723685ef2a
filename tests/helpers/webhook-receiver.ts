import { createServer, type Server } from "node:http";
import { Webhook } from "standardwebhooks";

// A webhook receiver on a loopback port, as a CRM or a chat service would be: it records every
// request and answers with the statuses it is given, in order (then 200). `verify` checks a
// request the way a receiver should, with the standardwebhooks package.

export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string };
export type Reply = { status: number; headers?: Record<string, string> };

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export const testSecret = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;

export async function startReceiver({ port = 0, replies = [] as Reply[], delayMs = 0 } = {}) {
  const received: ReceivedWebhook[] = [];
  const queue = [...replies];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({ path: request.url ?? "", headers, body: Buffer.concat(chunks).toString("utf8") });
      const reply = queue.shift() ?? { status: 200 };
      setTimeout(() => response.writeHead(reply.status, reply.headers).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  return {
    received,
    port: boundPort,
    url: `http://127.0.0.1:${boundPort}/hooks`,
    /** Answers the next requests with these statuses. */
    reply: (...more: Reply[]) => queue.push(...more),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The payload of a received webhook, after its signature and timestamp check out (throws otherwise). */
export function verify(webhook: ReceivedWebhook, secret = testSecret) {
  return new Webhook(secret).verify(webhook.body, webhook.headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}
