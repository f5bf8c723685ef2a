import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod/mini";
import { Alert } from "#app/ui/alert.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import type { FormSchema } from "./field-rules.ts";
import { honeypotField, startedField, visitorZoneField } from "./guard-fields.ts";

/**
 * Conform set up the way every public form here works: one zod schema (`schema`, the function
 * that builds it on first use, field-rules.ts' formSchema), validation on submit and
 * then as the visitor corrects, the browser's own checks until the page is interactive, and the
 * server's result (lastResult) shown as the page comes back. The form posts as a plain form does,
 * once its checks pass (decision 028). `formProps` go on the form element; `control(name)` gives a
 * field its name and, without JavaScript, focus when it is the first invalid one; `sending` says
 * the form is on its way. (Conform's field keys
 * only matter for its reset and list intents, which these forms do not use.) The schema is not
 * built as the form first renders (hydration): it is asked for at the first check, or by the
 * idle time after hydration, whichever comes first, or as the render reads a server's errors.
 */
export function useSiteForm<Schema extends z.ZodMiniObject>({
  id,
  schema,
  lastResult,
}: {
  id: string;
  schema: (() => Schema) & Pick<FormSchema, "buildSome">;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    // Conform would render the form without `noValidate`, then set it in a second render as it
    // mounts; that render reached every field before React had hydrated them, and hydrated them
    // all at once, in one task of 300 ms at CPU 4× (decision 025). The form is rendered without
    // it (the browser's checks without JavaScript) and gets it here, without a render.
    defaultNoValidate: true,
    // Not "onBlur": Conform validates a blur by submitting, which raced with a click on Send.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema() }),
  });
  // The fields in the schema's order, for the first with an error: the schema only when there
  // are errors (the server's, or a check's, which built it already).
  const firstInvalid = Object.keys(form.allErrors).length
    ? (Object.keys(schema().shape) as Array<keyof z.input<Schema> & string>).find(
        (name) => fields[name]?.errors?.length,
      )
    : undefined;
  const control = (name: keyof z.input<Schema> & string) => ({
    name: fields[name]?.name ?? name,
    autoFocus: name === firstInvalid ? true : undefined,
  });
  const value = (name: keyof z.input<Schema> & string) => fields[name]?.initialValue as string | undefined;
  const element = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (element.current) element.current.noValidate = true;
  }, []);
  useEffect(() => {
    // The schema built in the browser's idle time once the form is React's, a few fields at a
    // time, so the first check (the visitor's Send) does not build it; a browser without idle
    // callbacks builds it then.
    if (typeof requestIdleCallback !== "function") return;
    let idle = 0;
    const buildSome = (deadline: IdleDeadline) => {
      // A few milliseconds a turn at most (an idle period may offer 50): a key pressed meanwhile waits for one field.
      const until = performance.now() + idleSliceMs;
      const slice = { timeRemaining: () => Math.min(deadline.timeRemaining(), until - performance.now()) };
      if (!schema.buildSome(slice)) idle = requestIdleCallback(buildSome);
    };
    idle = requestIdleCallback(buildSome);
    return () => cancelIdleCallback(idle);
  }, [schema]);
  const [sending, setSending] = useState(false);
  useDraftKeptInTab(id, sending);
  useEffect(() => {
    // A page the browser brings back from its history cache is no longer sending.
    const reset = (event: PageTransitionEvent) => event.persisted && setSending(false);
    addEventListener("pageshow", reset);
    return () => removeEventListener("pageshow", reset);
  }, []);
  const conformProps = getFormProps(form);
  const formProps = {
    ...conformProps,
    noValidate: undefined,
    ref: element,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      conformProps.onSubmit(event);
      if (!event.defaultPrevented) setSending(true);
    },
  };
  // A message for the whole form that came back from the server (the rate limit, a time just
  // taken) takes focus when no field has an error to take it, so it is read out on the new page.
  const focusAlert = !firstInvalid;
  return { form, fields, control, value, formProps, sending, focusAlert };
}

/** How long one idle turn may build the schema (a field is built whole, so a turn may run a little over). */
const idleSliceMs = 4;

/** The kinds of field whose text is kept in the tab; files, choices and hidden fields are not. */
const keptInputTypes = new Set(["text", "email", "tel", "url"]);

/**
 * What the visitor typed, kept in the tab (sessionStorage, gone with the tab) until the form is
 * sent, and put back into the fields it finds empty: a cookie choice, or another booking day or
 * zone, is another page (decision 028). Text only, never the honeypot.
 */
function useDraftKeptInTab(formId: string, sent: boolean) {
  const key = `draft:${formId}`;
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const fields = [...form.elements].filter(
      (field): field is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
        (field instanceof HTMLTextAreaElement ||
          field instanceof HTMLSelectElement ||
          (field instanceof HTMLInputElement && keptInputTypes.has(field.type))) &&
        Boolean(field.name) &&
        field.name !== honeypotField,
    );
    const keep = () => {
      try {
        sessionStorage.setItem(
          key,
          JSON.stringify(Object.fromEntries(fields.map((field) => [field.name, field.value]))),
        );
      } catch {
        // Storage refused (a private window's quota): the text stays in the page only.
      }
    };
    try {
      const kept: unknown = JSON.parse(sessionStorage.getItem(key) ?? "{}");
      for (const field of fields) {
        const value = (kept as Record<string, unknown>)[field.name];
        if (!field.value && typeof value === "string") field.value = value;
      }
    } catch {
      // Nothing readable kept.
    }
    keep();
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    return () => {
      form.removeEventListener("input", keep);
      form.removeEventListener("change", keep);
    };
  }, [formId, key]);
  useEffect(() => {
    if (!sent) return;
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  }, [sent, key]);
}

/**
 * The hidden fields every public form carries: its signed start time, a honeypot, and the
 * visitor's time zone, put in by the page's script as the form is sent (their receipt gives times
 * in it; without JavaScript it stays empty and the receipt says UTC).
 */
export function GuardFields({ stamp }: { stamp: string }) {
  const zone = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = zone.current?.form;
    if (!form) return;
    // Read as the form is sent, not as React takes over: a page's first Intl.DateTimeFormat costs
    // 10-15 ms of CPU (issue 50), the longest task of the first interaction when it ran there (or
    // in the first key's, had it been read with the form's data, which Conform reads as the
    // visitor types), and only a visitor who sends the form needs it. The submit event comes
    // before the browser reads the form's data to send it.
    let browserZone: string | undefined;
    const readZone = () => {
      browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone.current) zone.current.value = browserZone;
    };
    // Put in whenever the form's data is read: Conform sets its fields back to the values it
    // rendered as the visitor types, which would empty an input set once.
    const putZone = (event: FormDataEvent) => {
      if (browserZone) event.formData.set(visitorZoneField, browserZone);
    };
    form.addEventListener("submit", readZone, { capture: true });
    form.addEventListener("formdata", putZone);
    return () => {
      form.removeEventListener("submit", readZone, { capture: true });
      form.removeEventListener("formdata", putZone);
    };
  }, []);
  return (
    <>
      <input type="hidden" name={startedField} value={stamp} />
      <input ref={zone} type="hidden" name={visitorZoneField} defaultValue="" />
      {/* A field people never see or reach; bots that fill every input give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${honeypotField}-trap`}>Leave this field empty</label>
        <input id={`${honeypotField}-trap`} type="text" name={honeypotField} tabIndex={-1} autoComplete="off" />
      </div>
    </>
  );
}

/**
 * The form-level message (rate limit, upload too large, "please correct…"), announced when it
 * appears in the page, and focused when the page comes with it and `focus` (useSiteForm's `focusAlert`).
 */
export function FormAlert({
  id,
  messages,
  focus,
}: {
  id: string;
  messages: Array<string | null | undefined>;
  focus: boolean;
}) {
  const shown = messages.filter((message): message is string => Boolean(message));
  return (
    <div
      id={id}
      role="alert"
      aria-live="assertive"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the answer's page opens on what went wrong, once (decision 028)
      autoFocus={focus && shown.length > 0 ? true : undefined}
      className="focus:outline-none"
    >
      {shown.length ? (
        <Alert tone="error" as="ul" announced={false} className="mb-6 space-y-1">
          {shown.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </Alert>
      ) : null}
    </div>
  );
}

/** What a field needs of its form (useSiteForm gives it): its metadata, its control props and first value. */
type FormOfField<Name extends string> = {
  fields: Record<Name, { id: string; errorId: string; descriptionId: string; errors?: string[] }>;
  control: (name: Name) => { name: string; autoFocus?: boolean };
  value: (name: Name) => string | undefined;
};

/**
 * A labelled one-line text box of a public form (contact, application, booking): its label and
 * required mark, hint and errors tied to it for screen readers, the value typed kept when the form
 * comes back, and focus on the first field in error. `input` is what the box itself says (type,
 * autocomplete, length).
 */
export function TextField<Name extends string>({
  form,
  name,
  label,
  required = false,
  hint,
  ...input
}: {
  form: FormOfField<Name>;
  name: Name;
  label: string;
  required?: boolean;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "id" | "defaultValue" | "required" | "className">) {
  const field = form.fields[name];
  return (
    <Field
      id={field.id}
      errorId={field.errorId}
      hintId={field.descriptionId}
      label={label}
      required={required}
      hint={hint}
      errors={field.errors}
    >
      {(props) => (
        <input {...props} {...form.control(name)} defaultValue={form.value(name)} required={required} {...input} />
      )}
    </Field>
  );
}

/**
 * A public form's send button (saying so while it sends, `sending` from useSiteForm) with the one line beside it that says
 * where the data goes and links to the privacy notice (GDPR art. 13, layered).
 */
export function SubmitWithPrivacyNote({
  label,
  sendingLabel,
  privacyNote,
  privacyHref,
  sending,
}: {
  label: string;
  sendingLabel: string;
  sending: boolean;
  privacyNote: { text: string; linkLabel: string };
  privacyHref: string;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
      {/* The line beside it takes the room left: the button keeps its label on one line. */}
      <Button type="submit" className="w-full sm:w-auto sm:shrink-0">
        {sending ? sendingLabel : label}
      </Button>
      <p className="text-sm text-ink-muted">
        {privacyNote.text}{" "}
        <a href={privacyHref} className="font-semibold text-brand underline underline-offset-4">
          {privacyNote.linkLabel}
        </a>
      </p>
    </div>
  );
}
