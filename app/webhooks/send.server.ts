import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./public-address.server.ts";
import type { WebhookEndpoint } from "./endpoints.ts";

// One webhook request: a POST within a time limit, redirects not followed, to public addresses
// only (checked on the address actually connected to) unless the endpoint allows private ones.

class RefusedAddressError extends Error {}

/** Resolves a name and refuses it unless every address it has is public: the request then connects to one of those. */
const publicOnlyLookup = ((
  hostname: string,
  options: { all?: boolean; family?: number },
  callback: (...args: unknown[]) => void,
) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    const refused = addresses.find((address) => !isPublicAddress(address.address));
    if (refused)
      return callback(
        new RefusedAddressError(`refused: ${hostname} resolves to ${refused.address}, not a public address`),
      );
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return first
      ? callback(null, first.address, first.family)
      : callback(new RefusedAddressError(`refused: ${hostname} has no address`));
  });
}) as unknown as LookupFunction;

export type Answer = { status: number; retryAfter: string | null };

/** One POST within `timeoutMs` (name lookup, connection and answer together); redirects are not followed. */
export function post(
  endpoint: WebhookEndpoint,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Answer> {
  const url = new URL(endpoint.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!endpoint.allowPrivate) {
    if (url.protocol !== "https:")
      return Promise.reject(new RefusedAddressError("refused: only https:// addresses are allowed"));
    if (isIP(host) && !isPublicAddress(host))
      return Promise.reject(new RefusedAddressError(`refused: ${host} is not a public address`));
  }
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        signal,
        ...(endpoint.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        // The answer's body is not needed: read and dropped, and the timeout still bounds it.
        response.resume();
        const retryAfter = response.headers["retry-after"];
        resolve({ status: response.statusCode ?? 0, retryAfter: typeof retryAfter === "string" ? retryAfter : null });
      },
    );
    request.on("error", (error) =>
      reject(signal.aborted ? new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`) : error),
    );
    request.end(body);
  });
}

/** What went wrong, for the delivery log and the log: never the endpoint's address (it may hold a secret) nor the payload. */
export function describeError(error: unknown) {
  if (error instanceof RefusedAddressError) return error.message;
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const { code } = error as { code?: string };
  return (code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message).slice(0, 300);
}
