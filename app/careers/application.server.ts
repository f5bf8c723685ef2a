import { env } from "#app/platform/env.server.ts";
import { careers } from "./careers-content.ts";
import type { JobPosting } from "./careers-content-schema.ts";
import { ApplicationFormSchema, resumeUploads } from "./application-schema.ts";
import { formatSalaryRange } from "./salary-range.ts";
import { applyPath } from "./jobs.ts";
import { handleFormPost } from "#app/forms/form-submission.server.ts";
import { buildNotification } from "#app/forms/notification.server.ts";
import { submissionPagePath } from "#app/forms/submission-fields.ts";

/** A job application, for one posting or (without a job) a general one: the contact pipeline. */
export function submitApplication(request: Request, job: JobPosting | undefined) {
  const { fields: labels } = careers.application;
  return handleFormPost({
    request,
    schema: ApplicationFormSchema,
    purpose: "application",
    filesField: "resume",
    uploads: resumeUploads,
    messages: careers.application.errors,
    successPath: `${applyPath(job)}?sent=1`,
    toSubmission: (value) => {
      const name = `${value.firstName} ${value.lastName}`;
      const position = job ? job.title : "General application";
      return {
        kind: "application",
        jobSlug: job?.slug ?? null,
        fields: {
          firstName: value.firstName,
          lastName: value.lastName,
          email: value.email,
          phone: value.phone ?? null,
          location: value.location ?? null,
          linkedin: value.linkedin ?? null,
          github: value.github ?? null,
          portfolio: value.portfolio ?? null,
          coverNote: value.coverNote ?? null,
          consent: "yes",
          futureConsent: value.futureConsent ? "yes" : "no",
        },
        notification: ({ id, files }) =>
          buildNotification({
            recipient: env.CAREERS_EMAIL ?? env.CONTACT_EMAIL,
            replyTo: value.email,
            subject: `Application: ${position}, ${name}`,
            intro: `A new application arrived (reference ${id}). Reply to this e-mail to answer the applicant.`,
            rows: [
              ["Position", job ? `${job.title} (${job.department}, ${job.location}, ${formatSalaryRange(job.salary)})` : position],
              [labels.firstName, value.firstName],
              [labels.lastName, value.lastName],
              [labels.email, value.email],
              [labels.phone, value.phone],
              [labels.location, value.location],
              [labels.linkedin, value.linkedin],
              [labels.github, value.github],
              [labels.portfolio, value.portfolio],
              ["Keep for future openings", value.futureConsent ? "yes" : "no"],
            ],
            longText: value.coverNote ? { label: labels.coverNote, value: value.coverNote } : undefined,
            files,
            link: `${env.SITE_URL}${submissionPagePath(id)}`,
          }),
      };
    },
  });
}
