import { type ReactNode, useEffect, useRef } from "react";
import { ButtonLink } from "./button.tsx";
import { Card } from "./card.tsx";
import { Icon } from "./illustrations.tsx";

/** Shown once a form's submission is stored; focus moves here so the result is announced. */
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // focus() does not scroll an element it finds in view, even under the sticky header;
    // scrollIntoView honours the page's scroll padding and brings it clear.
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <Card className="p-6 sm:p-8">
      <div className="flex items-center gap-3 text-accent">
        <Icon name="check" />
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-ink focus:outline-none">
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
