import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { type FormEvent, useEffect, useState } from "react";
import { workspace } from "./workspace-content.ts";

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

/**
 * A form whose button runs a passkey ceremony (enrol, add a passkey): disabled until the page's
 * script runs and while the ceremony does; says why it stopped when it fails.
 */
export function usePasskeyCeremony(ceremony: () => Promise<void>, failedMessage: string) {
  const ready = useScriptsReady();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!browserSupportsWebAuthn()) return setProblem(workspace.signIn.unsupported);
    setProblem(null);
    setWorking(true);
    ceremony().catch((error: unknown) => {
      setWorking(false);
      setProblem(wasCancelled(error) ? workspace.signIn.cancelled : failedMessage);
    });
  }
  return { disabled: !ready || working, working, problem, onSubmit };
}
