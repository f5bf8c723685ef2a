import { z } from "zod";
import { FormErrorsSchema } from "#app/forms/form-errors-schema.ts";
import { PageMetaSchema, text } from "#app/site/content-schema.ts";

const FieldSchema = z.object({ label: text, hint: z.string().optional() });

export const BookingSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: text, intro: text, booked: z.object({ headline: text, intro: text }) }),
  zone: z.object({
    /** `{zone}`: the zone as people name it ("Central European Time (Berlin)"). */
    current: text,
    label: text,
    change: text,
    unknown: text,
  }),
  calendar: z.object({
    title: text,
    hint: text,
    /** A bookable day's accessible name: `{day}` (weekday and date) and `{count}`. */
    oneFree: text,
    manyFree: text,
    noneFree: text,
    badDay: text,
    /** The links to the month before and after: `{month}`, its name. */
    previous: text,
    next: text,
  }),
  times: z.object({
    /** Where the times come, before a day is chosen. */
    title: text,
    /** `{day}`: weekday and date. */
    heading: text,
    legend: text,
    pickDay: text,
    none: text,
    /** Above the times: `{zone}` they are in, and `{ourZone}` when ours are shown under each. */
    shownIn: text,
    shownInWithOurs: text,
    /** The link up to the zone's form. */
    changeZone: text,
    /** A time's accessible name with ours: `{time}` (the visitor's, in full) and `{ours}` ("9:00 AM PDT"). */
    withOurs: text,
  }),
  form: z.object({
    fields: z.object({ name: FieldSchema, email: FieldSchema, company: FieldSchema, topic: FieldSchema }),
    submit: text,
    privacyNote: z.object({ text: text, linkLabel: text }),
    submitting: text,
    requiredNote: text,
    /** In place of the details until a time is chosen. */
    detailsAfterTime: text,
    errors: z
      .object({
        name: text,
        email: text,
        time: text,
        taken: text,
        dayFull: text,
        notBookable: text,
      })
      .extend(FormErrorsSchema.shape),
  }),
  confirmation: z.object({ title: text, message: text, yourTime: text, ourTime: text, another: text }),
  /** The confirmation's and the manage page's links that put the meeting in the visitor's calendar. */
  addToCalendar: z.object({ title: text, download: text, google: text, outlook: text, office: text }),
  /** The manage page a visitor reaches from the link in their invitation. */
  manage: z.object({
    meta: PageMetaSchema,
    headline: text,
    intro: text,
    cancelledHeadline: text,
    cancelledIntro: text,
    movedNotice: text,
    cancel: z.object({ title: text, text: text, button: text, question: text, confirm: text, keep: text }),
    reschedule: z.object({ title: text, text: text, button: text }),
    bookAnother: text,
    gone: z.object({ title: text, message: text }),
    errors: z.object({
      taken: text,
      dayFull: text,
      notBookable: text,
      time: text,
      cancelled: text,
      rateLimited: text,
      unavailable: text,
    }),
  }),
  /**
   * The e-mails about a meeting. `{company}`, `{time}` (in the reader's zone), `{ourTime}`,
   * `{video}`, `{manage}`, `{booking}` (the booking page), `{name}` (the visitor, team mail only).
   */
  mail: z.object({
    summary: text,
    teamSummary: text,
    /** Lines of the calendar event's description, and of the e-mails. */
    description: z.object({ video: text, noVideo: text, manage: text }),
    visitor: z.object({
      booked: z.object({ subject: text, lines: z.array(text) }),
      moved: z.object({ subject: text, lines: z.array(text) }),
      cancelled: z.object({ subject: text, lines: z.array(text) }),
      reminder: z.object({ subject: text, lines: z.array(text) }),
    }),
    team: z.object({
      moved: z.object({ subject: text, lines: z.array(text) }),
      /** Moved by someone in the workspace, not by the visitor. */
      movedByTeam: z.object({ subject: text, lines: z.array(text) }),
      cancelled: z.object({ subject: text, lines: z.array(text) }),
      erased: z.object({ subject: text, lines: z.array(text) }),
    }),
  }),
  /** Refusing a visitor who already has as many meetings to come as one address may hold. */
  tooMany: text,
});

export type BookingContent = z.infer<typeof BookingSchema>;
