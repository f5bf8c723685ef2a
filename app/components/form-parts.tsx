import { honeypotField } from "#app/forms/guard-fields.ts";

/** The form-level message (rate limit, upload too large, "please correct…"), announced when it appears. */
export function FormAlert({ id, messages }: { id: string; messages: string[] }) {
  return (
    <div id={id} role="alert" aria-live="assertive">
      {messages.length ? (
        <ul className="mb-6 space-y-1 rounded-card border border-danger/40 bg-danger/5 p-4 font-semibold text-danger">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A field people never see or reach; bots that fill every input give themselves away. */
export function SpamTrap() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`${honeypotField}-trap`}>Leave this field empty</label>
      <input id={`${honeypotField}-trap`} type="text" name={honeypotField} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
