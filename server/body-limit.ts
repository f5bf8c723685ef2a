import type { IncomingMessage, ServerResponse } from "node:http";
import { resumeUploads } from "#app/careers/application-schema.ts";
import { contactUploads } from "#app/contact/contact-schema.ts";
import { uploadBodyBytes } from "#app/forms/multipart.server.ts";
import { withoutTrailingSlash } from "#app/platform/uri.ts";
import { matchPath } from "react-router";
import { careersRoutes } from "#app/careers/jobs.ts";
import { maxImageBytes } from "#app/pages/proof-fields.ts";
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

/**
 * Lets at most `maxBytes` of a request's body through. Node's HTTP parser hands the request each
 * piece of its body with push(): counted there, no reader (React Router, the upload parser) can
 * ever receive more, whether the length was declared or the body comes in chunks. Past the limit
 * the socket is no longer read, and `tooLarge` answers.
 *
 * A body of at most smallBodyBytes is held until it is complete and only then passed on
 * (`ready`): React Router starts only with the whole of it, so no action ever reads a body cut
 * off at the limit. A file form's body streams on at once (`ready` now) to its parser
 * (app/forms/multipart.server.ts), which takes a body cut off (an error) as one it cannot read.
 */
export function limitBody(
  req: IncomingMessage,
  maxBytes: number,
  { ready, tooLarge }: { ready: () => void; tooLarge: () => void },
) {
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return tooLarge();
  const hold = maxBytes <= smallBodyBytes;
  const push = req.push.bind(req);
  const held: Buffer[] = [];
  let received = 0;
  // (Called by the parser while it reads the socket: the rest of the work waits for the next tick.)
  req.push = (chunk: Buffer | null) => {
    if (chunk === null) {
      req.push = push;
      if (!hold) return push(null);
      for (const piece of held) push(piece);
      process.nextTick(ready);
      return push(null);
    }
    received += chunk.length;
    if (received > maxBytes) {
      req.push = () => false; // (false: the parser stops reading the socket)
      held.length = 0;
      process.nextTick(tooLarge);
      return false;
    }
    if (!hold) return push(chunk);
    held.push(chunk);
    return true;
  };
  if (!hold) ready();
}

/** How long a refused request's connection stays open after its answer. */
const lingerMs = 5_000;

/**
 * Closes the connection of a request refused while its body may still be arriving, once its
 * answer is out (with `Connection: close` when it is not sent yet), reading nothing more of it.
 * Node would close the socket as soon as the answer is written; with the client's bytes unread,
 * the kernel then resets the connection at once, which can destroy the answer on its way. So,
 * like nginx's lingering close, the answer's end is sent first and, unless the whole body had
 * arrived, the socket closes `lingerMs` later. (Reading and dropping meanwhile would cost memory
 * until the next garbage collection.) A reader still waiting for the body then gets an error.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse) {
  const { socket } = req;
  const linger = () => {
    socket.pause(); // Node resumes reading to drop a body nobody read
    socket.end();
    setTimeout(() => socket.destroy(), req.complete ? 0 : lingerMs).unref();
  };
  socket.once("close", () => req.destroy(new Error("The request was refused before its body was read.")));
  if (!res.headersSent) {
    res.setHeader("Connection", "close");
    socket.destroySoon = linger; // what Node calls once a `Connection: close` answer is written
  } else if (res.writableFinished) {
    linger();
  } else {
    res.once("finish", linger);
  }
}
