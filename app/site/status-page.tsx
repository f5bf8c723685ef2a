import { data } from "react-router";
import type { Route } from "./+types/status-page";

// The site's error page for a status decided elsewhere: by the server before React Router saw
// the request (server/app.ts: a method no page takes, an address it cannot decode, an address
// or a body over the limits, a body it cannot read or does not take there, a post from another
// site's page), or by a route that sends a visitor without JavaScript here (429
// from /consent). The root error boundary renders it.

const statuses = new Set([400, 403, 405, 413, 414, 415, 429]);

export function loader({ params }: Route.LoaderArgs) {
  const code = Number(params.code);
  throw data(null, {
    status: statuses.has(code) ? code : 404,
    headers: code === 429 ? { "Retry-After": "60" } : undefined,
  });
}

export default function StatusPage() {
  return null;
}
