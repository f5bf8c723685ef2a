import type { SubmissionResult } from "@conform-to/react";
import type { CareersContent } from "./careers-content-schema.ts";
import { applicationFormSchema, applicationLimits, resumeUploads } from "./application-schema.ts";
import { Card } from "#app/ui/card.tsx";
import { Field, FieldErrors, Fieldset, FileField, RequiredMark } from "#app/ui/field.tsx";
import { FormAlert, GuardFields, SubmitWithPrivacyNote, TextField, useSiteForm } from "#app/forms/form-parts.tsx";
import { pages } from "#app/site/pages.ts";
import { fillMessage } from "#app/forms/field-rules.ts";

const checkboxClasses = "mt-1 size-5 shrink-0 accent-[var(--color-brand)]";

/** The job application form: the same schema here and in the action, working without JavaScript. */
export function ApplicationForm({
  content,
  futureOpeningsMonths,
  stamp,
  postingTitle,
  lastResult,
  formError,
}: {
  content: CareersContent["application"];
  /** How long an application is kept when its sender ticks the future-openings box (configured). */
  futureOpeningsMonths: number;
  stamp: string;
  /** The posting's title as this form shows it, sent with it (null: a general application). */
  postingTitle?: string | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  formError: string | null | undefined;
}) {
  const site = useSiteForm({
    id: "application-form",
    schema: applicationFormSchema,
    lastResult,
  });
  const { form, fields, control, value, formProps, sending, focusAlert } = site;
  // The server sent the form back: the file chosen before is gone (without JavaScript).
  const cameBack = Boolean(lastResult || formError);
  // The promise names the configured period, the one the purge keeps.
  const labels = {
    ...content.fields,
    futureConsent: fillMessage(content.fields.futureConsent, { months: futureOpeningsMonths }),
  };
  const text = (name: "firstName" | "lastName" | "location", autoComplete: string, required = false) => (
    <TextField
      form={site}
      name={name}
      label={labels[name]}
      required={required}
      type="text"
      autoComplete={autoComplete}
      spellCheck={false}
      maxLength={applicationLimits.line}
    />
  );
  const link = (name: "linkedin" | "github" | "portfolio") => (
    <TextField
      form={site}
      name={name}
      label={labels[name]}
      hint={content.urlHints[name]}
      type="text"
      inputMode="url"
      autoComplete="url"
      spellCheck={false}
      maxLength={applicationLimits.link}
    />
  );
  const checkbox = (name: "consent" | "futureConsent", required: boolean) => (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={fields[name].id}
          {...control(name)}
          type="checkbox"
          value="on"
          defaultChecked={value(name) === "on"}
          required={required}
          aria-invalid={fields[name].errors?.length ? true : undefined}
          aria-describedby={fields[name].errors?.length ? fields[name].errorId : undefined}
          className={checkboxClasses}
        />
        <label htmlFor={fields[name].id}>
          {labels[name]}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      {fields[name].errors?.length ? <FieldErrors id={fields[name].errorId} errors={fields[name].errors} /> : null}
    </div>
  );

  return (
    <Card className="p-6 sm:p-8">
      <p className="mb-6 text-sm text-ink-muted">{content.requiredNote}</p>
      <FormAlert id={form.errorId} messages={[formError, ...(form.errors ?? [])]} focus={focusAlert} />
      <form method="post" encType="multipart/form-data" {...formProps} className="space-y-10">
        <GuardFields stamp={stamp} />
        {postingTitle && <input type="hidden" name="postingTitle" value={postingTitle} />}
        <Fieldset legend={content.sections.you}>
          {text("firstName", "given-name", true)}
          {text("lastName", "family-name", true)}
          <TextField
            form={site}
            name="email"
            label={labels.email}
            required
            type="email"
            autoComplete="email"
            maxLength={applicationLimits.email}
          />
          <TextField
            form={site}
            name="phone"
            label={labels.phone}
            type="tel"
            autoComplete="tel"
            maxLength={applicationLimits.phone}
          />
          <div className="sm:col-span-2">{text("location", "address-level2")}</div>
        </Fieldset>
        <Fieldset legend={content.sections.links}>
          {link("linkedin")}
          {link("github")}
          <div className="sm:col-span-2">{link("portfolio")}</div>
        </Fieldset>
        <Fieldset legend={content.sections.documents}>
          <div className="sm:col-span-2">
            <FileField
              id={fields.resume.id}
              errorId={fields.resume.errorId}
              hintId={fields.resume.descriptionId}
              label={labels.resume}
              required
              hint={content.resumeHint}
              errors={fields.resume.errors}
              chosenLabel={content.chosenFiles}
              chooseAgain={cameBack ? content.chooseFilesAgain : null}
              input={{ ...control("resume"), accept: resumeUploads.accept, required: true }}
            />
          </div>
          <div className="sm:col-span-2">
            <Field
              id={fields.coverNote.id}
              errorId={fields.coverNote.errorId}
              label={labels.coverNote}
              errors={fields.coverNote.errors}
            >
              {(props) => (
                <textarea
                  {...props}
                  {...control("coverNote")}
                  defaultValue={value("coverNote")}
                  rows={6}
                  maxLength={applicationLimits.coverNote}
                />
              )}
            </Field>
          </div>
        </Fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-4 font-display text-heading">{content.sections.consent}</legend>
          {checkbox("consent", true)}
          {checkbox("futureConsent", false)}
        </fieldset>
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
