import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from "react";

const controlClasses =
  "block w-full rounded-control border border-line-strong bg-canvas px-3.5 py-2.5 text-base text-ink placeholder:text-ink-muted hover:border-brand aria-[invalid=true]:border-danger";

// The file input's own button, drawn like the site's secondary buttons inside the field's box.
const fileClasses =
  "cursor-pointer py-1.5 pl-1.5 file:mr-4 file:min-h-8 file:cursor-pointer file:rounded-[calc(var(--radius-control)-2px)] file:border-0 file:bg-brand-soft file:px-4 file:font-semibold file:text-brand hover:file:bg-brand hover:file:text-brand-ink";

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
  children: (control: {
    id: string;
    className: string;
    "aria-describedby"?: string;
    "aria-invalid"?: true;
  }) => ReactNode;
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

/**
 * A group of fields under its legend. `errors` are the group's own (what its fields lack
 * together, said once), shown under the legend and describing the group; they need its `id`.
 */
export function Fieldset({
  legend,
  id,
  errors,
  children,
}: {
  legend: string;
  id?: string;
  errors?: string[];
  children: ReactNode;
}) {
  const errorId = id && errors?.length ? `${id}-error` : undefined;
  return (
    <fieldset id={id} aria-describedby={errorId} className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 font-display text-heading">{legend}</legend>
      {errorId ? (
        <div className="-mt-3 sm:col-span-2">
          <FieldErrors id={errorId} errors={errors ?? []} />
        </div>
      ) : null}
      {children}
    </fieldset>
  );
}

type Chosen = { name: string; size: number };

function sizeLabel(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A file field drawn like the other fields, listing the files chosen (name and size) once the
 * page is interactive. A browser cannot keep chosen files when a post comes back with errors:
 * given `chooseAgain` (the form came back from the server), the field says so while it is empty.
 */
export function FileField({
  id,
  label,
  required = false,
  hint,
  errors,
  errorId,
  hintId,
  chosenLabel,
  chooseAgain,
  input,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  errors?: string[];
  errorId?: string;
  hintId?: string;
  /** The list's accessible name, e.g. "Chosen files". */
  chosenLabel: string;
  chooseAgain?: string | null;
  /** The input's own attributes: name, accept, multiple, required, autoFocus. */
  input: Omit<ComponentProps<"input">, "type" | "id" | "className">;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const read = () => {
    const files = Array.from(ref.current?.files ?? [], ({ name, size }) => ({ name, size }));
    // No files, as before, is no change: a render for it would set the input's `name` again,
    // which Conform takes for a changed form, reading and rendering the whole form again (a task
    // of 40–70 ms at CPU 4× right after the form was hydrated, issue 32).
    setChosen((before) => (files.length === 0 && before.length === 0 ? before : files));
  };
  // Files picked before the scripts started are in the input already.
  useEffect(read, []);
  const askAgain = chooseAgain && chosen.length === 0;
  return (
    <Field
      id={id}
      label={label}
      required={required}
      errors={errors}
      errorId={errorId}
      hintId={hintId}
      hint={
        hint || askAgain ? (
          <>
            {hint}
            {askAgain ? (
              <span className="mt-1.5 block rounded-control bg-accent-soft px-3 py-2 font-semibold text-accent">
                {chooseAgain}
              </span>
            ) : null}
          </>
        ) : undefined
      }
    >
      {(control) => (
        <>
          <input
            {...control}
            {...input}
            ref={ref}
            type="file"
            onChange={read}
            className={`${control.className} ${fileClasses}`}
          />
          {chosen.length ? (
            <ul aria-label={chosenLabel} className="mt-2 space-y-1 text-sm">
              {chosen.map((file, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name; the list is replaced whole
                  key={`${file.name}-${index}`}
                  className="flex items-center justify-between gap-3 rounded-control bg-surface px-3 py-2"
                >
                  <span className="min-w-0 truncate font-semibold">{file.name}</span>
                  <span className="shrink-0 font-mono text-ink-muted">{sizeLabel(file.size)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Field>
  );
}
