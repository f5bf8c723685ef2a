import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Field } from "#app/ui/field.tsx";
import type { Choice } from "./choices.ts";

// What the postings and proof editors share besides their versions: the bar of save and publish
// that stays on screen, the one confirmation a destructive action asks (a page of its own state,
// ?close or ?delete, so it works without JavaScript), and a labelled list to choose from.

/**
 * The form's buttons, kept at the bottom of the screen while the form is on it: one row, which
 * scrolls sideways on a phone rather than taking a third of its screen.
 */
export function ActionBar({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-6 -mb-6 flex gap-3 overflow-x-auto rounded-b-card border-t border-line bg-surface/95 px-6 py-3 backdrop-blur *:shrink-0 sm:flex-wrap">
      {children}
    </div>
  );
}

/** The button that asks first: a GET to the page with `?{ask}`, whose confirmation does it. */
export function AskFirstButton({ ask, label }: { ask: string; label: string }) {
  return (
    <Form method="get">
      <Button type="submit" name={ask} value="" variant="danger">
        {label}
      </Button>
    </Form>
  );
}

/** The step before a destructive change: what it does; the confirm posts `intent`, Cancel goes back. */
export function ConfirmStep({
  id,
  question,
  explanation,
  intent,
  confirm,
  cancel,
  cancelHref,
}: {
  id: string;
  question: string;
  explanation: string;
  intent: string;
  confirm: string;
  cancel: string;
  cancelHref: string;
}) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-card border border-danger/60 p-5">
      <h2 id={id} className="text-lg font-bold">
        {question}
      </h2>
      <p className="mt-1 text-ink-muted">{explanation}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="confirmed" value="yes" />
          <Button type="submit" name="intent" value={intent} variant="danger">
            {confirm}
          </Button>
        </Form>
        <ButtonLink href={cancelHref} variant="secondary">
          {cancel}
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * A required list: an empty first option asks for a choice, so a form never sends a value nobody
 * chose (and the HTML is valid: a required select's first option must be empty).
 */
export function ChoiceField({
  id,
  name,
  label,
  hint,
  placeholder,
  choices,
  value,
  required = false,
  errorId,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  placeholder: string;
  choices: Choice[];
  value: string;
  required?: boolean;
  errorId?: string;
  errors?: string[];
}) {
  return (
    <Field id={id} errorId={errorId} errors={errors} label={label} hint={hint} required={required}>
      {(props) => (
        <select {...props} name={name} defaultValue={value} required={required}>
          <option value="">{placeholder}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
