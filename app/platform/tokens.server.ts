import { createHash, randomBytes } from "node:crypto";

/** A random token for a link or a cookie; only its hash is stored, so a database copy opens nothing. */
export function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
