import { useEffect, useRef } from "react";
import type { ContactContent } from "#app/content/schema.ts";
import { ButtonLink } from "./button.tsx";
import { Card } from "./card.tsx";
import { Icon } from "./illustrations.tsx";

/** Shown after the inquiry is stored: the reply promise again, and what happens next. */
export function ContactConfirmation({
  content,
  steps,
}: {
  content: ContactContent["confirmation"];
  steps: ContactContent["nextSteps"]["steps"];
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // After a client-side submission, move focus here so the result is announced.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="p-6 sm:p-8">
      <div className="flex items-center gap-3 text-accent">
        <Icon name="check" />
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-ink focus:outline-none">
          {content.title}
        </h2>
      </div>
      <p role="status" className="mt-4 text-lead text-ink-muted">
        {content.message}
      </p>
      <h3 className="mt-8 font-bold">{content.nextStepsTitle}</h3>
      <ol className="mt-3 list-decimal space-y-2 pl-5">
        {steps.map((step) => (
          <li key={step.title}>
            <span className="font-semibold">{step.title}:</span> {step.description}
          </li>
        ))}
      </ol>
      <ButtonLink href="/contact" variant="secondary" className="mt-8">
        {content.another}
      </ButtonLink>
    </Card>
  );
}
