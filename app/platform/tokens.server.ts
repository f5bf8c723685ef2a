import { createHash, randomBytes } from "node:crypto";

/** A random token for a link or a cookie; only its hash is stored, so a database copy opens nothing. */
export function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

const tokenLength = 43; // 32 random bytes in base64url
const tokenSegment = /(?<=\/)[A-Za-z0-9_-]{43}(?=\/|$)/g;

/**
 * A path as it may be logged: a segment shaped like a token above (a manage link, an
 * invitation) becomes ":token", since whoever reads the log could otherwise use it.
 */
export const withoutTokens = (path: string) =>
  // Every answer's log line passes here: a path too short to hold "/" and a token skips the search.
  path.length > tokenLength ? path.replace(tokenSegment, ":token") : path;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
