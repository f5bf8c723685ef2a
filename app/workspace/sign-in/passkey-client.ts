import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { type FormEvent, useEffect, useState } from "react";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { workspace } from "../shell/workspace-content.ts";

// What the passkey pages (sign-in, enrolment, the person's passkeys) share in the browser:
// posting a step of a passkey ceremony as JSON, telling a cancelled ceremony from a failed one,
// and the state of the form whose button runs it (app/workspace/sign-in/passkey-form.tsx).

/**
 * False until the page's script runs: the passkey buttons stay disabled until then, so a click
 * while the scripts arrive (or with JavaScript off, where a note says why) posts nothing.
 */
export function useScriptsReady() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}

/** The server's answer to a step posted from a page opened at another origin than the site's. */
export type OpenedElsewhereAnswer = { error: "wrong origin"; siteOrigin: string };

/** The page was opened at another origin than the site's: passkeys, bound to the site, cannot work here. */
export class OpenedElsewhere extends Error {
  readonly siteOrigin: string;

  constructor(siteOrigin: string) {
    super("page opened at another origin than the site's");
    this.siteOrigin = siteOrigin;
  }
}

/** The server refused a step, for a reason the person is told (too many attempts). */
export class StepRefused extends Error {}

/**
 * Posts a step, with the browser's time zone: a ceremony that signs someone in gives the server
 * their zone before the first page, which then shows their times in it. Throws OpenedElsewhere
 * when the server says the page is at the wrong address.
 */
export async function postStep<T>(
  url: string,
  body: object,
): Promise<{ ok: true; data: T } | { ok: false; status: number }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, zone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
  });
  if (response.status === 409) {
    const answer = (await response.json().catch(() => null)) as Partial<OpenedElsewhereAnswer> | null;
    if (answer?.error === "wrong origin" && typeof answer.siteOrigin === "string")
      throw new OpenedElsewhere(answer.siteOrigin);
  }
  if (!response.ok) return { ok: false, status: response.status };
  return { ok: true, data: (await response.json()) as T };
}

/** The person closed the browser's dialog, it timed out, or another ceremony replaced this one. */
export function wasCancelled(error: unknown) {
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  return name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED";
}

/** What to tell the person when a ceremony stopped: where to open the page, that it was cancelled, or that it failed. */
export function ceremonyProblem(error: unknown, failedMessage: string) {
  if (error instanceof OpenedElsewhere) {
    const { origin, pathname, search } = window.location;
    return fillTemplate(workspace.openedElsewhere, {
      page: origin,
      site: error.siteOrigin,
      address: `${error.siteOrigin}${pathname}${search}`,
    });
  }
  if (error instanceof StepRefused) return error.message;
  return wasCancelled(error) ? workspace.signIn.cancelled : failedMessage;
}

/**
 * A form whose button runs a passkey ceremony (sign in, enrol, add a passkey): disabled until the
 * page's script runs and while the ceremony does; says why it stopped when it fails. `run` starts
 * one without the button (sign-in's passkey offered among the e-mail field's suggestions): it
 * stays silent when cancelled, as the button's own ceremony may be what replaced it.
 */
export function usePasskeyCeremony(ceremony: (form: HTMLFormElement) => Promise<void>, failedMessage: string) {
  const ready = useScriptsReady();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  function stopped(error: unknown) {
    setWorking(false);
    setProblem(ceremonyProblem(error, failedMessage));
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!browserSupportsWebAuthn()) return setProblem(workspace.signIn.unsupported);
    setProblem(null);
    setWorking(true);
    ceremony(event.currentTarget).catch(stopped);
  }
  function run(other: () => Promise<void>) {
    other().catch((error: unknown) => {
      if (!wasCancelled(error)) stopped(error);
    });
  }
  return { disabled: !ready || working, working, problem, onSubmit, run };
}

export type PasskeyCeremony = ReturnType<typeof usePasskeyCeremony>;
