import { timingSafeEqual } from "node:crypto";
import { cookieValue } from "#app/platform/cookies.ts";
import { signFor } from "#app/platform/secret.server.ts";
import { bookingRoutes } from "./booking-links.ts";

// The confirmation's proof that this browser booked the meeting: a cookie the booking's answer
// sets, naming the booking's submission and signed with the site's secret, for a day, sent only to
// the booking's pages. The confirmation's address carries no id (it may be shared or logged), so
// "Add to calendar" there, and the invitation's download, open only in the browser that booked.

const cookieName = "meeting_booked";
const purpose = "meeting-booked";
const maxAgeSeconds = 24 * 60 * 60;

const signature = (secret: string, submissionId: string) => signFor(secret, purpose, submissionId);

export function bookedProofCookie(secret: string, submissionId: string, { secure }: { secure: boolean }) {
  return [
    `${cookieName}=${submissionId}.${signature(secret, submissionId)}`, // an id, "." and base64url: valid cookie characters
    `Path=${bookingRoutes.page}`,
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The submission a request's cookie proves this browser booked, or null. */
export function provenSubmission(secret: string, cookieHeader: string | null) {
  const [submissionId, signed] = (cookieValue(cookieHeader, cookieName) ?? "").split(".");
  if (!submissionId || !signed || !/^[\w-]{1,64}$/.test(submissionId)) return null;
  const expected = Buffer.from(signature(secret, submissionId));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? submissionId : null;
}
