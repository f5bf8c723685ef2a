import type { SubmissionResult } from "@conform-to/react";
import type { ContactContent } from "./contact-content-schema.ts";
import { contactFormSchema, contactLimits, contactUploads } from "./contact-schema.ts";
import { Card } from "#app/ui/card.tsx";
import { Field, Fieldset, FileField } from "#app/ui/field.tsx";
import { FormAlert, GuardFields, SubmitWithPrivacyNote, TextField, useSiteForm } from "#app/forms/form-parts.tsx";
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
  const site = useSiteForm({
    id: "contact-form",
    schema: contactFormSchema,
    lastResult,
  });
  const { form, fields, control, value, formProps, sending, focusAlert } = site;
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
          <TextField
            form={site}
            name="name"
            label={labels.name.label}
            required
            type="text"
            autoComplete="name"
            spellCheck={false}
            maxLength={contactLimits.name}
          />
          <TextField
            form={site}
            name="email"
            label={labels.email.label}
            required
            type="email"
            autoComplete="email"
            maxLength={contactLimits.email}
          />
          <TextField
            form={site}
            name="phone"
            label={labels.phone.label}
            type="tel"
            autoComplete="tel"
            maxLength={contactLimits.phone}
          />
          <TextField
            form={site}
            name="company"
            label={labels.company.label}
            type="text"
            autoComplete="organization"
            spellCheck={false}
            maxLength={contactLimits.company}
          />
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
            <TextField
              form={site}
              name="source"
              label={labels.source.label}
              type="text"
              maxLength={contactLimits.source}
            />
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
