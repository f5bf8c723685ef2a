import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { analyticsCopy } from "../insights/analytics-content.ts";
import { Notice } from "../shell/notice.tsx";
import { type ReplyForm as ReplyFields, ReplyFormSchema } from "./reply-form-schema.ts";
import { replyMessageMaxLength, replySubjectMaxLength } from "../shell/workspace-limits.ts";

// An inquiry's reply by e-mail, from its page (issue 34): subject (prefilled "Re: …") and
// message, sent through the outbox by the page's action (submission-actions.server.ts). Works
// without JavaScript: the action answers errors with the form's result and what was typed.

const copy = analyticsCopy.reply.form;

export function ReplyForm({
  to,
  subject,
  lastResult,
  formError,
}: {
  /** The inquirer's address. */
  to: string;
  subject: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  formError: string | null;
}) {
  const [form, fields] = useForm<ReplyFields>({
    id: "reply-form",
    lastResult,
    defaultValue: { subject },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReplyFormSchema }),
  });
  const errors = [formError, ...(form.errors ?? [])].filter(Boolean);
  return (
    <section aria-labelledby="reply-title" className="mt-8 rounded-card border border-line p-4">
      <h2 id="reply-title" className="text-xl font-bold">
        {copy.title}
      </h2>
      <p className="mt-1 text-ink-muted wrap-anywhere">{fillTemplate(copy.intro, { email: to })}</p>
      {errors.length ? <Notice tone="problem">{errors.join(" ")}</Notice> : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="reply" />
        <Field
          id={fields.subject.id}
          errorId={fields.subject.errorId}
          errors={fields.subject.errors}
          label={copy.subject}
          required
        >
          {(props) => (
            <input
              {...props}
              name={fields.subject.name}
              defaultValue={(fields.subject.initialValue as string | undefined) ?? ""}
              required
              maxLength={replySubjectMaxLength}
            />
          )}
        </Field>
        <Field
          id={fields.message.id}
          errorId={fields.message.errorId}
          errors={fields.message.errors}
          label={copy.message}
          hint={copy.messageHint}
          hintId={fields.message.descriptionId}
          required
        >
          {(props) => (
            <textarea
              {...props}
              name={fields.message.name}
              defaultValue={(fields.message.initialValue as string | undefined) ?? ""}
              rows={8}
              required
              maxLength={replyMessageMaxLength}
            />
          )}
        </Field>
        <Button type="submit">{copy.send}</Button>
      </Form>
    </section>
  );
}
