import * as z from "zod/mini";
import { formSchema, emailAddress, emailMaxLength, longText, singleLine } from "#app/forms/field-rules.ts";
import { isTimeZoneName } from "#app/platform/time-zones.ts";
import { booking } from "./booking-content.ts";

// The booking form's one schema, for Conform in the browser and the route action on the
// server. Whether the chosen time is bookable and free is for the server alone (the free-times
// rules and the database's claims): here only its form. Built on first use (formSchema).

const { errors } = booking.form;

const line = (max: number, message?: string) =>
  singleLine({ max, message, tooLong: errors.tooLong, lineMessage: errors.singleLine });

/** The longest each text field may be: the schema checks it, the form's inputs carry it (maxLength). */
export const bookingLimits = { name: 100, email: emailMaxLength, company: 200, topic: 1000 } as const;

/** Not 30 February: a date and time that exist (Date rolls impossible ones over, which shows). */
function isRealInstant(text: string) {
  const date = new Date(text);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 16) === text.slice(0, 16);
}

export const bookingFormSchema = formSchema({
  // An instant in UTC, as the free-times engine writes it: 2026-06-02T16:00:00Z.
  start: () =>
    z
      .string({ error: errors.time })
      .check(
        z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/, { error: errors.time }),
        z.refine(isRealInstant, { error: errors.time }),
      ),
  // The visitor's zone, for the confirmation and the team's note of their time.
  tz: () => z.string().check(z.maxLength(64), z.refine(isTimeZoneName, { error: errors.malformed })),
  name: () => line(bookingLimits.name, errors.name).check(z.minLength(1, { error: errors.name })),
  email: () => emailAddress({ message: errors.email, tooLong: errors.tooLong }),
  company: () => z.optional(line(bookingLimits.company)),
  topic: () => z.optional(longText({ max: bookingLimits.topic, tooLong: errors.tooLong })),
});

export type BookingForm = z.infer<ReturnType<typeof bookingFormSchema>>;
