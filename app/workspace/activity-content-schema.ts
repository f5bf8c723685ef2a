import { z } from "zod";
import { text } from "#app/site/content-schema.ts";
import { auditActions } from "./audit-actions.ts";

const oneAndMore = z.object({ one: text, other: text });

export const ActivitySchema = z.object({
  meetings: z.object({
    booked: text,
    moved: text.includes("{time}"),
    movedFromUnknown: text,
    past: text,
    cancelled: z.object({ visitor: text, team: text, erasure: text, unknown: text }),
    filter: z.object({ label: text, any: text, upcoming: text, past: text, cancelled: text }),
    takesPlace: text,
    video: text,
    noVideo: text,
  }),
  agenda: z.object({
    title: text,
    intro: text,
    today: text,
    tomorrow: text,
    empty: text,
    join: text,
    with: text,
    link: text,
  }),
  mail: z.object({
    kinds: z.object({
      notification: text,
      receipt: text,
      invitation: text,
      update: text,
      cancellation: text,
      reminder: text,
      "staff-invitation": text,
      alert: text,
      unknown: text,
    }),
    roles: z.object({ team: text, visitor: text, applicant: text, staff: text }),
    entry: text.includes("{kind}").includes("{role}"),
    attempts: text,
    lastError: text,
  }),
  history: z.object({
    title: text,
    intro: text,
    received: text,
    mail: text,
    webhook: text,
    cancelled: text,
    retry: text,
    redeliver: text,
  }),
  changed: z.object({
    progress: text.includes("{state}"),
    note: text,
    noteCleared: text,
    spam: text,
    "not-spam": text,
    "retry-mail": text,
    "redeliver-webhooks": text,
  }),
  audit: z.object({
    intro: text,
    columns: z.object({ at: text, who: text, what: text }),
    submission: text,
    deleted: z.object({ erasure: text, retention: text, unknown: text }),
    removedPerson: text,
    thisOne: text,
    unknownFile: text,
    file: text,
    sentences: z.record(z.enum(auditActions), text),
    noteCleared: text,
    notificationSent: text,
    signInHow: z.object({ passkey: text, openid: text, enrolment: text }),
    refusedBecause: z.record(z.string(), text),
    named: text,
    exported: text,
    exportedSearch: text,
    kinds: z.object({ contact: oneAndMore, application: oneAndMore, meeting: oneAndMore, any: oneAndMore }),
    states: z.object({ open: text, new: text, in_progress: text, done: text, spam: text, all: text }),
    detail: text,
  }),
  timeZone: z.object({ title: text, intro: text, label: text, save: text, saved: text, invalid: text, unset: text }),
});

export type ActivityContent = z.infer<typeof ActivitySchema>;
