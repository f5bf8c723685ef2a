import { z } from "zod";
import { text } from "#app/site/content-schema.ts";

/** Copy that stands in for values: each `{name}` must be in it. */
const withPlaceholders = (...names: string[]) =>
  names.reduce(
    (schema, name) => schema.refine((value) => value.includes(`{${name}}`), { message: `must contain {${name}}` }),
    text,
  );

const table = z.object({ title: text, empty: text });

/** The workspace's analytics dashboard and the 24-hour promise (issue 34). */
export const AnalyticsContentSchema = z.object({
  navigation: text,
  reply: z.object({
    title: text,
    owner: text,
    nobody: text,
    take: text,
    assign: text,
    replied: text,
    repliedHint: text,
    due: withPlaceholders("time"),
    late: withPlaceholders("time"),
    repliedAfter: withPlaceholders("time"),
    repliedLate: withPlaceholders("time"),
    ownedBy: withPlaceholders("email"),
    form: z.object({
      title: text,
      intro: withPlaceholders("email"),
      subject: text,
      subjectPrefix: text,
      message: text,
      messageHint: text,
      send: text,
      errors: z.object({ subject: text, message: text, tooLong: text, summary: text, noAddress: text }),
    }),
    reminder: z.object({
      subject: withPlaceholders("hours"),
      text: withPlaceholders("hours", "promise", "link"),
      owner: text,
      team: text,
    }),
  }),
  dashboard: z.object({
    title: text,
    intro: text,
    adminsAndAllowed: text,
    range: z.object({
      legend: text,
      last: withPlaceholders("days"),
      from: text,
      to: text,
      show: text,
      hint: text,
      badRange: text,
    }),
    showing: withPlaceholders("from", "to"),
    export: text,
    summary: z.object({
      views: text,
      visits: text,
      sent: text,
      up: withPlaceholders("percent", "days"),
      down: withPlaceholders("percent", "days"),
      same: withPlaceholders("days"),
      noneBefore: withPlaceholders("days"),
      visitsHint: text,
    }),
    overTime: z.object({
      title: text,
      chart: withPlaceholders("from", "to"),
      day: text,
      daily: text,
      legendViews: text,
      legendVisits: text,
    }),
    columns: z.object({ views: text, visits: text }),
    pages: table.extend({ column: text }),
    referrers: table.extend({ column: text }),
    campaigns: table.extend({ source: text, medium: text, campaign: text, none: text }),
    devices: table.extend({ column: text, names: z.object({ mobile: text, tablet: text, desktop: text }) }),
    funnels: table.extend({
      form: text,
      views: text,
      submissions: text,
      rate: text,
      forms: z.object({
        contact: text,
        meeting: text,
        application: withPlaceholders("posting"),
        general: text,
      }),
      note: text,
    }),
    heard: table.extend({ answer: text, count: text, none: text }),
    promise: table.extend({
      intro: text,
      chart: text,
      week: text,
      inquiries: text,
      kept: text,
      share: text,
      median: text,
      notYet: text,
      noInquiries: text,
    }),
    access: z.object({
      title: text,
      intro: text,
      allow: text,
      remove: text,
      allowed: text,
      notAllowed: text,
      none: text,
    }),
    forbidden: text,
  }),
});

export type AnalyticsContent = z.infer<typeof AnalyticsContentSchema>;
