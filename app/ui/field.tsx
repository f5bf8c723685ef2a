import type { ReactNode } from "react";

const controlClasses =
  "block w-full rounded-control border border-line bg-canvas px-3.5 py-2.5 text-base text-ink placeholder:text-ink-muted aria-[invalid=true]:border-danger";

/**
 * A labelled form control with its hint and error beside it. The control gets the ids it
 * needs (`aria-describedby`, `aria-invalid`) from here, so every field is wired the same way.
 */
export function Field({
  id,
  label,
  required = false,
  hint,
  errors,
  errorId: errorIdBase = `${id}-error`,
  hintId: hintIdBase = `${id}-hint`,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  errors?: string[];
  /** Ids a form library expects (Conform's errorId and descriptionId); derived from `id` otherwise. */
  errorId?: string;
  hintId?: string;
  children: (control: { id: string; className: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}) {
  const hintId = hint ? hintIdBase : undefined;
  const errorId = errors?.length ? errorIdBase : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children({
        id,
        className: controlClasses,
        "aria-describedby": describedBy,
        ...(errorId ? { "aria-invalid": true as const } : {}),
      })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {errorId ? <FieldErrors id={errorId} errors={errors ?? []} /> : null}
    </div>
  );
}

/** The asterisk of a required field (the field itself carries `required` for assistive technology). */
export function RequiredMark() {
  return (
    <span className="text-danger" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** A field's errors, referenced by the control's `aria-describedby`. */
export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  return (
    <ul id={id} className="mt-1.5 text-sm font-semibold text-danger">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 text-lg font-bold">{legend}</legend>
      {children}
    </fieldset>
  );
}
