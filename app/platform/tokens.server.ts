import { createHash, randomBytes } from "node:crypto";

/** A random token for a link or a cookie; only its hash is stored, so a database copy opens nothing. */
export function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/**
 * A path as it may be logged: a segment shaped like a token above (a meeting's manage link, a
 * workspace invitation) becomes ":token", since whoever reads the log could otherwise use it.
 */
export const withoutTokens = (path: string) => path.replace(/(?<=\/)[A-Za-z0-9_-]{43}(?=\/|$)/g, ":token");

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
