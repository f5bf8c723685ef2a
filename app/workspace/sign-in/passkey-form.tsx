import type { ReactNode } from "react";
import { Alert } from "#app/ui/alert.tsx";
import { Button } from "#app/ui/button.tsx";
import type { PasskeyCeremony } from "./passkey-client.ts";
import { workspace } from "../shell/workspace-content.ts";
import { passkeyNameMaxLength } from "../shell/workspace-limits.ts";

const fieldClasses = "mt-1 block w-full rounded-control border border-line bg-raised px-3 py-2";

/** The new passkey's name, offered as the browser and system it is made on; the person may change it. */
export function PasskeyNameField({ defaultValue }: { defaultValue: string }) {
  const copy = workspace.passkeys;
  return (
    <label className="block font-semibold">
      {copy.nameLabel}
      <span className="block text-sm font-normal text-ink-muted">{copy.nameHint}</span>
      <input name="name" defaultValue={defaultValue} maxLength={passkeyNameMaxLength} className={fieldClasses} />
    </label>
  );
}

/**
 * The form whose button runs a passkey ceremony (sign in, enrol, add a passkey), after the fields
 * it may have: the note shown without JavaScript, why the last ceremony stopped (in a live region
 * that is in the page before any message, so the message is read out), and the button, disabled
 * until the page's script runs and while the ceremony does.
 */
export function PasskeyForm({
  ceremony,
  problem = ceremony.problem,
  label,
  workingLabel,
  needsJavaScript,
  children,
}: {
  ceremony: PasskeyCeremony;
  /** What to say instead of the ceremony's own problem (one the server sent with the page). */
  problem?: string | null;
  label: string;
  workingLabel: string;
  needsJavaScript: string;
  children?: ReactNode;
}) {
  return (
    <>
      <noscript>
        <Alert tone="error" as="p" announced={false} className="mt-4">
          {needsJavaScript}
        </Alert>
      </noscript>
      <div role="alert" aria-live="assertive">
        {problem ? (
          <Alert tone="error" as="p" announced={false} className="mt-4">
            {problem}
          </Alert>
        ) : null}
      </div>
      <form method="post" onSubmit={ceremony.onSubmit} className="mt-6 space-y-4">
        {children}
        <Button type="submit" disabled={ceremony.disabled} className="w-full sm:w-auto">
          {ceremony.working ? workingLabel : label}
        </Button>
      </form>
    </>
  );
}
