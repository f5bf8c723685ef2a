import { Form } from "react-router";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { analyticsCopy } from "../insights/analytics-content.ts";
import { type PromiseState, promiseLabel } from "./reply-promise.ts";

// An inquiry's 24-hour promise on its page: where it stands, who answers it, and the buttons to
// take it, assign it and record the first reply (submission-actions.server.ts).

const copy = analyticsCopy.reply;
const buttonClasses = "min-h-10 rounded-control border border-line bg-raised px-4 font-semibold hover:bg-canvas";

export function ReplyPromisePanel({
  promise,
  me,
}: {
  promise: {
    ownerId: string | null;
    ownerEmail: string | null;
    state: PromiseState;
    staff: Array<{ id: string; email: string }>;
  };
  me: string;
}) {
  return (
    <section aria-labelledby="reply-promise" className="rounded-card border border-line bg-surface p-4 text-sm">
      <h2 id="reply-promise" className="font-semibold">
        {copy.title}
      </h2>
      <p className={`mt-1 text-base font-semibold ${promise.state.state === "late" ? "text-danger" : ""}`}>
        {promiseLabel(promise.state)}
      </p>
      <p className="text-ink-muted">
        {promise.ownerEmail ? fillTemplate(copy.ownedBy, { email: promise.ownerEmail }) : copy.nobody}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {promise.ownerId !== me ? (
          <Form method="post">
            <input type="hidden" name="intent" value="take" />
            <button type="submit" className={buttonClasses}>
              {copy.take}
            </button>
          </Form>
        ) : null}
        {promise.state.state !== "replied" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="replied" />
            <button type="submit" aria-describedby="replied-hint" className={buttonClasses}>
              {copy.replied}
            </button>
          </Form>
        ) : null}
      </div>
      <Form method="post" className="mt-3 grid gap-1">
        <input type="hidden" name="intent" value="owner" />
        <label htmlFor="reply-owner" className="font-semibold">
          {copy.owner}
        </label>
        <div className="flex gap-2">
          <select
            id="reply-owner"
            name="ownerId"
            defaultValue={promise.ownerId ?? ""}
            className="block w-full min-w-0 flex-1 rounded-control border border-line bg-raised px-3 py-2"
          >
            <option value="">{copy.nobody}</option>
            {promise.staff.map((person) => (
              <option key={person.id} value={person.id}>
                {person.email}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClasses}>
            {copy.assign}
          </button>
        </div>
      </Form>
      {promise.state.state !== "replied" ? (
        <p id="replied-hint" className="mt-2 text-xs text-ink-muted">
          {copy.repliedHint}
        </p>
      ) : null}
    </section>
  );
}
