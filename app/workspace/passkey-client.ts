import { useEffect, useState } from "react";

// What the sign-in and enrolment pages share in the browser: posting a step of a passkey
// ceremony as JSON, and telling a cancelled ceremony from a failed one.

/**
 * False until the page's script runs: the passkey buttons stay disabled until then, so a click
 * while the scripts arrive (or with JavaScript off, where a note says why) posts nothing.
 */
export function useScriptsReady() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}

export async function postStep<T>(url: string, body: unknown): Promise<{ ok: true; data: T } | { ok: false; status: number }> {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) return { ok: false, status: response.status };
  return { ok: true, data: (await response.json()) as T };
}

/** The person closed the browser's dialog, it timed out, or another ceremony replaced this one. */
export function wasCancelled(error: unknown) {
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  return name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED";
}
