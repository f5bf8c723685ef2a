import { Form } from "react-router";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { analyticsCopy } from "../insights/analytics-content.ts";
import { fieldClasses } from "../shell/notice.tsx";
import { type PromiseState, promiseLabel } from "./reply-promise.ts";

// An inquiry's 24-hour promise on its page: where it stands, who answers it, and the buttons to
// take it, assign it and record the first reply (submission-actions.server.ts).

const copy = analyticsCopy.reply;
const buttonClasses = "rounded-control border border-line px-4 py-2 font-semibold hover:bg-surface";

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
    <section aria-labelledby="reply-promise" className="mt-6 rounded-card border border-line p-4">
      <h2 id="reply-promise" className="text-xl font-bold">
        {copy.title}
      </h2>
      <p className={`mt-2 font-semibold ${promise.state.state === "late" ? "text-danger" : ""}`}>
        {promiseLabel(promise.state)}
      </p>
      <p className="mt-1">
        {promise.ownerEmail ? fillTemplate(copy.ownedBy, { email: promise.ownerEmail }) : copy.nobody}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        {promise.ownerId !== me ? (
          <Form method="post">
            <input type="hidden" name="intent" value="take" />
            <button type="submit" className={buttonClasses}>
              {copy.take}
            </button>
          </Form>
        ) : null}
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="owner" />
          <label className="font-semibold">
            {copy.owner}
            <select name="ownerId" defaultValue={promise.ownerId ?? ""} className={fieldClasses}>
              <option value="">{copy.nobody}</option>
              {promise.staff.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.email}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClasses}>
            {copy.assign}
          </button>
        </Form>
        {promise.state.state !== "replied" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="replied" />
            <button type="submit" className={buttonClasses}>
              {copy.replied}
            </button>
          </Form>
        ) : null}
      </div>
      {promise.state.state !== "replied" ? <p className="mt-2 text-sm text-ink-muted">{copy.repliedHint}</p> : null}
    </section>
  );
}
