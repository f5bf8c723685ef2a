import { parseEnv } from "./env.ts";

// Read and validated once per process, when the server build is first imported.
export const env = parseEnv(process.env);

/** Whether the visitor sees this answer over https: the site's address is, or the request came so (through a trusted proxy). */
export function isSecureRequest(request: Request) {
  return env.SITE_URL.startsWith("https:") || new URL(request.url).protocol === "https:";
}
