import type { ReactNode } from "react";
import { ButtonLink } from "./button-link.tsx";
import { confirmationId } from "./confirmation-id.ts";
import { Card } from "./card.tsx";
import { Icon } from "./illustrations.tsx";

/**
 * Shown once a form's submission is stored, on the page the form's answer leads to: its heading
 * takes focus as the page opens, so it is read out, and the address ends in `#confirmation`, so
 * the browser brings it into view clear of the sticky header (the page's scroll padding).
 */
export function Confirmation({
  title,
  message,
  action,
  children,
}: {
  title: string;
  message: string;
  action: { href: string; label: string };
  children?: ReactNode;
}) {
  return (
    <Card className="p-6 sm:p-8">
      <div className="flex items-center gap-3 text-accent">
        <Icon name="check" />
        <h2
          id={confirmationId}
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: the answer's page opens on its confirmation, once (decision 028)
          autoFocus
          className="text-2xl font-extrabold tracking-tight text-ink focus:outline-none"
        >
          {title}
        </h2>
      </div>
      <p role="status" className="mt-4 text-lead text-ink-muted">
        {message}
      </p>
      {children}
      <ButtonLink href={action.href} variant="secondary" className="mt-8">
        {action.label}
      </ButtonLink>
    </Card>
  );
}
