import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable, Transform } from "node:stream";
import { resumeUploads } from "#app/careers/application-schema.ts";
import { contactUploads } from "#app/contact/contact-schema.ts";
import { uploadBodyBytes } from "#app/forms/multipart.server.ts";
import { withoutTrailingSlash } from "#app/platform/uri.ts";
import { matchPath } from "react-router";
import { careersRoutes } from "#app/careers/jobs.ts";
import { maxImageBytes } from "#app/pages/proof-fields.ts";
import { maxScreenshotBytes } from "#app/pages/app-showcase.ts";
import { pages } from "#app/site/pages.ts";
import { workspaceRoutes } from "#app/workspace/workspace-paths.ts";

// Every request body is bounded here, before React Router reads any of it, however it is sent
// (a declared length or chunks): what each address takes, and how much of it.

/** A cookie choice, a sign-in step, a booking, a workspace form: far below this. */
export const smallBodyBytes = 64 * 1024;

type BodyKind = "form" | "multipart" | "json";
/** The kinds of body an address's action reads, each with its limit in bytes. */
type Takes = Partial<Record<BodyKind, number>>;

const passkeySteps = [workspaceRoutes.signInPasskey, workspaceRoutes.addPasskey, workspaceRoutes.enrolPasskey];

/**
 * What an address's action reads: the file forms take their files (multipart, up to their
 * documented total plus room for the fields), the booking form its multipart fields, the passkey
 * ceremonies JSON, every other action a small urlencoded form.
 */
function takesAt(path: string): Takes {
  // React Router's own requests for a page's data add .data to its address.
  const route = withoutTrailingSlash(path.replace(/\.data$/, ""));
  if (route === pages.contact.path)
    return { form: smallBodyBytes, multipart: uploadBodyBytes(contactUploads.maxTotalBytes) };
  if (matchPath(careersRoutes.apply, route))
    return { form: smallBodyBytes, multipart: uploadBodyBytes(resumeUploads.maxTotalBytes) };
  // The proof's forms in the workspace take one image each.
  if (matchPath(workspaceRoutes.newProofEntry, route) || matchPath(workspaceRoutes.proofEntry, route))
    return { form: smallBodyBytes, multipart: uploadBodyBytes(maxImageBytes) };
  // The app's page takes one screenshot a form.
  if (route === workspaceRoutes.app) return { form: smallBodyBytes, multipart: uploadBodyBytes(maxScreenshotBytes) };
  if (route === pages.meeting.path) return { form: smallBodyBytes, multipart: smallBodyBytes };
  if (passkeySteps.some((pattern) => matchPath(pattern, route))) return { json: smallBodyBytes };
  return { form: smallBodyBytes };
}

/** The kind of body a Content-Type announces, or null when nothing on the site can read it. */
function kindOf(contentType: string | undefined): BodyKind | null {
  const [type, ...parameters] = (contentType ?? "")
    .toLowerCase()
    .split(";")
    .map((part) => part.trim());
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "application/json") return "json";
  // Without its boundary a multipart body cannot be split into its parts.
  if (type === "multipart/form-data" && parameters.some((parameter) => /^boundary=\S/.test(parameter)))
    return "multipart";
  return null;
}

/**
 * How much of a request's body its address takes, or why it is refused before any of it is
 * read: 400 for a body nothing here can read (no or an unknown Content-Type, multipart without
 * its boundary), 415 for a kind this address does not read (multipart where no files are taken).
 */
export function bodyLimitOf(req: IncomingMessage & { path: string }): { maxBytes: number } | { refuse: 400 | 415 } {
  const kind = kindOf(req.headers["content-type"]);
  if (!kind) return { refuse: 400 };
  const maxBytes = takesAt(req.path)[kind];
  return maxBytes === undefined ? { refuse: 415 } : { maxBytes };
}

/** The bodies taken, by request: what React Router reads in place of the request's own stream. */
const taken = new WeakMap<IncomingMessage, Buffer<ArrayBuffer> | Readable>();

/** The body `limitBody` let through for React Router to read (none for a request without one). */
export function takenBody(req: IncomingMessage): ReadableStream | Buffer<ArrayBuffer> | undefined {
  const body = taken.get(req);
  return body instanceof Readable ? (Readable.toWeb(body) as ReadableStream) : body;
}

/**
 * Lets at most `maxBytes` of a request's body through, counted as it arrives, whether its length
 * was declared or it comes in chunks: what React Router reads is `takenBody(req)`, never the
 * request itself. Past the limit the request is no longer read (paused: Node then stops reading
 * the socket once its buffers are full), and `tooLarge` answers.
 *
 * A body of at most smallBodyBytes is held until it is complete and only then passed on
 * (`ready`): React Router starts only with the whole of it, so no action ever reads a body cut
 * off at the limit. A file form's body streams on at once (`ready` now) through a counting
 * stream to its parser (app/forms/multipart.server.ts); past the limit that stream ends in an
 * error once the refusal's answer is out, and the parser takes a body cut off as one it cannot read.
 */
export function limitBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  { ready, tooLarge }: { ready: () => void; tooLarge: () => void },
) {
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return tooLarge();
  let received = 0;
  const refuse = () => {
    req.pause();
    tooLarge();
  };
  if (maxBytes <= smallBodyBytes) {
    const held: Buffer[] = [];
    const hold = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) return void held.push(chunk);
      req.off("data", hold).off("end", pass);
      held.length = 0;
      refuse();
    };
    const pass = () => {
      taken.set(req, Buffer.concat(held));
      ready();
    };
    req.on("data", hold).once("end", pass);
    return;
  }
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, passOn) {
      received += chunk.length;
      if (received <= maxBytes) return passOn(null, chunk);
      req.unpipe(counted);
      refuse();
      // A reader still waiting for the rest learns, once the answer is out, that there is none.
      res.once("close", () => counted.destroy(new Error("The request was refused before its body was read.")));
    },
  });
  taken.set(req, req.pipe(counted));
  ready();
}

/** How long a refused request's connection stays open after its answer, at most. */
const lingerMs = 5_000;

/** The requests refused before their body was read, whose answer is still to be written. */
const refused = new WeakSet<IncomingMessage>();

/**
 * Closes the connection of a request refused while its body may still be arriving, once its
 * answer is out, reading nothing more of it.
 *
 * Node closes a connection as soon as an answer with `Connection: close` ends; with the client's
 * bytes unread, the kernel then resets it at once, and the client, still sending, can fail on its
 * next write before it reads the answer. So, like nginx's lingering close, the answer is written
 * whole (`endOnceSenderStops`) and ended only once the client stopped sending: the body complete,
 * the client gone, or `lingerMs` later. An answer already sent (a file form's own) is followed by
 * the end of the connection here, which closes `lingerMs` later unless the client closed it first.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse) {
  if (!res.headersSent) {
    refused.add(req);
    return void res.setHeader("Connection", "close");
  }
  const { socket } = req;
  const linger = () => {
    socket.end();
    setTimeout(() => socket.destroy(), lingerMs).unref();
  };
  if (res.writableFinished) linger();
  else res.once("finish", linger);
}

/** Whether a request was refused while its body may still be arriving (`closeAfterAnswer`). */
export const wasRefused = (req: IncomingMessage) => refused.has(req);

/** Writes a refused request's answer whole, with its length, and ends it once the client stopped sending. */
export function endOnceSenderStops(req: IncomingMessage, res: ServerResponse, body: Uint8Array) {
  res.setHeader("Content-Length", body.byteLength);
  res.write(body);
  if (req.complete) return void res.end();
  const end = () => {
    clearTimeout(timer);
    res.end();
  };
  const timer = setTimeout(end, lingerMs);
  req.once("end", end);
  req.socket.once("close", end);
  return true;
}
