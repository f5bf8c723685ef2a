import type { SubmissionResult } from "@conform-to/react";
import { FormAlert, GuardFields, SubmitWithPrivacyNote, TextField, useSiteForm } from "#app/forms/form-parts.tsx";
import { pages } from "#app/site/pages.ts";
import { Field, FieldErrors, RequiredMark } from "#app/ui/field.tsx";
import { TimeOption, type TimeSlot } from "./time-option.tsx";
import type { BookingContent } from "./booking-content-schema.ts";
import { bookingFormSchema, bookingLimits } from "./booking-schema.ts";
import { bookingHref } from "./booking-links.ts";

export type DaySlots = { date: string; name: string; slots: TimeSlot[] };

/**
 * A day's free times as radio buttons (each label names weekday, date, time and zone), then the
 * visitor's details. Posts through the forms' pipeline; the server's answer comes back with every
 * value and error in place. Hydrated (an island, decision 028), it checks as the visitor types.
 * The page is already in the browser's zone by then (booking-page.tsx).
 */
export function BookingForm({
  content,
  timesContent,
  day,
  zone,
  zoneChosen,
  stamp,
  lastResult,
  formError,
}: {
  content: BookingContent["form"];
  timesContent: BookingContent["times"];
  day: DaySlots;
  zone: string;
  /** Whether the address carries the zone: the form posts back to the same times. */
  zoneChosen: boolean;
  stamp: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  formError: string | null | undefined;
}) {
  const site = useSiteForm({
    id: "booking-form",
    schema: bookingFormSchema,
    lastResult,
  });
  const { form, fields, control, value, formProps, sending, focusAlert } = site;
  const { fields: labels } = content;
  const chosen = value("start");
  const startErrors = fields.start.errors;

  return (
    <>
      <FormAlert id={form.errorId} messages={[formError, ...(form.errors ?? [])]} focus={focusAlert} />
      {/* Posted to the page's address without its #times: the answer, if it is this page again, opens with its message focused. */}
      <form
        method="post"
        action={bookingHref({ day: day.date, tz: zoneChosen ? zone : null })}
        encType="multipart/form-data"
        {...formProps}
        className="booking-form space-y-8"
      >
        <GuardFields stamp={stamp} />
        <input type="hidden" name="tz" value={zone} />
        <fieldset aria-describedby={startErrors?.length ? fields.start.errorId : undefined}>
          <legend className="mb-3 font-bold">
            {timesContent.legend.replace("{day}", day.name)}
            <RequiredMark />
          </legend>
          {day.slots.length ? (
            <ul className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2">
              {day.slots.map((slot, index) => (
                <li key={slot.start}>
                  <TimeOption
                    time={slot}
                    {...control("start")}
                    autoFocus={index === 0 ? control("start").autoFocus : undefined}
                    defaultChecked={chosen === slot.start}
                    required
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-ink-muted">{timesContent.none}</p>
          )}
          {startErrors?.length ? <FieldErrors id={fields.start.errorId} errors={startErrors} /> : null}
        </fieldset>

        {/* The details once a time is chosen (app.css): no empty fields beside the times. CSS, so without JavaScript too. */}
        <div className="booking-details space-y-8">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              form={site}
              name="name"
              label={labels.name.label}
              required
              type="text"
              autoComplete="name"
              spellCheck={false}
              maxLength={bookingLimits.name}
            />
            <TextField
              form={site}
              name="email"
              label={labels.email.label}
              required
              type="email"
              autoComplete="email"
              maxLength={bookingLimits.email}
            />
            <div className="sm:col-span-2">
              <TextField
                form={site}
                name="company"
                label={labels.company.label}
                type="text"
                autoComplete="organization"
                spellCheck={false}
                maxLength={bookingLimits.company}
              />
            </div>
            <div className="sm:col-span-2">
              <Field
                id={fields.topic.id}
                errorId={fields.topic.errorId}
                hintId={fields.topic.descriptionId}
                label={labels.topic.label}
                hint={labels.topic.hint}
                errors={fields.topic.errors}
              >
                {(props) => (
                  <textarea
                    {...props}
                    {...control("topic")}
                    defaultValue={value("topic")}
                    rows={4}
                    maxLength={bookingLimits.topic}
                  />
                )}
              </Field>
            </div>
          </div>
          <p className="text-sm text-ink-muted">{content.requiredNote}</p>
          <SubmitWithPrivacyNote
            sending={sending}
            label={content.submit}
            sendingLabel={content.submitting}
            privacyNote={content.privacyNote}
            privacyHref={pages.privacy.path}
          />
        </div>
        {/* Last, so that the form's spacing leaves nothing below it while the details are hidden. */}
        {day.slots.length ? <p className="booking-details-pending text-ink-muted">{content.detailsAfterTime}</p> : null}
      </form>
    </>
  );
}
