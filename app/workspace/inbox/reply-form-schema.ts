import { z } from "zod";
import { analyticsCopy } from "../insights/analytics-content.ts";
import { replyMessageMaxLength, replySubjectMaxLength } from "../shell/workspace-limits.ts";

// The reply form of an inquiry's page (issue 34): one schema for the browser (Conform) and the
// action. Conform gives an empty field as undefined, hence the messages for a missing value.

const { errors } = analyticsCopy.reply.form;

export const ReplyFormSchema = z.object({
  subject: z
    .string({ error: errors.subject })
    .trim()
    .min(1, errors.subject)
    .max(replySubjectMaxLength, errors.tooLong)
    .refine((value) => !/[\r\n]/.test(value), errors.subject),
  message: z.string({ error: errors.message }).trim().min(1, errors.message).max(replyMessageMaxLength, errors.tooLong),
});

export type ReplyForm = z.infer<typeof ReplyFormSchema>;
