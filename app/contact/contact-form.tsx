import type { SubmissionResult } from "@conform-to/react";
import type { ContactContent } from "./contact-content-schema.ts";
import { contactFormSchema, contactLimits, contactUploads } from "./contact-schema.ts";
import { Card } from "#app/ui/card.tsx";
import { Field, Fieldset, FileField } from "#app/ui/field.tsx";
import { FormAlert, GuardFields, SubmitWithPrivacyNote, useSiteForm } from "#app/forms/form-parts.tsx";
import { pages } from "#app/site/pages.ts";

/**
 * The contact form of the brief. One schema validates it here and in the route action; without
 * JavaScript the browser's own checks and the server's apply, and the server sends the page back
 * with every value and error in place.
 */
export function ContactForm({
  content,
  stamp,
  lastResult,
  formError,
}: {
  content: ContactContent["form"];
  stamp: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  formError: string | null | undefined;
}) {
  const { form, fields, control, value, formProps, sending, focusAlert } = useSiteForm({
    id: "contact-form",
    schema: contactFormSchema,
    lastResult,
  });
  const { fields: labels } = content;
  // The server sent the form back: files chosen before are gone (without JavaScript).
  const cameBack = Boolean(lastResult || formError);

  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-2xl font-extrabold tracking-tight">{content.title}</h2>
      <p className="mt-2 mb-6 text-sm text-ink-muted">{content.requiredNote}</p>
      <FormAlert id={form.errorId} messages={[formError, ...(form.errors ?? [])]} focus={focusAlert} />
      <form method="post" encType="multipart/form-data" {...formProps} className="space-y-10">
        <GuardFields stamp={stamp} />
        <Fieldset legend={content.sections.you}>
          <Field
            id={fields.name.id}
            errorId={fields.name.errorId}
            label={labels.name.label}
            required
            errors={fields.name.errors}
          >
            {(props) => (
              <input
                {...props}
                {...control("name")}
                defaultValue={value("name")}
                type="text"
                autoComplete="name"
                spellCheck={false}
                required
                maxLength={contactLimits.name}
              />
            )}
          </Field>
          <Field
            id={fields.email.id}
            errorId={fields.email.errorId}
            label={labels.email.label}
            required
            errors={fields.email.errors}
          >
            {(props) => (
              <input
                {...props}
                {...control("email")}
                defaultValue={value("email")}
                type="email"
                autoComplete="email"
                required
                maxLength={contactLimits.email}
              />
            )}
          </Field>
          <Field
            id={fields.phone.id}
            errorId={fields.phone.errorId}
            label={labels.phone.label}
            errors={fields.phone.errors}
          >
            {(props) => (
              <input
                {...props}
                {...control("phone")}
                defaultValue={value("phone")}
                type="tel"
                autoComplete="tel"
                maxLength={contactLimits.phone}
              />
            )}
          </Field>
          <Field
            id={fields.company.id}
            errorId={fields.company.errorId}
            label={labels.company.label}
            errors={fields.company.errors}
          >
            {(props) => (
              <input
                {...props}
                {...control("company")}
                defaultValue={value("company")}
                type="text"
                autoComplete="organization"
                spellCheck={false}
                maxLength={contactLimits.company}
              />
            )}
          </Field>
        </Fieldset>
        <Fieldset legend={content.sections.project}>
          <div className="sm:col-span-2">
            <Field
              id={fields.project.id}
              errorId={fields.project.errorId}
              label={labels.project.label}
              required
              errors={fields.project.errors}
            >
              {(props) => (
                <textarea
                  {...props}
                  {...control("project")}
                  defaultValue={value("project")}
                  rows={4}
                  required
                  maxLength={contactLimits.project}
                />
              )}
            </Field>
          </div>
          <Field
            id={fields.budget.id}
            errorId={fields.budget.errorId}
            label={labels.budget.label}
            required
            errors={fields.budget.errors}
          >
            {(props) => (
              <select {...props} {...control("budget")} defaultValue={value("budget") ?? ""} required>
                <option value="">{content.budgetPlaceholder}</option>
                {content.budgets.map((budget) => (
                  <option key={budget.value} value={budget.value}>
                    {budget.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {/* A row of its own: beside the budget, the browser's "No file chosen" was cut at 1280 px. */}
          <div className="sm:col-span-2">
            <FileField
              id={fields.attachments.id}
              errorId={fields.attachments.errorId}
              hintId={fields.attachments.descriptionId}
              label={labels.attachments.label}
              hint={`${labels.attachments.hint ?? ""} ${content.attachmentLimits}`.trim()}
              errors={fields.attachments.errors}
              chosenLabel={content.chosenFiles}
              chooseAgain={cameBack ? content.chooseFilesAgain : null}
              input={{ ...control("attachments"), multiple: true, accept: contactUploads.accept }}
            />
          </div>
        </Fieldset>
        <Fieldset legend={content.sections.more}>
          <div className="sm:col-span-2">
            <Field
              id={fields.source.id}
              errorId={fields.source.errorId}
              label={labels.source.label}
              errors={fields.source.errors}
            >
              {(props) => (
                <input
                  {...props}
                  {...control("source")}
                  defaultValue={value("source")}
                  type="text"
                  maxLength={contactLimits.source}
                />
              )}
            </Field>
          </div>
        </Fieldset>
        <SubmitWithPrivacyNote
          sending={sending}
          label={content.submit}
          sendingLabel={content.submitting}
          privacyNote={content.privacyNote}
          privacyHref={pages.privacy.path}
        />
      </form>
    </Card>
  );
}
