import { z } from "zod";

const text = z.string().trim().min(1);
/** Copy that stands in for a value: `{time}` and `{reference}` must be in it. */
const withPlaceholders = (...names: string[]) =>
  names.reduce(
    (schema, name) => schema.refine((value) => value.includes(`{${name}}`), { message: `must contain {${name}}` }),
    text,
  );
const receiptKind = z.object({
  subject: text.max(120),
  received: withPlaceholders("time", "reference"),
  promise: text,
  nextStepsTitle: text.optional(),
  nextSteps: z.array(text).optional(),
});

/** What a visitor and the team's chat get after a submission (app/forms/receipts.server.ts, webhook-events.server.ts). */
export const LeadsSchema = z.object({
  receipt: z.object({
    companyName: text,
    greeting: text,
    contact: receiptKind.required({ nextStepsTitle: true, nextSteps: true }),
    application: receiptKind,
    reply: text,
    notYou: text,
    signature: text,
  }),
  chat: z.object({
    kinds: z.object({ contact: text, application: text, meeting: text }),
    created: withPlaceholders("kind"),
    cancelled: text,
    overdue: withPlaceholders("hours"),
    open: text,
  }),
});

export type LeadsContent = z.infer<typeof LeadsSchema>;
